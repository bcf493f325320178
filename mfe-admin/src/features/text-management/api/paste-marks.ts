import { toBoolean } from '@cloudclip/shared-kernel';

/**
 * How the paste lists and details mark an end-to-end encrypted or burn-after-reading paste
 * (issue 15): `encryption` only when encrypted (e.g. `aes-256-gcm/v1`), `burn_after_reading: 1`
 * only when set. Both are absent on every other paste and on older servers.
 */
export interface PasteMarkFields {
  encryption?: string | null;
  burn_after_reading?: 0 | 1 | boolean | null;
}

/** What the tables and dialogs show of those marks. */
export interface PasteMarks {
  /** The server holds only ciphertext: no preview, content read-only. */
  encrypted: boolean;
  /** Deleted when its first reader opens it. */
  burnAfterReading: boolean;
}

/** The marks of a listed or loaded paste (any row or detail, all have an id); a missing field means "not marked". */
export function pasteMarksOf(item: PasteMarkFields & { id: string }): PasteMarks {
  const burn = item.burn_after_reading;
  return {
    encrypted: typeof item.encryption === 'string' && item.encryption !== '',
    burnAfterReading: typeof burn === 'boolean' ? burn : burn != null && toBoolean(burn),
  };
}
