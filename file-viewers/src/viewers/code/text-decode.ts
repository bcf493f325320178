import { ViewerError } from '../../errors';
import { joinBytes } from '../../source';

/** The bytes looked at to tell text from binary. */
export const SNIFF_BYTES = 8 * 1024;

/**
 * Binary, not text: NUL bytes, at least one per KB of the sample (the first 8 KB). Text files have
 * none; compressed or executable data has about four per KB; UTF-16 (without its BOM) has one in
 * two bytes.
 */
export function looksBinary(sample: Uint8Array): boolean {
  const length = Math.min(sample.length, SNIFF_BYTES);
  if (length === 0) return false;
  let nul = 0;
  for (let i = 0; i < length; i += 1) if (sample[i] === 0) nul += 1;
  return nul >= Math.max(1, Math.floor(length / 1024));
}

/** The encoding the first bytes announce (a BOM), else UTF-8. */
export function encodingOf(first: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (first[0] === 0xff && first[1] === 0xfe) return 'utf-16le';
  if (first[0] === 0xfe && first[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/**
 * Bytes in, text out, chunk by chunk: holds the first 8 KB back until it can tell text from binary
 * (ViewerError 'unsupported'), then decodes with TextDecoder in stream mode (a character split
 * across two chunks comes out whole; a BOM is dropped). Refuses (ViewerError 'too-large') more than
 * `maxBytes`.
 */
export class ChunkDecoder {
  private decoder: TextDecoder | null = null;
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private total = 0;

  constructor(private readonly maxBytes = Infinity) {}

  /** Bytes read so far. */
  get bytes(): number {
    return this.total;
  }

  /** The text of `bytes` ('' while the first 8 KB are held back). */
  push(bytes: Uint8Array): string {
    this.total += bytes.byteLength;
    if (this.total > this.maxBytes) throw new ViewerError('too-large');
    if (this.decoder) return this.decoder.decode(bytes, { stream: true });
    this.held.push(bytes);
    this.heldBytes += bytes.byteLength;
    return this.heldBytes >= SNIFF_BYTES ? this.release(false) : '';
  }

  /** The rest of the text at the end of the file. */
  end(): string {
    if (!this.decoder) return this.release(true);
    return this.decoder.decode();
  }

  private release(last: boolean): string {
    const first = concat(this.held, this.heldBytes);
    this.held = [];
    const encoding = encodingOf(first);
    if (encoding === 'utf-8' && looksBinary(first)) throw new ViewerError('unsupported', 'binary');
    this.decoder = new TextDecoder(encoding);
    return last ? this.decoder.decode(first) : this.decoder.decode(first, { stream: true });
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  return parts.length === 1 ? parts[0]! : joinBytes(parts, length);
}
