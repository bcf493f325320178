import { withoutControlCharacters } from '@cloudclip/contract';
import type { UrlInfo } from '@cloudclip/contract';
import type { Readable } from 'node:stream';
import { HttpError } from '../http/http-error';
import { sniffContentType } from '../lib/content-sniff';
import { DEFAULT_MIME_TYPE, essence, extensionForMimeType, mimeTypeForFilename } from '../lib/mime-types';
import { isSafeFetchError, parseHttpUrl, type SafeHttpClient, type SafeResponse } from '../lib/safe-http';
import type { Clock } from '../lib/time';
import { baseFileName } from './file-keys';
import { MAX_FILENAME_LENGTH } from './file-share-rules';
import type { SystemService } from './system-service';

/** Bytes read for the GET fallback and for content sniffing (contract §5.8: a 1 KB range request). */
export const PROBE_BYTES = 1024;

/** Response headers the URL proxy passes on (hop-by-hop, cookies and CORS headers are not). */
export const PROXIED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'last-modified',
  'etag',
  'content-disposition',
  'cache-control',
  'expires',
] as const;

function fetchError(error: unknown): unknown {
  if (!isSafeFetchError(error)) return error;
  switch (error.code) {
    case 'invalid-url':
      return new HttpError(400, 'url.invalid', { cause: error });
    case 'forbidden-address':
      return new HttpError(400, 'url.forbiddenAddress', { cause: error });
    case 'too-many-redirects':
      return new HttpError(400, 'url.tooManyRedirects', { cause: error });
    case 'timeout':
      return new HttpError(400, 'url.timeout', { cause: error });
    default:
      return new HttpError(400, 'url.unreachable', { cause: error });
  }
}

function header(response: SafeResponse | undefined, name: string): string | undefined {
  const value = response?.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Reads at most `limit` bytes of a body, then closes it. */
async function readHead(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      total += buffer.length;
      if (total >= limit) break;
    }
  } catch {
    // a broken body still leaves what arrived
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/** `filename*=` (RFC 5987) or `filename=` of a Content-Disposition header. */
export function filenameFromContentDisposition(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(value);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;\s]+)/i.exec(value);
  if (!plain) return undefined;
  return (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1])?.trim() || undefined;
}

/** The name a remote file is stored under: base name, no control characters, at most the filename limit. */
export function cleanFilename(name: string | undefined): string | undefined {
  const base = baseFileName(withoutControlCharacters(name ?? '')).trim();
  if (base === '' || base === '.' || base === '..') return undefined;
  return Array.from(base).slice(0, MAX_FILENAME_LENGTH).join('');
}

/** Total size from `Content-Range: bytes a-b/total`, or undefined. */
function totalFromContentRange(value: string | undefined): number | undefined {
  const match = value ? /\/(\d+)\s*$/.exec(value) : null;
  return match ? Number(match[1]) : undefined;
}

