import { validateCustomSlug, validateMaxViews, type FileRecord, type FileUpdateRequest } from '@cloudclip/shared-kernel';
import { expiryChoiceToIso, type ExpiryEditChoice } from '../../../lib/format';

export interface FileEditValues {
  remark?: string;
  slug?: string;
  expiry?: ExpiryEditChoice;
  maxViews?: number | string | null;
  password?: string;
  clearPassword?: boolean;
}

/**
 * `PUT …/files/{id}` body (any subset). Only what changed is sent: `max_views` resets the view
 * count on the server, so it goes only when it differs. Returns null when a field is invalid.
 */
export function buildFileUpdate(
  values: FileEditValues,
  current: Pick<FileRecord, 'slug' | 'remark' | 'expires_at' | 'max_views'>,
  now: Date = new Date(),
): FileUpdateRequest | null {
  const slug = validateCustomSlug(values.slug ?? null);
  const maxViews = validateMaxViews(values.maxViews ?? null);
  if (!slug.valid || !maxViews.valid) return null;
  const body: FileUpdateRequest = {};
  const remark = (values.remark ?? '').trim();
  if (remark !== (current.remark ?? '')) body.remark = remark === '' ? null : remark;
  if (slug.value !== null && slug.value !== current.slug) body.slug = slug.value;
  if (values.expiry && values.expiry !== 'keep') body.expires_at = expiryChoiceToIso(values.expiry, current.expires_at, now);
  const nextMax = maxViews.value > 0 ? maxViews.value : null;
  if (nextMax !== (current.max_views && current.max_views > 0 ? current.max_views : null)) body.max_views = nextMax;
  if (values.password) body.password = values.password;
  else if (values.clearPassword) body.password = '';
  return body;
}
