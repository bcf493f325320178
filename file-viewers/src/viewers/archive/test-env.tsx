/**
 * The archive viewer's tests in jsdom: Node's own WHATWG streams, Blob, text codecs and Web Crypto
 * (the ones Chromium has; jsdom lacks them), and an i18next instance with the viewers' texts.
 * Imported first by the tests of this folder.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { webcrypto } from 'node:crypto';
import { CompressionStream, DecompressionStream, ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';

const scope = globalThis as Record<string, unknown>;
for (const [name, value] of Object.entries({
  ReadableStream,
  WritableStream,
  TransformStream,
  CompressionStream,
  DecompressionStream,
  TextEncoder,
  TextDecoder,
})) {
  scope[name] ??= value;
}
// jsdom's Blob cannot be read as bytes or a stream; Node's can (the viewer only makes and reads them).
scope.Blob = NodeBlob;
if (!(scope.crypto as { subtle?: unknown } | undefined)?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { configurable: true, value: webcrypto });
}

export { renderWithTexts } from '../../testing/render-with-texts';
