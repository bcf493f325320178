import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { render } from '@testing-library/react';
import { VIEWERS_NAMESPACE, viewerResources } from '../../i18n/resources';

/** An i18next instance with the viewers' texts, in the given language (tests of the image, media and ebook viewers). */
export function testI18n(language: 'en-US' | 'zh-CN' = 'en-US'): I18n {
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
  return instance;
}

/** Renders a viewer with the texts of one language. */
export function renderWithTexts(element: ReactElement, language: 'en-US' | 'zh-CN' = 'en-US') {
  return render(<I18nextProvider i18n={testI18n(language)}>{element}</I18nextProvider>);
}

/** jsdom has no object URLs: hands out blob:test/N and keeps the blobs to read back. */
export function fakeObjectUrls() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  const created = jest.fn((blob: Blob) => {
    const url = `blob:test/${(next += 1)}`;
    blobs.set(url, blob);
    return url;
  });
  const revoked = jest.fn((url: string) => void blobs.delete(url));
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
  return { blobs, created, revoked };
}
