import { validateApiKeyCreateForm, validateApiKeyEditForm } from '@cloudclip/shared-kernel';
import { keyCreateInput, keyEditInput, keyToEditValues, toDateInput } from './key-form';

const now = new Date('2025-07-01T08:00:00.000Z');

describe('key form wiring', () => {
  it('turns date-picker values (dayjs-like objects) into dates', () => {
    const date = new Date('2025-08-01T00:00:00.000Z');
    expect(toDateInput({ toDate: () => date })).toBe(date);
    expect(toDateInput(undefined)).toBeNull();
    expect(toDateInput('')).toBeNull();
  });

  it('reports every create rule of spec §5', () => {
    const { errors } = validateApiKeyCreateForm(
      keyCreateInput({ name: ' ', use_custom_key: true, custom_key: 'bad key!', expiry: 'custom', mount_permission: true }),
      now,
    );
    expect(errors.name?.key).toBe('apiKeyNameRequired');
    expect(errors.custom_key?.key).toBe('apiKeyCustomKeyInvalid');
    expect(errors.custom_expires_at?.key).toBe('apiKeyCustomExpiryRequired');
    expect(errors.mount_permission?.key).toBe('apiKeyMountRequiresFile');
    expect(validateApiKeyCreateForm(keyCreateInput({ name: 'k', use_custom_key: true, custom_key: '' }), now).errors.custom_key?.key).toBe(
      'apiKeyCustomKeyRequired',
    );
  });

  it('builds the create body', () => {
    const result = validateApiKeyCreateForm(
      keyCreateInput({
        name: 'k',
        text_permission: true,
        file_permission: true,
        mount_permission: true,
        expiry: '7d',
        basic_path: '/docs',
      }),
      now,
    );
    expect(result.value).toEqual({
      name: 'k',
      expires_at: '2025-07-08T08:00:00.000Z',
      text_permission: true,
      file_permission: true,
      mount_permission: true,
      basic_path: '/docs',
    });
  });

  it('keeps the expiry on edit unless another is chosen', () => {
    const values = keyToEditValues({
      id: 'k1',
      name: 'k',
      key: 'abcdefghijkl',
      key_masked: 'abcdef...',
      text_permission: 1,
      file_permission: 0,
      mount_permission: 0,
      basic_path: '/',
      created_at: '',
      expires_at: '9999-12-31T23:59:59.000Z',
      last_used: null,
    });
    expect(validateApiKeyEditForm(keyEditInput(values), now).value).toEqual({
      name: 'k',
      text_permission: true,
      file_permission: false,
      mount_permission: false,
      basic_path: '/',
    });
    expect(validateApiKeyEditForm(keyEditInput({ ...values, expiry: 'custom' }), now).errors.custom_expires_at?.key).toBe(
      'apiKeyCustomExpiryRequired',
    );
    expect(validateApiKeyEditForm(keyEditInput({ ...values, name: '' }), now).errors.name?.key).toBe('apiKeyNameRequired');
  });
});
