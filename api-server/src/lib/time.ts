/** A clock, injectable so tests can move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const DAY_MS = 24 * 60 * 60 * 1000;

/** ISO-8601 with `Z`, the form application code writes (contract §0). */
export function toIso(date: Date): string {
  return date.toISOString();
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

const SQLITE_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/;

/**
 * Parses both textual timestamp forms of contract §0: ISO-8601 with a zone and the
 * SQLite clock form `YYYY-MM-DD HH:MM:SS` (no zone, means UTC). Returns null when unparsable.
 */
export function parseTimestamp(value: string | null | undefined): Date | null {
  if (!value) return null;
  const sqlite = SQLITE_TIMESTAMP.exec(value.trim());
  const date = sqlite ? new Date(`${sqlite[1]}T${sqlite[2]}Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** True when `expiresAt` is a parsable time at or before `now`. Unparsable values count as expired. */
export function isExpired(expiresAt: string | null | undefined, now: Date): boolean {
  if (expiresAt === null || expiresAt === undefined) return false;
  const date = parseTimestamp(expiresAt);
  return date === null || date.getTime() <= now.getTime();
}
