/*
 * What jsdom lacks and the document viewer uses, for its unit tests only: TextDecoder, Blob's
 * arrayBuffer, object URLs (blob:test/N, revocations counted) and constructable stylesheets (parsed
 * by jsdom's own CSS parser through a <style> element, as a browser's replaceSync would).
 */
import { TextDecoder, TextEncoder } from 'node:util';

const target = globalThis as Record<string, unknown>;
if (typeof target.TextDecoder === 'undefined') target.TextDecoder = TextDecoder;
if (typeof target.TextEncoder === 'undefined') target.TextEncoder = TextEncoder;

if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

class TestStyleSheet {
  cssRules: CSSRuleList | never[] = [];
  replaceSync(text: string) {
    const style = document.createElement('style');
    style.textContent = text;
    document.head.appendChild(style);
    this.cssRules = (style.sheet as CSSStyleSheet).cssRules;
    style.remove();
  }
}
try {
  new CSSStyleSheet().replaceSync('');
} catch {
  target.CSSStyleSheet = TestStyleSheet;
}

/** Object URLs handed out as blob:test/N; `live` are those not revoked yet. */
export const objectUrls = (() => {
  const live = new Set<string>();
  let next = 0;
  Object.assign(URL, {
    createObjectURL: () => {
      const url = `blob:test/${(next += 1)}`;
      live.add(url);
      return url;
    },
    revokeObjectURL: (url: string) => void live.delete(url),
  });
  return { live };
})();

export { renderWithTexts } from '../../testing/render-with-texts';
