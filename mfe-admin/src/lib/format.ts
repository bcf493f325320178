import { PASTE_EXPIRY_OPTIONS, parseApiTimestamp, type PasteExpiryId } from '@cloudclip/shared-kernel';

/** Dates after this year mean "never" (keys store 9999-12-31 for never). */
const NEVER_YEAR = 9000;

/** True for an expiry in the past. */
export function isExpired(value: string | null | undefined, now: Date = new Date()): boolean {
  const date = parseApiTimestamp(value ?? null);
  return !!date && date.getTime() <= now.getTime();
}

/** True for a missing expiry or the "never" sentinel date. */
export function isNeverExpiring(value: string | null | undefined): boolean {
  const date = parseApiTimestamp(value ?? null);
  return !date || date.getUTCFullYear() >= NEVER_YEAR;
}

/** Expiry choices of the paste and file edit forms: keep the current one, or a new one from now. */
export type ExpiryEditChoice = 'keep' | PasteExpiryId;
export const EXPIRY_EDIT_CHOICES: readonly ExpiryEditChoice[] = ['keep', ...PASTE_EXPIRY_OPTIONS.map((option) => option.id)];

/** The absolute expiry to send for a choice: `keep` → the current value; `never` → null. */
export function expiryChoiceToIso(choice: ExpiryEditChoice | undefined, current: string | null, now: Date = new Date()): string | null {
  if (!choice || choice === 'keep') return current;
  const option = PASTE_EXPIRY_OPTIONS.find((entry) => entry.id === choice);
  if (!option || option.hours === null) return null;
  return new Date(now.getTime() + option.hours * 3600 * 1000).toISOString();
}

/** "12 / 100" style view counter; unlimited when max is 0/null. */
export function viewsLabel(views: number | null | undefined, max: number | null | undefined, unlimited: string): string {
  return `${views ?? 0} / ${max && max > 0 ? max : unlimited}`;
}
