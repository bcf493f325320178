/* The viewers' texts in an i18next instance, for the component tests of every viewer. Tests only. */
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { render } from '@testing-library/react';
import { VIEWERS_NAMESPACE, viewerResources } from '../i18n/resources';

/** An i18next instance with the viewers' texts (both languages, no fallback), set to `language`. */
export function testI18n(language: 'en-US' | 'zh-CN' = 'en-US'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [VIEWERS_NAMESPACE],
    defaultNS: VIEWERS_NAMESPACE,
    resources: {
      'en-US': { [VIEWERS_NAMESPACE]: viewerResources['en-US'] },
      'zh-CN': { [VIEWERS_NAMESPACE]: viewerResources['zh-CN'] },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Renders with the viewers' texts in one language; as a wrapper, so that `rerender` keeps them. */
export function renderWithTexts(element: ReactElement, language: 'en-US' | 'zh-CN' = 'en-US') {
  const instance = testI18n(language);
  return render(element, {
    wrapper: ({ children }: { children: ReactNode }) => <I18nextProvider i18n={instance}>{children}</I18nextProvider>,
  });
}
