import {
  computeApiKeyExpiresAt,
  validateApiKeyCreateForm,
  validateApiKeyEditForm,
  type ApiKeyCreateFormInput,
  type ApiKeyEditFormInput,
} from './api-key-form';

const NOW = new Date('2025-07-01T08:00:00.000Z');

const validCreate: ApiKeyCreateFormInput = {
  name: 'ci-bot',
  text_permission: true,
  file_permission: false,
  mount_permission: false,
  use_custom_key: false,
  custom_key: '',
  expiry: '7d',
};

function createErrors(overrides: Partial<ApiKeyCreateFormInput>) {
  return validateApiKeyCreateForm({ ...validCreate, ...overrides }, NOW).errors;
}

describe('computeApiKeyExpiresAt', () => {
  it('adds 1, 7 and 30 days to now', () => {
    expect(computeApiKeyExpiresAt('1d', NOW)).toBe('2025-07-02T08:00:00.000Z');
    expect(computeApiKeyExpiresAt('7d', NOW)).toBe('2025-07-08T08:00:00.000Z');
    expect(computeApiKeyExpiresAt('30d', NOW)).toBe('2025-07-31T08:00:00.000Z');
  });

  it('uses the contract never value for never', () => {
    expect(computeApiKeyExpiresAt('never', NOW)).toBe('9999-12-31T23:59:59.000Z');
  });

  it('converts a custom date to ISO, or gives null without a valid one', () => {
    expect(computeApiKeyExpiresAt('custom', NOW, '2026-01-02T03:04:05+02:00')).toBe('2026-01-02T01:04:05.000Z');
    expect(computeApiKeyExpiresAt('custom', NOW, Date.UTC(2026, 0, 1))).toBe('2026-01-01T00:00:00.000Z');
    expect(computeApiKeyExpiresAt('custom', NOW)).toBeNull();
    expect(computeApiKeyExpiresAt('custom', NOW, 'soon')).toBeNull();
  });
});

describe('validateApiKeyCreateForm', () => {
  it('accepts a valid form and builds the request body', () => {
    expect(validateApiKeyCreateForm({ ...validCreate, name: '  ci-bot  ' }, NOW)).toEqual({
      valid: true,
      errors: {},
      value: {
        name: 'ci-bot',
        expires_at: '2025-07-08T08:00:00.000Z',
        text_permission: true,
        file_permission: false,
        mount_permission: false,
        basic_path: '/',
      },
    });
  });

  it('does not send a custom key when the custom key is disabled, even if one was typed', () => {
    const result = validateApiKeyCreateForm({ ...validCreate, custom_key: 'not used!' }, NOW);
    expect(result.valid).toBe(true);
    expect(result.value).not.toHaveProperty('custom_key');
  });

  it('requires a name after trimming', () => {
    expect(createErrors({ name: '' }).name?.key).toBe('apiKeyNameRequired');
    expect(createErrors({ name: '   ' }).name?.key).toBe('apiKeyNameRequired');
  });

  it('requires the custom key when custom is enabled', () => {
    expect(createErrors({ use_custom_key: true, custom_key: '' }).custom_key?.key).toBe('apiKeyCustomKeyRequired');
    expect(createErrors({ use_custom_key: true, custom_key: '  ' }).custom_key?.key).toBe('apiKeyCustomKeyRequired');
  });

  it.each(['my key', 'key!', 'ключ', 'a.b', 'a/b'])('rejects the custom key %j', (customKey) => {
    expect(createErrors({ use_custom_key: true, custom_key: customKey }).custom_key?.key).toBe('apiKeyCustomKeyInvalid');
  });

  it('accepts a custom key of letters, digits, dashes and underscores and sends it trimmed', () => {
    const result = validateApiKeyCreateForm({ ...validCreate, use_custom_key: true, custom_key: ' My_Key-42 ' }, NOW);
    expect(result.value?.custom_key).toBe('My_Key-42');
  });

  it('computes expires_at for each relative choice and never', () => {
    expect(validateApiKeyCreateForm({ ...validCreate, expiry: '1d' }, NOW).value?.expires_at).toBe('2025-07-02T08:00:00.000Z');
    expect(validateApiKeyCreateForm({ ...validCreate, expiry: '30d' }, NOW).value?.expires_at).toBe('2025-07-31T08:00:00.000Z');
    expect(validateApiKeyCreateForm({ ...validCreate, expiry: 'never' }, NOW).value?.expires_at).toBe('9999-12-31T23:59:59.000Z');
  });

  it('requires the custom expiry date when custom expiry is chosen', () => {
    expect(createErrors({ expiry: 'custom' }).custom_expires_at?.key).toBe('apiKeyCustomExpiryRequired');
    expect(createErrors({ expiry: 'custom', custom_expires_at: '' }).custom_expires_at?.key).toBe('apiKeyCustomExpiryRequired');
  });

  it('rejects an unparsable custom expiry date', () => {
    expect(createErrors({ expiry: 'custom', custom_expires_at: 'next tuesday' }).custom_expires_at?.key).toBe('apiKeyCustomExpiryInvalid');
    expect(createErrors({ expiry: 'custom', custom_expires_at: new Date(Number.NaN) }).custom_expires_at?.key).toBe(
      'apiKeyCustomExpiryInvalid',
    );
  });

  it('rejects a custom expiry date in the past or exactly now', () => {
    expect(createErrors({ expiry: 'custom', custom_expires_at: '2025-06-30T08:00:00.000Z' }).custom_expires_at?.key).toBe(
      'apiKeyCustomExpiryInPast',
    );
    expect(createErrors({ expiry: 'custom', custom_expires_at: NOW }).custom_expires_at?.key).toBe('apiKeyCustomExpiryInPast');
  });

  it('accepts a custom expiry date one millisecond in the future and sends it as ISO', () => {
    const result = validateApiKeyCreateForm({ ...validCreate, expiry: 'custom', custom_expires_at: new Date(NOW.getTime() + 1) }, NOW);
    expect(result.value?.expires_at).toBe('2025-07-01T08:00:00.001Z');
  });

  it('ignores the custom date when another expiry is chosen', () => {
    expect(createErrors({ expiry: '1d', custom_expires_at: 'garbage' })).toEqual({});
  });

  it('rejects an unknown expiry choice', () => {
    expect(createErrors({ expiry: '2d' as never }).expiry?.key).toBe('apiKeyExpiryInvalid');
  });

  it('refuses the mount permission without the file permission', () => {
    expect(createErrors({ mount_permission: true, file_permission: false }).mount_permission?.key).toBe('apiKeyMountRequiresFile');
  });

  it('accepts the mount permission together with the file permission', () => {
    const result = validateApiKeyCreateForm({ ...validCreate, mount_permission: true, file_permission: true }, NOW);
    expect(result.value).toMatchObject({ mount_permission: true, file_permission: true });
  });

  it('keeps a given basic path, trimmed', () => {
    expect(validateApiKeyCreateForm({ ...validCreate, basic_path: ' /docs ' }, NOW).value?.basic_path).toBe('/docs');
  });
});

