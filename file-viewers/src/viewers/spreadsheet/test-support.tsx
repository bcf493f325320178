/**
 * For this viewer's tests only (never imported by the viewer): what jsdom lacks and the browser
 * has (TextEncoder/TextDecoder, a Blob that can be read back) and the viewer texts in both languages.
 */
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import type { FileSource } from '../../types';

export function installTextCoding(): void {
  const scope = globalThis as unknown as Record<string, unknown>;
  if (typeof scope.TextEncoder === 'undefined') scope.TextEncoder = NodeTextEncoder;
  if (typeof scope.TextDecoder === 'undefined') scope.TextDecoder = NodeTextDecoder;
}

/** A source holding `bytes` as a blob (jsdom's Blob cannot be read back, so this one can). */
export function bytesSource(name: string, bytes: Uint8Array, contentType?: string): FileSource {
  const copy = bytes.slice();
  const blob = {
    size: copy.byteLength,
    type: contentType ?? '',
    arrayBuffer: async () => copy.buffer.slice(0) as ArrayBuffer,
  } as unknown as Blob;
  return { name, size: copy.byteLength, contentType: contentType ?? null, blob };
}

export { renderWithTexts } from '../../testing/render-with-texts';
