/* The viewers' texts in an i18next instance for component tests (both languages). Tests only. */
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { VIEWERS_NAMESPACE, viewerResources } from '../../i18n/resources';

export function renderWithTexts(ui: ReactElement, language: 'en-US' | 'zh-CN' = 'en-US') {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
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
  // As a wrapper, so that `rerender` keeps the texts.
  return render(ui, { wrapper: ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider> });
}
