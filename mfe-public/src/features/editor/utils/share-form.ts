import {
  addPasteTags,
  validateCustomSlug,
  validateMaxViews,
  type FieldResult,
  type PasteCreateRequest,
  type PasteExpiryId,
} from '@cloudclip/shared-kernel';
import { expiresAtFor } from '../../../lib/expiry';
import { fromValidation, type FieldMessage } from '../../../lib/field-message';

export interface ShareFormValues {
  remark: string;
  password: string;
  expiry: PasteExpiryId;
  /** As typed: '' or 0 = unlimited. */
  maxViews: string;
  /** Custom link suffix as typed; '' = random. */
  slug: string;
  /** Encrypt the Markdown in the browser before it is sent (the key goes into the link's fragment). */
  encrypt: boolean;
  /** The server deletes the paste once its content has been delivered to the first reader. */
  burnAfterReading: boolean;
  /** The owner's labels added so far (only where the backend offers `"paste-tags"`). */
  tags: string[];
  /** A tag typed but not added yet (added on sharing when it passes). */
  tagDraft: string;
}

export type ShareField = 'content' | 'slug' | 'maxViews' | 'tags';
export type ShareFormErrors = Partial<Record<ShareField, FieldMessage>>;

export const DEFAULT_SHARE_VALUES: ShareFormValues = {
  remark: '',
  password: '',
  expiry: '1d',
  maxViews: '',
  slug: '',
  encrypt: false,
  burnAfterReading: false,
  tags: [],
  tagDraft: '',
};

/** What the backend offers beyond the contract's plain create (`GET /version` features); absent = not offered. */
export interface ShareOffers {
  /** `"paste-tags"`: the form shows the tag field and sends `tags`. */
  tags?: boolean;
  /** `"burn-after-reading"`: the form offers the option and sends `burnAfterReading`. */
  burnAfterReading?: boolean;
}

/** The tags a share sends: the added ones plus what is still typed, checked with the contract's rule (kernel `addPasteTags`). */
export function shareTags(values: Pick<ShareFormValues, 'tags' | 'tagDraft'>): FieldResult<string[]> {
  return addPasteTags(values.tags, values.tagDraft);
}

/** Inline check of one field while typing (null = fine). */
export function validateShareField(field: 'slug' | 'maxViews', values: ShareFormValues): FieldMessage | null {
  if (field === 'slug') {
    const result = validateCustomSlug(values.slug);
    return result.valid ? null : fromValidation(result.error);
  }
  const result = validateMaxViews(values.maxViews);
  return result.valid ? null : fromValidation(result.error);
}

export type ShareValidation =
  { valid: true; errors: ShareFormErrors; request: PasteCreateRequest } | { valid: false; errors: ShareFormErrors; request: null };

/**
 * Validates the share form before anything is sent (spec §5) and builds `POST /api/paste`:
 * `expiresAt` = now + the chosen hours (omitted for never), `maxViews` only when > 0, the custom
 * suffix trimmed, empty remark/password left out, `burnAfterReading: true` only when chosen and the
 * backend offers it, `tags` (the added ones and what is still typed, normalised) only when the backend
 * offers them and there are some. The content is still the plaintext: encryption, when chosen, happens after
 * (utils/encrypt-request.ts); tags are never encrypted.
 */
export function validateShareForm(
  content: string,
  values: ShareFormValues,
  now: number = Date.now(),
  offers: ShareOffers = {},
): ShareValidation {
  const errors: ShareFormErrors = {};
  if (content.trim() === '') errors.content = { key: 'public:share.errors.contentRequired' };
  const slug = validateCustomSlug(values.slug);
  if (!slug.valid) errors.slug = fromValidation(slug.error);
  const maxViews = validateMaxViews(values.maxViews);
  if (!maxViews.valid) errors.maxViews = fromValidation(maxViews.error);
  const tags = offers.tags ? shareTags(values) : null;
  if (tags && !tags.valid) errors.tags = fromValidation(tags.error);
  if (!slug.valid || !maxViews.valid || errors.content || errors.tags) return { valid: false, errors, request: null };

  const request: PasteCreateRequest = { content };
  if (slug.value) request.slug = slug.value;
  const remark = values.remark.trim();
  if (remark) request.remark = remark;
  if (values.password) request.password = values.password;
  const expiresAt = expiresAtFor(values.expiry, now);
  if (expiresAt) request.expiresAt = expiresAt;
  if (maxViews.value > 0) request.maxViews = maxViews.value;
  if (values.burnAfterReading && offers.burnAfterReading) request.burnAfterReading = true;
  if (tags?.valid && tags.value.length > 0) request.tags = tags.value;
  return { valid: true, errors, request };
}
