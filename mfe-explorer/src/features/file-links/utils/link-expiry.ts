import { FILE_LINK_DEFAULT_EXPIRES_SECONDS } from '@cloudclip/shared-kernel';

/** The server accepts 1 … 604800 seconds (7 days) for `fs/file-link`. */
export const LINK_EXPIRY_MAX_SECONDS = 604800;

export const LINK_EXPIRY_PRESETS = [
  { id: '1h', seconds: 3600 },
  { id: '1d', seconds: 86400 },
  { id: '7d', seconds: FILE_LINK_DEFAULT_EXPIRES_SECONDS },
] as const;

/** Parses the expiry field: a whole number of seconds in range, else null. */
export function parseExpirySeconds(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const seconds = Number(trimmed);
  return seconds >= 1 && seconds <= LINK_EXPIRY_MAX_SECONDS ? seconds : null;
}
