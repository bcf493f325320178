/**
 * Recognises common file types from their first bytes ("magic numbers"), for URL import's
 * `ENHANCED` probe (contract §5.8). Only signatures that are unambiguous at a fixed offset.
 */

export interface SniffedType {
  mime: string;
  extension: string;
}

interface Signature extends SniffedType {
  offset: number;
  bytes: readonly number[];
  /** A second pattern that must match too (e.g. `WEBP` after `RIFF`). */
  also?: { offset: number; bytes: readonly number[] };
}

const ascii = (text: string): number[] => Array.from(text, (character) => character.charCodeAt(0));

const SIGNATURES: readonly Signature[] = [
  { mime: 'image/png', extension: 'png', offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', extension: 'jpg', offset: 0, bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', extension: 'gif', offset: 0, bytes: ascii('GIF87a') },
  { mime: 'image/gif', extension: 'gif', offset: 0, bytes: ascii('GIF89a') },
  { mime: 'image/webp', extension: 'webp', offset: 0, bytes: ascii('RIFF'), also: { offset: 8, bytes: ascii('WEBP') } },
  { mime: 'audio/wav', extension: 'wav', offset: 0, bytes: ascii('RIFF'), also: { offset: 8, bytes: ascii('WAVE') } },
  { mime: 'video/x-msvideo', extension: 'avi', offset: 0, bytes: ascii('RIFF'), also: { offset: 8, bytes: ascii('AVI ') } },
  { mime: 'image/bmp', extension: 'bmp', offset: 0, bytes: ascii('BM') },
  { mime: 'image/tiff', extension: 'tiff', offset: 0, bytes: [0x49, 0x49, 0x2a, 0x00] },
  { mime: 'image/tiff', extension: 'tiff', offset: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { mime: 'image/x-icon', extension: 'ico', offset: 0, bytes: [0x00, 0x00, 0x01, 0x00] },
  { mime: 'application/pdf', extension: 'pdf', offset: 0, bytes: ascii('%PDF-') },
  { mime: 'application/zip', extension: 'zip', offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
  { mime: 'application/gzip', extension: 'gz', offset: 0, bytes: [0x1f, 0x8b] },
  { mime: 'application/x-7z-compressed', extension: '7z', offset: 0, bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { mime: 'application/vnd.rar', extension: 'rar', offset: 0, bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
  { mime: 'application/x-bzip2', extension: 'bz2', offset: 0, bytes: ascii('BZh') },
  { mime: 'application/x-xz', extension: 'xz', offset: 0, bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { mime: 'audio/mpeg', extension: 'mp3', offset: 0, bytes: ascii('ID3') },
  { mime: 'audio/flac', extension: 'flac', offset: 0, bytes: ascii('fLaC') },
  { mime: 'audio/ogg', extension: 'ogg', offset: 0, bytes: ascii('OggS') },
  { mime: 'video/webm', extension: 'webm', offset: 0, bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { mime: 'video/quicktime', extension: 'mov', offset: 4, bytes: ascii('ftypqt') },
  { mime: 'video/mp4', extension: 'mp4', offset: 4, bytes: ascii('ftyp') },
  { mime: 'application/wasm', extension: 'wasm', offset: 0, bytes: [0x00, 0x61, 0x73, 0x6d] },
  { mime: 'application/vnd.microsoft.portable-executable', extension: 'exe', offset: 0, bytes: ascii('MZ') },
  { mime: 'font/woff', extension: 'woff', offset: 0, bytes: ascii('wOFF') },
  { mime: 'font/woff2', extension: 'woff2', offset: 0, bytes: ascii('wOF2') },
];

function matches(sample: Uint8Array, offset: number, bytes: readonly number[]): boolean {
  if (sample.length < offset + bytes.length) return false;
  return bytes.every((byte, index) => sample[offset + index] === byte);
}

/** The type of a sample of a file's first bytes, or undefined when none of the signatures matches. */
export function sniffContentType(sample: Uint8Array | undefined): SniffedType | undefined {
  if (!sample || sample.length === 0) return undefined;
  for (const signature of SIGNATURES) {
    if (!matches(sample, signature.offset, signature.bytes)) continue;
    if (signature.also && !matches(sample, signature.also.offset, signature.also.bytes)) continue;
    return { mime: signature.mime, extension: signature.extension };
  }
  return undefined;
}
