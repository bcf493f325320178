import { validateCustomSlug, validateMaxViews, type PasteUpdateRequest } from '@cloudclip/shared-kernel';
import { expiryChoiceToIso, type ExpiryEditChoice } from '../../../lib/format';

/** The edit form's values. */
export interface PasteEditValues {
  content?: string;
  remark?: string;
  expiry?: ExpiryEditChoice;
  maxViews?: number | string | null;
  slug?: string;
  password?: string;
  clearPassword?: boolean;
}

/** What the form needs to know about the paste being edited. */
export interface PasteEditCurrent {
  slug: string;
  expires_at: string | null;
}

/**
 * `PUT …/pastes/{slug}` body from the form. The server replaces `remark`, `expiresAt` and `maxViews`
 * (omitted → NULL), so the current values are always sent; a changed suffix goes as `newSlug`,
 * an empty suffix keeps the current one. Returns null when a field is invalid.
 */
export function buildPasteUpdate(values: PasteEditValues, current: PasteEditCurrent, now: Date = new Date()): PasteUpdateRequest | null {
  const content = values.content ?? '';
  if (content.trim() === '') return null;
  const maxViews = validateMaxViews(values.maxViews ?? null);
  const slug = validateCustomSlug(values.slug ?? null);
  if (!maxViews.valid || !slug.valid) return null;
  const remark = (values.remark ?? '').trim();
  const body: PasteUpdateRequest = {
    content,
    remark: remark === '' ? null : remark,
    expiresAt: expiryChoiceToIso(values.expiry, current.expires_at, now),
    maxViews: maxViews.value > 0 ? maxViews.value : null,
  };
  if (slug.value !== null && slug.value !== current.slug) body.newSlug = slug.value;
  if (values.password) body.password = values.password;
  else if (values.clearPassword) body.clearPassword = true;
  return body;
}
