import type { FileRecord, FileUpdateRequest } from '@cloudclip/shared-kernel';
import { expiryChoiceToIso } from '../../../lib/format';
import { checkShareEditValues, type ShareEditValues } from '../../../lib/share-edit-values';

/** The edit form's values: the share fields alone. */
export type FileEditValues = ShareEditValues;

/**
 * `PUT …/files/{id}` body (any subset). Only what changed is sent: `max_views` resets the view
 * count on the server, so it goes only when it differs. Returns null when a field is invalid.
 */
export function buildFileUpdate(
  values: FileEditValues,
  current: Pick<FileRecord, 'slug' | 'remark' | 'expires_at' | 'max_views'>,
  now: Date = new Date(),
): FileUpdateRequest | null {
  const checked = checkShareEditValues(values);
  if (!checked) return null;
  const { remark, slug, maxViews } = checked;
  const body: FileUpdateRequest = {};
  if (remark !== (current.remark ?? '')) body.remark = remark === '' ? null : remark;
  if (slug !== null && slug !== current.slug) body.slug = slug;
  if (values.expiry && values.expiry !== 'keep') body.expires_at = expiryChoiceToIso(values.expiry, current.expires_at, now);
  if (maxViews !== (current.max_views && current.max_views > 0 ? current.max_views : null)) body.max_views = maxViews;
  if (values.password) body.password = values.password;
  else if (values.clearPassword) body.password = '';
  return body;
}