function lengthOf(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

export interface UrlImportRemoteDeps {
  system: Pick<SystemService, 'urlImportAllowPrivate'>;
  http: SafeHttpClient;
  clock: Clock;
}

/**
 * The remote side of URL import (contract §5.8): probing a remote file and the CORS proxy. Every
 * server-side fetch goes through the SSRF-guarded client (`SafeHttpClient`); the system setting
 * `url_import_allow_private` lifts the address checks.
 */
export class UrlImportRemote {
  constructor(private readonly deps: UrlImportRemoteDeps) {}

  private async fetch(url: URL, options: { method: 'GET' | 'HEAD'; headers?: Record<string, string> }): Promise<SafeResponse> {
    const allowPrivate = await this.deps.system.urlImportAllowPrivate();
    try {
      return await this.deps.http.fetch(url, { ...options, allowPrivate });
    } catch (error) {
      throw fetchError(error);
    }
  }

  /** An http(s) URL, or the 400 of a bad one. */
  parseUrl(input: string): URL {
    try {
      return parseHttpUrl(input);
    } catch (error) {
      throw fetchError(error);
    }
  }

  /** POST /api/url/info: HEAD, a 1 KB ranged GET (fallback and content sniffing), derived name and type. */
  async info(input: string, origin?: string): Promise<UrlInfo> {
    const url = this.parseUrl(input);
    const headers: Record<string, string> = origin ? { origin } : {};

    let head: SafeResponse | undefined;
    try {
      head = await this.fetch(url, { method: 'HEAD', headers });
      head.body.destroy();
      if (!isOk(head.status)) head = undefined;
    } catch (error) {
      // Refused addresses and bad URLs are final; anything else falls back to GET.
      if (error instanceof HttpError && (error.messageKey === 'url.forbiddenAddress' || error.messageKey === 'url.invalid')) throw error;
    }

    let get: SafeResponse | undefined;
    let sample: Buffer | undefined;
    try {
      get = await this.fetch(url, { method: 'GET', headers: { ...headers, range: `bytes=0-${PROBE_BYTES - 1}` } });
      if (isOk(get.status)) sample = await readHead(get.body, PROBE_BYTES);
      else {
        get.body.destroy();
        if (!head) throw new HttpError(400, 'url.remoteError', { params: { status: get.status } });
        get = undefined;
      }
    } catch (error) {
      if (!head) throw error;
      get = undefined;
    }

    const source = head ?? (get as SafeResponse);
    let size: number | null = null;
    if (head) size = lengthOf(header(head, 'content-length')) ?? null;
    else if (get)
      size =
        get.status === 206
          ? (totalFromContentRange(header(get, 'content-range')) ?? null)
          : (lengthOf(header(get, 'content-length')) ?? null);

    const sniffed = sniffContentType(sample);
    const declared = essence(header(source, 'content-type'));
    const generic = declared === '' || declared === DEFAULT_MIME_TYPE || declared === 'binary/octet-stream';
    const contentType = sniffed && generic ? sniffed.mime : declared || sniffed?.mime || '';

    let filename = cleanFilename(filenameFromContentDisposition(header(source, 'content-disposition')));
    if (!filename) {
      let segment = '';
      try {
        segment = decodeURIComponent(new URL(source.url).pathname.split('/').pop() ?? '');
      } catch {
        segment = new URL(source.url).pathname.split('/').pop() ?? '';
      }
      filename = cleanFilename(segment);
    }
    if (!filename) {
      const extension = extensionForMimeType(contentType) ?? sniffed?.extension;
      const host = url.hostname.replace(/^\[|\]$/g, '').replace(/[^A-Za-z0-9-]/g, '_');
      filename = `${host}_${this.deps.clock().getTime()}${extension ? `.${extension}` : ''}`;
    }

    const info: UrlInfo = {
      url: url.toString(),
      filename,
      contentType: contentType || mimeTypeForFilename(filename),
      size,
      lastModified: header(source, 'last-modified') ?? null,
      method: sniffed ? 'ENHANCED' : head ? 'HEAD' : 'GET',
      corsSupported:
        header(source, 'access-control-allow-origin') !== undefined || header(get, 'access-control-allow-origin') !== undefined,
    };
    if (sniffed) {
      info.detectionMethod = 'magic-bytes';
      info.detectionConfidence = 'high';
      info.fileTypeLibraryUsed = false;
    }
    return info;
  }

  /** GET /api/url/proxy: the remote response (2xx only; 400 otherwise), body not yet read. */
  async proxy(input: string, range?: string): Promise<SafeResponse> {
    const url = this.parseUrl(input);
    const response = await this.fetch(url, { method: 'GET', headers: range ? { range } : {} });
    if (!isOk(response.status)) {
      response.body.destroy();
      throw new HttpError(400, 'url.remoteError', { params: { status: response.status } });
    }
    return response;
  }
}
