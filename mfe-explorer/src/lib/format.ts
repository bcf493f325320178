import { parseApiTimestamp } from '@cloudclip/shared-kernel';

/** A server timestamp (ISO or SQLite form) in the interface language; '' when absent or unreadable. */
export function formatDateTime(value: string | null | undefined, language: string): string {
  const date = parseApiTimestamp(value ?? null);
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
