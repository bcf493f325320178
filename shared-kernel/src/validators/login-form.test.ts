import { validateAdminLoginForm, validateApiKeyLoginForm } from './login-form';

describe('validateAdminLoginForm', () => {
  it('accepts a username and password and trims the username only', () => {
    expect(validateAdminLoginForm({ username: ' admin ', password: ' admin123 ' })).toEqual({
      valid: true,
      errors: {},
      value: { username: 'admin', password: ' admin123 ' },
    });
  });

  it('requires the username after trimming', () => {
    expect(validateAdminLoginForm({ username: '   ', password: 'x' }).errors).toEqual({
      username: { ns: 'validation', key: 'loginUsernameRequired', params: {} },
    });
  });

  it('requires the password', () => {
    expect(validateAdminLoginForm({ username: 'admin', password: '' }).errors.password?.key).toBe('loginPasswordRequired');
  });

  it('reports both missing fields at once', () => {
    expect(Object.keys(validateAdminLoginForm({ username: null, password: undefined }).errors).sort()).toEqual(['password', 'username']);
  });
});

describe('validateApiKeyLoginForm', () => {
  it('accepts a key and trims it', () => {
    expect(validateApiKeyLoginForm({ apiKey: ' AbCdEf123456 ' }).value).toEqual({ apiKey: 'AbCdEf123456' });
  });

  it('requires the key', () => {
    expect(validateApiKeyLoginForm({ apiKey: '' }).errors.apiKey?.key).toBe('loginApiKeyRequired');
    expect(validateApiKeyLoginForm({ apiKey: '  ' }).valid).toBe(false);
  });
});
