import { StorageError, type RangeRequest } from './storage-driver';

/**
 * Parses a `Range` request header. Only one `bytes=` range is honoured; anything else
 * (other units, several ranges, garbage) is ignored, which RFC 9110 allows: the full body is served.
 */
export function parseRangeHeader(header: string | undefined): RangeRequest | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffixLength: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  if (end < start) return undefined;
  return { start, end };
}

/** The inclusive byte span a range selects in an object of `size` bytes; null when unsatisfiable. */
export function resolveRange(range: RangeRequest, size: number): { start: number; end: number } | null {
  if ('suffixLength' in range) {
    if (range.suffixLength <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffixLength), end: size - 1 };
  }
  if (!Number.isInteger(range.start) || range.start < 0 || range.start >= size) return null;
  const end = range.end === undefined ? size - 1 : Math.min(range.end, size - 1);
  if (end < range.start) return null;
  return { start: range.start, end };
}

/**
 * What a read of `key` (`size` bytes) returns for an optional range request: the resolved span
 * (undefined = the whole object) and how many bytes that is. An unsatisfiable range throws
 * InvalidRange, as S3 answers it.
 */
export function readSpan(
  key: string,
  size: number,
  request: RangeRequest | undefined,
): { range: { start: number; end: number } | undefined; contentLength: number } {
  if (!request) return { range: undefined, contentLength: size };
  const range = resolveRange(request, size);
  if (!range) throw new StorageError('InvalidRange', `The range is not satisfiable for ${key} (${size} bytes)`);
  return { range, contentLength: range.end - range.start + 1 };
}

/** The `Range` header value for a range request (S3 requests). */
export function formatRangeHeader(range: RangeRequest): string {
  if ('suffixLength' in range) return `bytes=-${range.suffixLength}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

/** Parses `Content-Range: bytes 0-9/100`. */
export function parseContentRange(value: string | undefined): { start: number; end: number; size: number } | undefined {
  if (!value) return undefined;
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value.trim());
  if (!match) return undefined;
  const size = match[3] === '*' ? NaN : Number(match[3]);
  return { start: Number(match[1]), end: Number(match[2]), size };
}