const validEdit: ApiKeyEditFormInput = { name: 'ci-bot' };

describe('validateApiKeyEditForm', () => {
  it('sends only the name when nothing else changes', () => {
    expect(validateApiKeyEditForm(validEdit, NOW)).toEqual({ valid: true, errors: {}, value: { name: 'ci-bot' } });
  });

  it('requires a name after trimming', () => {
    expect(validateApiKeyEditForm({ name: ' ' }, NOW).errors.name?.key).toBe('apiKeyNameRequired');
  });

  it('requires the custom date when custom expiry is chosen', () => {
    expect(validateApiKeyEditForm({ ...validEdit, expiry: 'custom' }, NOW).errors.custom_expires_at?.key).toBe(
      'apiKeyCustomExpiryRequired',
    );
  });

  it('rejects an unparsable custom date', () => {
    expect(validateApiKeyEditForm({ ...validEdit, expiry: 'custom', custom_expires_at: 'x' }, NOW).errors.custom_expires_at?.key).toBe(
      'apiKeyCustomExpiryInvalid',
    );
  });

  it('accepts a past custom date when editing, so a key can be ended now', () => {
    const result = validateApiKeyEditForm({ ...validEdit, expiry: 'custom', custom_expires_at: '2025-01-01T00:00:00Z' }, NOW);
    expect(result.value?.expires_at).toBe('2025-01-01T00:00:00.000Z');
  });

  it('computes expires_at for relative choices and never', () => {
    expect(validateApiKeyEditForm({ ...validEdit, expiry: '1d' }, NOW).value?.expires_at).toBe('2025-07-02T08:00:00.000Z');
    expect(validateApiKeyEditForm({ ...validEdit, expiry: 'never' }, NOW).value?.expires_at).toBe('9999-12-31T23:59:59.000Z');
  });

  it('rejects an unknown expiry choice', () => {
    expect(validateApiKeyEditForm({ ...validEdit, expiry: 'forever' as never }, NOW).errors.expiry?.key).toBe('apiKeyExpiryInvalid');
  });

  it('refuses the mount permission with the file permission switched off', () => {
    expect(validateApiKeyEditForm({ ...validEdit, mount_permission: true, file_permission: false }, NOW).errors.mount_permission?.key).toBe(
      'apiKeyMountRequiresFile',
    );
  });

  it('passes the given permissions and basic path through', () => {
    const result = validateApiKeyEditForm(
      { ...validEdit, text_permission: false, file_permission: true, mount_permission: true, basic_path: '' },
      NOW,
    );
    expect(result.value).toEqual({
      name: 'ci-bot',
      text_permission: false,
      file_permission: true,
      mount_permission: true,
      basic_path: '/',
    });
  });
});
