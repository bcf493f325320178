/**
 * Common result types of the validators.
 *
 * A failing field never carries a sentence: it carries an i18n key of the
 * `validation` namespace plus interpolation params. Display it with
 * `t(error.key, { ns: error.ns, ...error.params })`; the texts live in
 * `i18n/resources/validation.ts`.
 */

/** i18n namespace of every validation message. */
export const VALIDATION_NAMESPACE = 'validation';

/** Every message key a validator may return (the key set of `validationResources`). */
export const VALIDATION_MESSAGE_KEYS = [
  'customSlugInvalidChars',
  'customSlugInvalidFormat',
  'markdownImportInvalidType',
  'markdownImportTooLarge',
  'maxViewsNotInteger',
  'maxViewsNegative',
  'urlRequired',
  'urlInvalid',
  'mountNameRequired',
  'mountNameTooLong',
  'mountStorageTypeRequired',
  'mountS3ConfigRequired',
  'mountPathRequired',
  'mountPathMustStartWithSlash',
  'mountPathTooLong',
  'mountPathInvalidChars',
  'mountPathConsecutiveSlashes',
  'mountPathTrailingSlash',
  'mountPathReserved',
  'mountCacheTtlNotInteger',
  'mountCacheTtlNegative',
  'mountCacheTtlTooLarge',
  'mountSortOrderNotInteger',
  'apiKeyNameRequired',
  'apiKeyCustomKeyRequired',
  'apiKeyCustomKeyInvalid',
  'apiKeyExpiryInvalid',
  'apiKeyCustomExpiryRequired',
  'apiKeyCustomExpiryInvalid',
  'apiKeyCustomExpiryInPast',
  'apiKeyMountRequiresFile',
  'settingsMaxUploadSizeRequired',
  'settingsMaxUploadSizeNotPositiveInteger',
  'settingsMaxUploadSizeTooSmall',
  'settingsSizeUnitInvalid',
  'settingsWebdavModeInvalid',
  'settingsPasteStorageRequired',
  'settingsPasteStorageNotPositiveInteger',
  'settingsPasteStorageTooSmall',
  'accountCurrentPasswordRequired',
  'accountNothingToChange',
  'accountNewPasswordSameAsCurrent',
  'loginUsernameRequired',
  'loginPasswordRequired',
  'loginApiKeyRequired',
  'backendAddressRequired',
  'fileTooLarge',
  'storageInsufficient',
  'searchQueryTooLong',
  'searchQueryTooManyTerms',
  'pasteTagTooLong',
  'pasteTagsTooMany',
  'pasteTagBadCharacter',
  'pasteTagEmpty',
  'pasteTagsInvalid',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

/** Interpolation params of a message (`{{name}}` placeholders in the texts). */
export type ValidationParams = Readonly<Record<string, string | number>>;

/** One failure: an i18n key of the `validation` namespace plus its params. */
export interface ValidationError {
  readonly ns: typeof VALIDATION_NAMESPACE;
  readonly key: ValidationMessageKey;
  readonly params: ValidationParams;
}

/** Result of a single-value validator: the normalised value, or one error. */
export type FieldResult<V> =
  | { readonly valid: true; readonly value: V; readonly error: null }
  | { readonly valid: false; readonly value: null; readonly error: ValidationError };

/** Field → error map of a form; an empty map means the form is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, ValidationError>>;

/** Result of a form validator: the error map and, when valid, the normalised value. */
export type FormResult<F extends string, V> =
  | { readonly valid: true; readonly errors: FieldErrors<F>; readonly value: V }
  | { readonly valid: false; readonly errors: FieldErrors<F>; readonly value: null };

/** Builds a validation error. */
export function validationError(key: ValidationMessageKey, params: ValidationParams = {}): ValidationError {
  return { ns: VALIDATION_NAMESPACE, key, params };
}

/** A passing single-value result. */
export function fieldOk<V>(value: V): FieldResult<V> {
  return { valid: true, value, error: null };
}

/** A failing single-value result. */
export function fieldFail<V = never>(error: ValidationError): FieldResult<V> {
  return { valid: false, value: null, error };
}

/** True when the error map holds no error. */
export function hasNoErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values(errors).every((error) => error === undefined);
}

/**
 * Finishes a form validation: valid (with the value built by `build`) when
 * `errors` is empty, otherwise invalid with `value: null`. `build` only runs
 * for a valid form, so it may rely on every field having passed.
 */
export function formResult<F extends string, V>(errors: FieldErrors<F>, build: () => V): FormResult<F, V> {
  if (hasNoErrors(errors)) {
    return { valid: true, errors, value: build() };
  }
  return { valid: false, errors, value: null };
}
