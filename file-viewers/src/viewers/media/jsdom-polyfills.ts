/**
 * What jsdom lacks and these viewers use, for the tests of this folder (and the image and ebook
 * ones), imported first: TextEncoder/TextDecoder (Node's are the same WHATWG classes) and
 * Blob#arrayBuffer/#text (read through jsdom's own FileReader).
 */
import { TextDecoder, TextEncoder } from 'node:util';

const scope = globalThis as { TextEncoder?: unknown; TextDecoder?: unknown };
scope.TextEncoder ??= TextEncoder;
scope.TextDecoder ??= TextDecoder;

function read<T>(blob: Blob, how: 'readAsArrayBuffer' | 'readAsText'): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error);
    reader[how](blob);
  });
}

if (typeof Blob !== 'undefined' && !Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return read<ArrayBuffer>(this, 'readAsArrayBuffer');
  };
  Blob.prototype.text = function text(this: Blob) {
    return read<string>(this, 'readAsText');
  };
}
