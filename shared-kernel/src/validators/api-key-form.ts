import { API_KEY_CUSTOM_KEY_PATTERN, NEVER_EXPIRES_AT } from '@cloudclip/contract';
import { API_KEY_DEFAULT_BASIC_PATH, API_KEY_EXPIRY_OPTIONS, type ApiKeyExpiryOption } from '../constants';
import { formResult, validationError, type FieldErrors, type FormResult } from './validation-result';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date from a date picker: a `Date`, an ISO/parsable string or epoch milliseconds. */
export type DateInput = Date | string | number | null | undefined;

type ParsedDate = { readonly kind: 'empty' } | { readonly kind: 'invalid' } | { readonly kind: 'date'; readonly date: Date };

function parseDateInput(input: DateInput): ParsedDate {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) {
    return { kind: 'empty' };
  }
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(typeof input === 'string' ? input.trim() : input);
  return Number.isNaN(date.getTime()) ? { kind: 'invalid' } : { kind: 'date', date };
}

function isExpiryOption(value: unknown): value is ApiKeyExpiryOption {
  return API_KEY_EXPIRY_OPTIONS.some((option) => option.id === value);
}

/**
 * `expires_at` to send for an expiry choice:
 * - `1d` / `7d` / `30d` → `now` + 1 / 7 / 30 × 24 h, as ISO-8601 (UTC);
 * - `never` → {@link NEVER_EXPIRES_AT} (`9999-12-31T23:59:59.000Z`),
 *   the value the server stores for "never" (it also accepts `null`; sending
 *   the explicit date keeps the field a string and matches what lists return);
 * - `custom` → ISO-8601 of `customDate`, or `null` when it is missing or not
 *   a valid date.
 * No validation of "in the future" here: see the form validators.
 */
export function computeApiKeyExpiresAt(option: ApiKeyExpiryOption, now: Date, customDate?: DateInput): string | null {
  if (option === 'never') {
    return NEVER_EXPIRES_AT;
  }
  if (option === 'custom') {
    const parsed = parseDateInput(customDate);
    return parsed.kind === 'date' ? parsed.date.toISOString() : null;
  }
  const entry = API_KEY_EXPIRY_OPTIONS.find((candidate) => candidate.id === option);
  const days = entry?.days ?? 1;
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

// ---------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------

export interface ApiKeyCreateFormInput {
  readonly name: string | null | undefined;
  readonly text_permission?: boolean;
  readonly file_permission?: boolean;
  readonly mount_permission?: boolean;
  /** The "custom key" switch. */
  readonly use_custom_key?: boolean;
  readonly custom_key?: string | null;
  readonly expiry: ApiKeyExpiryOption;
  /** The date picked when `expiry` is `custom`. */
  readonly custom_expires_at?: DateInput;
  readonly basic_path?: string | null;
}

export type ApiKeyCreateFormField = 'name' | 'custom_key' | 'expiry' | 'custom_expires_at' | 'mount_permission';

/** Body of `POST /api/admin/api-keys`. `custom_key` is present only when the custom key is enabled. */
export interface ApiKeyCreatePayload {
  readonly name: string;
  readonly expires_at: string;
  readonly text_permission: boolean;
  readonly file_permission: boolean;
  readonly mount_permission: boolean;
  readonly custom_key?: string;
  readonly basic_path: string;
}

/**
 * The expiry a key form asks for: `expiresAt` (ISO; `null` for never, or when a field is at fault)
 * and the errors of `expiry` / `custom_expires_at`. A custom date not after `now` is refused with
 * `apiKeyCustomExpiryInPast` unless `acceptPast` (editing may end a key now).
 */
function chosenExpiry(
  expiry: unknown,
  customExpiresAt: DateInput | undefined,
  now: Date,
  { acceptPast }: { acceptPast: boolean },
): { expiresAt: string | null; errors: FieldErrors<'expiry' | 'custom_expires_at'> } {
  if (!isExpiryOption(expiry)) return { expiresAt: null, errors: { expiry: validationError('apiKeyExpiryInvalid') } };
  if (expiry !== 'custom') return { expiresAt: computeApiKeyExpiresAt(expiry, now), errors: {} };
  const parsed = parseDateInput(customExpiresAt);
  if (parsed.kind === 'empty') return { expiresAt: null, errors: { custom_expires_at: validationError('apiKeyCustomExpiryRequired') } };
  if (parsed.kind === 'invalid') return { expiresAt: null, errors: { custom_expires_at: validationError('apiKeyCustomExpiryInvalid') } };
  if (!acceptPast && parsed.date.getTime() <= now.getTime()) {
    return { expiresAt: null, errors: { custom_expires_at: validationError('apiKeyCustomExpiryInPast') } };
  }
  return { expiresAt: parsed.date.toISOString(), errors: {} };
}

/**
 * Validates the create-API-key form against `now`.
 * - `name`: trimmed, required → `apiKeyNameRequired`;
 * - `custom_key` (only when `use_custom_key`): trimmed, required →
 *   `apiKeyCustomKeyRequired`; must match `^[A-Za-z0-9_-]+$` →
 *   `apiKeyCustomKeyInvalid`;
 * - `expiry`: one of 1d/7d/30d/never/custom → `apiKeyExpiryInvalid`;
 * - `custom_expires_at` (only when `expiry` is `custom`): required →
 *   `apiKeyCustomExpiryRequired`; a parsable date → `apiKeyCustomExpiryInvalid`;
 *   strictly after `now` → `apiKeyCustomExpiryInPast`;
 * - `mount_permission` requires `file_permission` → `apiKeyMountRequiresFile`
 *   (the mount explorer's endpoints are gated by the file permission).
 * Value: the request body, `expires_at` from {@link computeApiKeyExpiresAt},
 * permissions as booleans (default false), `basic_path` trimmed or `/`.
 */
export function validateApiKeyCreateForm(input: ApiKeyCreateFormInput, now: Date): FormResult<ApiKeyCreateFormField, ApiKeyCreatePayload> {
  const errors: FieldErrors<ApiKeyCreateFormField> = {};

  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') {
    errors.name = validationError('apiKeyNameRequired');
  }

  const useCustomKey = input.use_custom_key === true;
  const customKey = typeof input.custom_key === 'string' ? input.custom_key.trim() : '';
  if (useCustomKey) {
    if (customKey === '') {
      errors.custom_key = validationError('apiKeyCustomKeyRequired');
    } else if (!API_KEY_CUSTOM_KEY_PATTERN.test(customKey)) {
      errors.custom_key = validationError('apiKeyCustomKeyInvalid');
    }
  }

  const { expiresAt, errors: expiryErrors } = chosenExpiry(input.expiry, input.custom_expires_at, now, { acceptPast: false });
  Object.assign(errors, expiryErrors);

  const textPermission = input.text_permission === true;
  const filePermission = input.file_permission === true;
  const mountPermission = input.mount_permission === true;
  if (mountPermission && !filePermission) {
    errors.mount_permission = validationError('apiKeyMountRequiresFile');
  }

  return formResult(errors, () => {
    const basicPath = typeof input.basic_path === 'string' ? input.basic_path.trim() : '';
    const payload: ApiKeyCreatePayload = {
      name,
      expires_at: expiresAt ?? NEVER_EXPIRES_AT,
      text_permission: textPermission,
      file_permission: filePermission,
      mount_permission: mountPermission,
      basic_path: basicPath === '' ? API_KEY_DEFAULT_BASIC_PATH : basicPath,
    };
    return useCustomKey ? { ...payload, custom_key: customKey } : payload;
  });
}

