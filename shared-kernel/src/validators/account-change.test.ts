import { validateAccountChangeForm } from './account-change';

describe('validateAccountChangeForm', () => {
  it('accepts a new password alone', () => {
    expect(validateAccountChangeForm({ currentPassword: 'admin123', newPassword: 'n3w-secret', newUsername: '' })).toEqual({
      valid: true,
      errors: {},
      value: { currentPassword: 'admin123', newPassword: 'n3w-secret' },
    });
  });

  it('accepts a new username alone, trimmed', () => {
    expect(validateAccountChangeForm({ currentPassword: 'admin123', newUsername: '  root  ' }).value).toEqual({
      currentPassword: 'admin123',
      newUsername: 'root',
    });
  });

  it('accepts a new username and a new password together', () => {
    expect(validateAccountChangeForm({ currentPassword: 'a', newPassword: 'b', newUsername: 'c' }).value).toEqual({
      currentPassword: 'a',
      newPassword: 'b',
      newUsername: 'c',
    });
  });

  it('requires the current password', () => {
    expect(validateAccountChangeForm({ currentPassword: '', newPassword: 'x' }).errors.currentPassword?.key).toBe(
      'accountCurrentPasswordRequired',
    );
    expect(validateAccountChangeForm({ currentPassword: undefined, newPassword: 'x' }).errors.currentPassword?.key).toBe(
      'accountCurrentPasswordRequired',
    );
  });

  it('requires a new password or a new username', () => {
    const { errors } = validateAccountChangeForm({ currentPassword: 'admin123', newPassword: '', newUsername: '   ' });
    expect(errors.newPassword?.key).toBe('accountNothingToChange');
    expect(errors.newUsername?.key).toBe('accountNothingToChange');
  });

  it('refuses a new password equal to the current one', () => {
    const { errors } = validateAccountChangeForm({ currentPassword: 'admin123', newPassword: 'admin123' });
    expect(errors.newPassword?.key).toBe('accountNewPasswordSameAsCurrent');
  });

  it('refuses a new password equal to the current one even with a new username', () => {
    expect(validateAccountChangeForm({ currentPassword: 'p', newPassword: 'p', newUsername: 'u' }).valid).toBe(false);
  });

  it('does not trim passwords', () => {
    const result = validateAccountChangeForm({ currentPassword: 'admin123', newPassword: ' admin123 ' });
    expect(result.value?.newPassword).toBe(' admin123 ');
  });
});
