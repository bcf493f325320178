import { parseApiTimestamp } from '@cloudclip/contract';

/**
 * One formatter per language: building one and formatting with it costs about 70 times a format
 * with a kept one (Node 20: 0.07 ms against 0.001 ms; Chromium, after the page's first: 0.1–0.4 ms).
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
  return formatterFor(language).format(date);
}
