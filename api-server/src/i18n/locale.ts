import { DEFAULT_LOCALE, type Locale } from './messages';

interface LanguageRange {
  tag: string;
  q: number;
  order: number;
}

function parseAcceptLanguage(header: string): LanguageRange[] {
  return header
    .split(',')
    .map((part, order) => {
      const [rawTag = '', ...params] = part.trim().split(';');
      let q = 1;
      for (const param of params) {
        const [name, value] = param.trim().split('=');
        if (name?.trim().toLowerCase() === 'q' && value !== undefined) {
          const parsed = Number(value.trim());
          q = Number.isFinite(parsed) ? parsed : 0;
        }
      }
      return { tag: rawTag.trim().toLowerCase(), q, order };
    })
    .filter((range) => range.tag.length > 0 && range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
}

/**
 * Chooses the message language for a request: the highest-ranked language of
 * Accept-Language that we have (English or Chinese); Chinese when nothing matches.
 */
export function pickLocale(acceptLanguage: string | string[] | undefined): Locale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return DEFAULT_LOCALE;
  for (const { tag } of parseAcceptLanguage(header)) {
    const primary = tag.split('-')[0];
    if (primary === 'en') return 'en-US';
    if (primary === 'zh') return 'zh-CN';
    if (primary === '*') return DEFAULT_LOCALE;
  }
  return DEFAULT_LOCALE;
}
