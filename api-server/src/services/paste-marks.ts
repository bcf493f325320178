import {
  inspectPasteEnvelope,
  isPasteEncryption,
  type PasteEncryption,
  type PastePublicMarks,
  type PasteRowMarks,
} from '@cloudclip/contract';
import type { PasteRow } from '../db/schema';
import { HttpError } from '../http/http-error';

/**
 * End-to-end encryption and burn after reading (issue 15) as the paste services see them: the
 * check of an encrypted create, and the marks the paste objects carry. The server never has the
 * key: it checks the envelope's shape, stores it byte for byte and never previews it.
 */

/** The columns the marks are read from. */
export type PasteMarkColumns = Pick<PasteRow, 'encryption' | 'burn_after_reading'>;

/**
 * The `encryption` column of a new paste: null without `encryption`; with it, the kind after
 * `content` passed `inspectPasteEnvelope` (400 `paste.unsupportedEncryption` / `paste.badEnvelope`).
 */
export function encryptionOfNewPaste(encryption: string | null | undefined, content: string): PasteEncryption | null {
  if (encryption === undefined || encryption === null) return null;
  if (!isPasteEncryption(encryption)) throw new HttpError(400, 'paste.unsupportedEncryption', { params: { encryption } });
  const inspection = inspectPasteEnvelope(content);
  if ('problem' in inspection) throw new HttpError(400, 'paste.badEnvelope', { params: { problem: inspection.problem } });
  return encryption;
}

/** `encryption` and `burnAfterReading` of the public paste objects, each present only when set. */
export function publicMarksOf(row: PasteMarkColumns): PastePublicMarks {
  const marks: PastePublicMarks = {};
  if (row.encryption !== null) marks.encryption = row.encryption;
  if (row.burn_after_reading === 1) marks.burnAfterReading = true;
  return marks;
}

/** `encryption` and `burn_after_reading` of the admin and key-holder rows, each present only when set. */
export function rowMarksOf(row: PasteMarkColumns): PasteRowMarks {
  const marks: PasteRowMarks = {};
  if (row.encryption !== null) marks.encryption = row.encryption;
  if (row.burn_after_reading === 1) marks.burn_after_reading = 1;
  return marks;
}
