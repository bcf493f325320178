import type { ApiKey, ApiKeyCreateFormInput, ApiKeyEditFormInput, ApiKeyExpiryOption, DateInput } from '@cloudclip/shared-kernel';

/** A date-picker value (a dayjs object), a Date, a string or nothing → what the kernel validators take. */
export function toDateInput(value: unknown): DateInput {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'object' && typeof (value as { toDate?: unknown }).toDate === 'function')
    return (value as { toDate: () => Date }).toDate();
  return String(value);
}

export interface KeyCreateValues {
  name?: string;
  text_permission?: boolean;
  file_permission?: boolean;
  mount_permission?: boolean;
  use_custom_key?: boolean;
  custom_key?: string;
  expiry?: ApiKeyExpiryOption;
  custom_expires_at?: unknown;
  basic_path?: string;
}

export function keyCreateInput(values: KeyCreateValues): ApiKeyCreateFormInput {
  return {
    name: values.name,
    text_permission: values.text_permission === true,
    file_permission: values.file_permission === true,
    mount_permission: values.mount_permission === true,
    use_custom_key: values.use_custom_key === true,
    custom_key: values.custom_key,
    expiry: values.expiry ?? '1d',
    custom_expires_at: toDateInput(values.custom_expires_at),
    basic_path: values.basic_path,
  };
}

export type KeyEditExpiry = 'keep' | ApiKeyExpiryOption;

export interface KeyEditValues {
  name?: string;
  text_permission?: boolean;
  file_permission?: boolean;
  mount_permission?: boolean;
  expiry?: KeyEditExpiry;
  custom_expires_at?: unknown;
  basic_path?: string;
}

export function keyEditInput(values: KeyEditValues): ApiKeyEditFormInput {
  return {
    name: values.name,
    expiry: !values.expiry || values.expiry === 'keep' ? null : values.expiry,
    custom_expires_at: toDateInput(values.custom_expires_at),
    text_permission: values.text_permission === true,
    file_permission: values.file_permission === true,
    mount_permission: values.mount_permission === true,
    basic_path: values.basic_path ?? '/',
  };
}

export function keyToEditValues(key: ApiKey): KeyEditValues {
  const on = (value: ApiKey['text_permission']) => value === 1;
  return {
    name: key.name,
    text_permission: on(key.text_permission),
    file_permission: on(key.file_permission),
    mount_permission: on(key.mount_permission),
    expiry: 'keep',
    basic_path: key.basic_path || '/',
  };
}
