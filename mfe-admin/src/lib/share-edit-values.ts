import { validateCustomSlug, validateMaxViews } from '@cloudclip/shared-kernel';
import type { ExpiryEditChoice } from './format';

/** The values of ShareEditFields: what an admin edits on a paste and on a file share alike. */
export interface ShareEditValues {
  remark?: string;
  slug?: string;
  expiry?: ExpiryEditChoice;
  maxViews?: number | string | null;
  password?: string;
  clearPassword?: boolean;
}

/** The share an edit form starts from, as the server lists it. */
interface EditedShare {
  remark?: string | null;
  slug: string;
  max_views?: number | null;
}

/** The fields' starting values: the share's remark, suffix and max views; expiry kept; no new password. */
export function shareEditInitialValues(share: EditedShare): Required<ShareEditValues> {
  return {
    remark: share.remark ?? '',
    slug: share.slug,
    expiry: 'keep',
    maxViews: share.max_views ? String(share.max_views) : '0',
    password: '',
    clearPassword: false,
  };
}

/**
 * The shared fields checked for a save: the trimmed remark, the custom suffix (null = keep the current
 * one) and max views (null = unlimited). Null when the suffix or max views is invalid.
 */
export function checkShareEditValues(values: ShareEditValues): { remark: string; slug: string | null; maxViews: number | null } | null {
  const slug = validateCustomSlug(values.slug ?? null);
  const maxViews = validateMaxViews(values.maxViews ?? null);
  if (!slug.valid || !maxViews.valid) return null;
  return { remark: (values.remark ?? '').trim(), slug: slug.value, maxViews: maxViews.value > 0 ? maxViews.value : null };
}
