/**
 * For this viewer's tests only (never imported by the viewer): what jsdom lacks and the browser
 * has (TextEncoder/TextDecoder, a Blob that can be read back) and the viewer texts in both languages.
 */
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { VIEWERS_NAMESPACE, viewerResources } from '../../i18n/resources';
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

/** Renders with an i18next instance holding the viewers' texts, in the given language. */
export function renderWithTexts(element: ReactElement, language: 'en-US' | 'zh-CN' = 'en-US') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en-US',
    ns: [VIEWERS_NAMESPACE],
    resources: {
      'en-US': { [VIEWERS_NAMESPACE]: viewerResources['en-US'] },
      'zh-CN': { [VIEWERS_NAMESPACE]: viewerResources['zh-CN'] },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const view = render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
  return { ...view, rerender: (next: ReactElement) => view.rerender(<I18nextProvider i18n={i18n}>{next}</I18nextProvider>) };
}
