/*
 * What jsdom lacks and the document viewer uses, for its unit tests only: TextDecoder, Blob's
 * arrayBuffer, object URLs (blob:test/N, revocations counted) and constructable stylesheets (parsed
 * by jsdom's own CSS parser through a <style> element, as a browser's replaceSync would).
 */
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { render } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { VIEWERS_NAMESPACE, viewerResources } from '../../i18n/resources';

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

/** Renders with the viewers' texts in one language. */
export function renderWithTexts(element: ReactElement, language: 'en-US' | 'zh-CN' = 'en-US') {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      'en-US': { [VIEWERS_NAMESPACE]: viewerResources['en-US'] },
      'zh-CN': { [VIEWERS_NAMESPACE]: viewerResources['zh-CN'] },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // As a wrapper, so that `rerender` keeps the provider (and the viewer stays mounted).
  return render(element, { wrapper: ({ children }) => <I18nextProvider i18n={instance}>{children}</I18nextProvider> });
}
