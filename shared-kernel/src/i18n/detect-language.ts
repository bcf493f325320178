import { STORAGE_KEYS, type SafeStorage } from '../storage-keys';
import { SUPPORTED_LANGUAGES, type Language } from '../types/preferences';
import { BROWSER_CHINESE_LANGUAGE_PREFIX, MESSAGE_LIBRARY_DEFAULT_LANGUAGE } from '../constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language at start-up: the saved choice (localStorage `language`), else the browser's
 * (a `zh` prefix gives zh-CN, anything else en-US), else the message library's default.
 */
export function detectLanguage(storage: SafeStorage, browserLanguages: readonly string[] | undefined): Language {
  const saved = storage.get(STORAGE_KEYS.language);
  if (isLanguage(saved)) return saved;
  const first = browserLanguages?.find((lang) => typeof lang === 'string' && lang.length > 0);
  if (!first) return MESSAGE_LIBRARY_DEFAULT_LANGUAGE;
  return first.toLowerCase().startsWith(BROWSER_CHINESE_LANGUAGE_PREFIX) ? 'zh-CN' : 'en-US';
}
