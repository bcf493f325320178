import type { PasteRowMarks } from '@cloudclip/shared-kernel';

/** What the tables and dialogs show of a paste's issue-15 marks (contract `PasteRowMarks`). */
export interface PasteMarks {
  /** The server holds only ciphertext: no preview, content read-only. */
  encrypted: boolean;
  /** Deleted when its first reader opens it. */
  burnAfterReading: boolean;
}

/**
 * The marks of a listed or loaded paste: `encryption` is sent only for an encrypted paste,
 * `burn_after_reading: 1` only for one that burns; a missing field (older servers too) means "no".
 */
export function pasteMarksOf(item: PasteRowMarks): PasteMarks {
  return { encrypted: item.encryption !== undefined, burnAfterReading: item.burn_after_reading === 1 };
}
