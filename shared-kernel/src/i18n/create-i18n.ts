import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { BehaviorSubject, type Observable } from 'rxjs';
import { STORAGE_KEYS, type SafeStorage } from '../storage-keys';
import type { EventBus } from '../bus/event-bus';
import type { Language } from '../types/preferences';
import { isLanguage } from './detect-language';
import { FALLBACK_LANGUAGE } from '../constants';
import { commonResources } from './resources/common';
import { validationResources } from './resources/validation';

export type NamespaceResources = Record<Language, Record<string, unknown>>;

/** The one i18next instance of the page, with the language as an observable. */
export class I18nService {
  readonly i18n: I18n;
  private readonly language$: BehaviorSubject<Language>;

  constructor(
    initial: Language,
    private readonly storage: SafeStorage,
    private readonly bus: EventBus,
  ) {
    this.i18n = i18next.createInstance();
    const resources: Resource = {
      'zh-CN': { common: commonResources['zh-CN'], validation: validationResources['zh-CN'] },
      'en-US': { common: commonResources['en-US'], validation: validationResources['en-US'] },
    };
    void this.i18n.init({
      lng: initial,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: ['zh-CN', 'en-US'],
      ns: ['common', 'validation'],
      defaultNS: 'common',
      resources,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    this.language$ = new BehaviorSubject<Language>(initial);
    if (typeof document !== 'undefined') document.documentElement.lang = initial;
  }

  get language(): Language {
    return this.language$.value;
  }

  languageChanges(): Observable<Language> {
    return this.language$.asObservable();
  }

  /** Adds an app's own namespace in both languages (each remote calls this once when it mounts). */
  addNamespace(namespace: string, resources: NamespaceResources): void {
    for (const language of Object.keys(resources) as Language[]) {
      this.i18n.addResourceBundle(language, namespace, resources[language], true, true);
    }
  }

  /** Switches the language everywhere: saved, applied to the document, announced on the bus. */
  async setLanguage(language: Language): Promise<void> {
    if (!isLanguage(language)) return;
    this.storage.set(STORAGE_KEYS.language, language);
    await this.i18n.changeLanguage(language);
    if (typeof document !== 'undefined') document.documentElement.lang = language;
    if (this.language$.value !== language) {
      this.language$.next(language);
      this.bus.emit('language-changed', { language });
    }
  }

  t = (key: string, params?: Record<string, unknown>): string => String(this.i18n.t(key, params as never));
}
