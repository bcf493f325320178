import { parseApiTimestamp } from '@cloudclip/shared-kernel';

/** A server timestamp (ISO or SQLite form) as local date and time in the interface language; '' when unreadable. */
export function formatDateTime(value: string | number | null | undefined, language: string): string {
  const date = parseApiTimestamp(value ?? null);
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
