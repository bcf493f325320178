import { formResult, validationError, type FieldErrors, type FormResult } from './validation-result';

export interface AccountChangeFormInput {
  readonly currentPassword: string | null | undefined;
  readonly newPassword?: string | null;
  readonly newUsername?: string | null;
}

export type AccountChangeFormField = 'currentPassword' | 'newPassword' | 'newUsername';

/** Body of `POST /api/admin/change-password`; absent new values are omitted. */
export interface AccountChangePayload {
  readonly currentPassword: string;
  readonly newPassword?: string;
  readonly newUsername?: string;
}

/**
 * Validates the admin account-change form. Passwords are never trimmed (only
 * `''` counts as missing); the new username is trimmed (the server ignores a
 * blank one).
 * - `currentPassword` required → `accountCurrentPasswordRequired`;
 * - neither a new password nor a new username → `accountNothingToChange`,
 *   set on both `newPassword` and `newUsername`;
 * - `newPassword` equal to `currentPassword` → `accountNewPasswordSameAsCurrent`.
 * Value: the request body with only the given new values.
 */
export function validateAccountChangeForm(input: AccountChangeFormInput): FormResult<AccountChangeFormField, AccountChangePayload> {
  const errors: FieldErrors<AccountChangeFormField> = {};

  const currentPassword = typeof input.currentPassword === 'string' ? input.currentPassword : '';
  const newPassword = typeof input.newPassword === 'string' ? input.newPassword : '';
  const newUsername = typeof input.newUsername === 'string' ? input.newUsername.trim() : '';

  if (currentPassword === '') {
    errors.currentPassword = validationError('accountCurrentPasswordRequired');
  }

  if (newPassword === '' && newUsername === '') {
    const nothing = validationError('accountNothingToChange');
    errors.newPassword = nothing;
    errors.newUsername = nothing;
  } else if (newPassword !== '' && newPassword === currentPassword) {
    errors.newPassword = validationError('accountNewPasswordSameAsCurrent');
  }

  return formResult(errors, () => ({
    currentPassword,
    ...(newPassword !== '' ? { newPassword } : {}),
    ...(newUsername !== '' ? { newUsername } : {}),
  }));
}
