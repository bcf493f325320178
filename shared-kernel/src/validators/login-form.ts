import { formResult, validationError, type FieldErrors, type FormResult } from './validation-result';

export interface AdminLoginFormInput {
  readonly username: string | null | undefined;
  readonly password: string | null | undefined;
}

export type AdminLoginFormField = 'username' | 'password';

/** Body of `POST /api/admin/login`. */
export interface AdminLoginPayload {
  readonly username: string;
  readonly password: string;
}

/**
 * Validates the admin login form: username required after trimming
 * (`loginUsernameRequired`), password required and not trimmed
 * (`loginPasswordRequired`, only `''` counts as missing).
 * Value: `{ username: <trimmed>, password }`.
 */
export function validateAdminLoginForm(input: AdminLoginFormInput): FormResult<AdminLoginFormField, AdminLoginPayload> {
  const errors: FieldErrors<AdminLoginFormField> = {};
  const username = typeof input.username === 'string' ? input.username.trim() : '';
  const password = typeof input.password === 'string' ? input.password : '';
  if (username === '') {
    errors.username = validationError('loginUsernameRequired');
  }
  if (password === '') {
    errors.password = validationError('loginPasswordRequired');
  }
  return formResult(errors, () => ({ username, password }));
}

export interface ApiKeyLoginFormInput {
  readonly apiKey: string | null | undefined;
}

export type ApiKeyLoginFormField = 'apiKey';

/**
 * Validates the API-key login form: the key is required after trimming
 * (`loginApiKeyRequired`). Value: `{ apiKey: <trimmed> }`.
 */
export function validateApiKeyLoginForm(input: ApiKeyLoginFormInput): FormResult<ApiKeyLoginFormField, { readonly apiKey: string }> {
  const errors: FieldErrors<ApiKeyLoginFormField> = {};
  const apiKey = typeof input.apiKey === 'string' ? input.apiKey.trim() : '';
  if (apiKey === '') {
    errors.apiKey = validationError('loginApiKeyRequired');
  }
  return formResult(errors, () => ({ apiKey }));
}
