import i18next, { type i18n as I18n } from 'i18next';
import { commonResources } from '@cloudclip/shared-kernel';
import { NAMESPACE, resources } from '../i18n/resources';

/** The interface languages a server rendering carries (the boot page shows the one of html[lang]). */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

const instances = new Map<Language, I18n>();

/** An i18next instance with the page's texts in `language` (made once, initialised synchronously). */
export function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: false,
      initAsync: false,
      resources: { [language]: { common: commonResources[language], [NAMESPACE]: resources[language] } },
      defaultNS: NAMESPACE,
      interpolation: { escapeValue: false },
    });
    instances.set(language, instance);
  }
  return instance;
}