// ---------------------------------------------------------------------------
// Edit
// ---------------------------------------------------------------------------

export interface ApiKeyEditFormInput {
  readonly name: string | null | undefined;
  /** New expiry choice; `null` / omitted keeps the current expiry. */
  readonly expiry?: ApiKeyExpiryOption | null;
  readonly custom_expires_at?: DateInput;
  readonly text_permission?: boolean;
  readonly file_permission?: boolean;
  readonly mount_permission?: boolean;
  readonly basic_path?: string | null;
}

export type ApiKeyEditFormField = 'name' | 'expiry' | 'custom_expires_at' | 'mount_permission';

/** Body of `PUT /api/admin/api-keys/{id}`: omitted fields stay unchanged. */
export interface ApiKeyEditPayload {
  readonly name: string;
  readonly expires_at?: string;
  readonly text_permission?: boolean;
  readonly file_permission?: boolean;
  readonly mount_permission?: boolean;
  readonly basic_path?: string;
}

/**
 * Validates the edit-API-key form against `now`.
 * - `name`: trimmed, required → `apiKeyNameRequired`;
 * - `expiry`: when given, one of the choices → `apiKeyExpiryInvalid`;
 * - `custom_expires_at` (only when `expiry` is `custom`): required →
 *   `apiKeyCustomExpiryRequired`; parsable → `apiKeyCustomExpiryInvalid`.
 *   Unlike creation, a past date is accepted: it lets an admin end a key now
 *   (the server deletes it the next time it is presented);
 * - `mount_permission: true` with `file_permission: false` →
 *   `apiKeyMountRequiresFile` (a permission left `undefined` is not changed
 *   and not checked).
 * Value: the PUT body; `expires_at` only when an expiry was chosen, and
 * only the permissions / basic path that were given.
 */
export function validateApiKeyEditForm(input: ApiKeyEditFormInput, now: Date): FormResult<ApiKeyEditFormField, ApiKeyEditPayload> {
  const errors: FieldErrors<ApiKeyEditFormField> = {};

  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') {
    errors.name = validationError('apiKeyNameRequired');
  }

  let expiresAt: string | null = null;
  if (input.expiry !== null && input.expiry !== undefined) {
    const chosen = chosenExpiry(input.expiry, input.custom_expires_at, now, { acceptPast: true });
    Object.assign(errors, chosen.errors);
    expiresAt = chosen.expiresAt;
  }

  if (input.mount_permission === true && input.file_permission === false) {
    errors.mount_permission = validationError('apiKeyMountRequiresFile');
  }

  return formResult(errors, () => {
    const payload: { -readonly [K in keyof ApiKeyEditPayload]: ApiKeyEditPayload[K] } = { name };
    if (expiresAt !== null) payload.expires_at = expiresAt;
    if (input.text_permission !== undefined) payload.text_permission = input.text_permission;
    if (input.file_permission !== undefined) payload.file_permission = input.file_permission;
    if (input.mount_permission !== undefined) payload.mount_permission = input.mount_permission;
    if (typeof input.basic_path === 'string') {
      const basicPath = input.basic_path.trim();
      payload.basic_path = basicPath === '' ? API_KEY_DEFAULT_BASIC_PATH : basicPath;
    }
    return payload;
  });
}
