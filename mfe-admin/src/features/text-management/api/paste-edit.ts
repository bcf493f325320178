import { validatePasteTags, type PasteRowMarks, type PasteUpdateRequest } from '@cloudclip/shared-kernel';
import { expiryChoiceToIso } from '../../../lib/format';
import { checkShareEditValues, type ShareEditValues } from '../../../lib/share-edit-values';
import { pasteMarksOf } from './paste-marks';

/** The edit form's values: the content and the share fields. */
export interface PasteEditValues extends ShareEditValues {
  content?: string;
  /** Only where the backend offers paste tags (the field exists only then): the whole new list, `[]` clears. */
  tags?: string[];
}

/** What the form needs to know about the paste being edited. */
export interface PasteEditCurrent extends PasteRowMarks {
  slug: string;
  expires_at: string | null;
  /** The stored content (for an encrypted paste: its envelope). */
  content: string;
}

/**
 * `PUT …/pastes/{slug}` body from the form. The server replaces `remark`, `expiresAt` and `maxViews`
 * (omitted → NULL), so the current values are always sent; a changed suffix goes as `newSlug`,
 * an empty suffix keeps the current one. An encrypted paste's content cannot be changed: its stored
 * envelope goes back exactly as loaded (the server refuses anything else), whatever the form holds.
 * Tags are sent only when the form has the field (a backend offering them): the whole list as the
 * contract normalises it, `[]` to remove them all; without the field nothing is sent and they are kept.
 * Returns null when a field is invalid.
 */
export function buildPasteUpdate(values: PasteEditValues, current: PasteEditCurrent, now: Date = new Date()): PasteUpdateRequest | null {
  const content = pasteMarksOf(current).encrypted ? current.content : (values.content ?? '');
  if (content.trim() === '') return null;
  const checked = checkShareEditValues(values);
  if (!checked) return null;
  const { remark, slug, maxViews } = checked;
  const body: PasteUpdateRequest = {
    content,
    remark: remark === '' ? null : remark,
    expiresAt: expiryChoiceToIso(values.expiry, current.expires_at, now),
    maxViews,
  };
  if (slug !== null && slug !== current.slug) body.newSlug = slug;
  if (values.password) body.password = values.password;
  else if (values.clearPassword) body.clearPassword = true;
  if (values.tags !== undefined) {
    const tags = validatePasteTags(values.tags);
    if (!tags.valid) return null;
    body.tags = tags.value;
  }
  return body;
}
