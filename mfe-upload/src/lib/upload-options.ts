import {
  PASTE_EXPIRY_OPTIONS,
  validateCustomSlug,
  validateMaxViews,
  type PasteExpiryId,
  type ValidationError,
} from '@cloudclip/shared-kernel';

/** What the options form holds (strings as typed). */
export interface UploadOptionsDraft {
  storageConfigId: string;
  slug: string;
  path: string;
  remark: string;
  password: string;
  expiry: PasteExpiryId;
  maxViews: string;
}

/** Options ready to send (contract 5.4.2 / 5.8): `expiresInHours` 0 = never, `maxViews` 0 = unlimited. */
export interface UploadOptions {
  storageConfigId: string;
  slug: string | null;
  path: string | null;
  remark: string | null;
  password: string | null;
  expiresInHours: number;
  maxViews: number;
}

export type UploadOptionField = 'storageConfigId' | 'slug' | 'path' | 'maxViews';

/** A field error: either a kernel validation message or one of this remote's own keys (namespace `upload`). */
export type OptionError = ValidationError | { ns: 'upload'; key: string; params: Record<string, string | number> };

export type OptionErrors = Partial<Record<UploadOptionField, OptionError>>;

export function emptyDraft(storageConfigId = ''): UploadOptionsDraft {
  return { storageConfigId, slug: '', path: '', remark: '', password: '', expiry: 'never', maxViews: '' };
}

/** Hours of an expiry choice as the upload calls want them (`expires_in`); 0 = never. */
export function expiryHours(id: PasteExpiryId): number {
  return PASTE_EXPIRY_OPTIONS.find((option) => option.id === id)?.hours ?? 0;
}

// eslint-disable-next-line no-control-regex -- control characters are refused in a path segment on purpose
const PATH_SEGMENT = /^[^\\:*?"<>|\u0000-\u001f]+$/;

/**
 * Normalises the optional sub-folder: surrounding slashes and spaces removed, repeated slashes
 * collapsed. Refuses `.`/`..` segments and characters no object store or file system accepts.
 */
export function normalisePath(input: string): { value: string | null; error: OptionError | null } {
  const segments = input
    .trim()
    .split('/')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
  if (segments.length === 0) return { value: null, error: null };
  if (segments.some((segment) => segment === '.' || segment === '..' || !PATH_SEGMENT.test(segment))) {
    return { value: null, error: { ns: 'upload', key: 'options.pathInvalid', params: {} } };
  }
  return { value: segments.join('/'), error: null };
}

/**
 * Validates the options of one upload batch (spec §5): custom link suffix (letters, digits, - and _),
 * max views (integer ≥ 0, 0 = unlimited), a storage configuration, a clean path. A custom suffix names
 * one share, so it is refused when several files go at once.
 */
export function validateUploadOptions(
  draft: UploadOptionsDraft,
  context: { fileCount: number } = { fileCount: 1 },
): { valid: true; value: UploadOptions; errors: OptionErrors } | { valid: false; value: null; errors: OptionErrors } {
  const errors: OptionErrors = {};
  if (!draft.storageConfigId) errors.storageConfigId = { ns: 'upload', key: 'options.storageRequired', params: {} };
  const slug = validateCustomSlug(draft.slug);
  if (!slug.valid) errors.slug = slug.error;
  else if (slug.value && context.fileCount > 1) errors.slug = { ns: 'upload', key: 'options.slugSingleFileOnly', params: {} };
  const maxViews = validateMaxViews(draft.maxViews);
  if (!maxViews.valid) errors.maxViews = maxViews.error;
  const path = normalisePath(draft.path);
  if (path.error) errors.path = path.error;
  if (Object.keys(errors).length > 0 || !slug.valid || !maxViews.valid) return { valid: false, value: null, errors };
  return {
    valid: true,
    errors,
    value: {
      storageConfigId: draft.storageConfigId,
      slug: slug.value,
      path: path.value,
      remark: draft.remark.trim() || null,
      password: draft.password === '' ? null : draft.password,
      expiresInHours: expiryHours(draft.expiry),
      maxViews: maxViews.value,
    },
  };
}
