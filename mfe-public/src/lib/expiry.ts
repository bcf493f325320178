import { PASTE_EXPIRY_OPTIONS, type PasteExpiryId } from '@cloudclip/shared-kernel';

const HOUR_MS = 60 * 60 * 1000;

/** Hours of an expiry choice; null = never. */
export function expiryHours(id: PasteExpiryId): number | null {
  return PASTE_EXPIRY_OPTIONS.find((option) => option.id === id)?.hours ?? null;
}

/** Absolute expiry (ISO) of a choice counted from `now`, as the legacy client sends it; null = never. */
export function expiresAtFor(id: PasteExpiryId, now: number = Date.now()): string | null {
  const hours = expiryHours(id);
  return hours === null ? null : new Date(now + hours * HOUR_MS).toISOString();
}
