/**
 * The archive viewer's tests in jsdom: Node's own WHATWG streams, Blob, text codecs and Web Crypto
 * (the ones Chromium has; jsdom lacks them), and an i18next instance with the viewers' texts.
 * Imported first by the tests of this folder.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { webcrypto } from 'node:crypto';
import { CompressionStream, DecompressionStream, ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { render } from '@testing-library/react';
import { VIEWERS_NAMESPACE, viewerResources } from '../../i18n/resources';

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
  return render(<I18nextProvider i18n={instance}>{element}</I18nextProvider>);
}
