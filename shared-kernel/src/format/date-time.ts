import { parseApiTimestamp } from '@cloudclip/contract';

/**
 * A server timestamp (ISO or SQLite form, or epoch milliseconds) as local date and time in the
 * interface language; '' when absent or unreadable, so callers choose their own placeholder
 * (`formatDateTime(x, language) || '—'`).
 */
export function formatDateTime(value: string | number | null | undefined, language: string): string {
  const date = parseApiTimestamp(value ?? null);
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
