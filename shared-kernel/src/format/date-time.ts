import { parseApiTimestamp } from '@cloudclip/contract';

const SHORT_MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/**
 * The interface languages' medium date and short time, written out from the local date's fields:
 * the same text as `Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })`
 * (date-time.test.ts compares them), without starting ICU. A page's first `Intl` formatter costs
 * 13–17 ms in Chromium on the test machine, and every share page shows a date in its first screen;
 * the date's fields cost 0.2 ms.
 */
const WRITTEN_OUT: Record<string, (date: Date) => string> = {
  'en-US': (date) => {
    const hours = date.getHours();
    const time = `${hours % 12 || 12}:${twoDigits(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
    return `${SHORT_MONTHS_EN[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${time}`;
  },
  'zh-CN': (date) =>
    `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日 ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`,
};

/**
 * Other languages: one formatter per language, kept (building one and formatting with it costs
 * about 70 times a format with a kept one).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string): Intl.DateTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(language, formatter);
  }
  return formatter;
}

/**
 * A server timestamp (ISO or SQLite form, or epoch milliseconds) as local date and time in the
 * interface language; '' when absent or unreadable, so callers choose their own placeholder
 * (`formatDateTime(x, language) || '—'`).
 */
export function formatDateTime(value: string | number | null | undefined, language: string): string {
  const date = parseApiTimestamp(value ?? null);
  if (!date) return '';
  const writtenOut = WRITTEN_OUT[language];
  return writtenOut ? writtenOut(date) : formatterFor(language).format(date);
}
