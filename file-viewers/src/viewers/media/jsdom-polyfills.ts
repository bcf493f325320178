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

// Pointer events with their coordinates (jsdom has no PointerEvent, so fireEvent made plain events).
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventPolyfill;
}
