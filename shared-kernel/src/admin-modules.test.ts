import { ADMIN_MODULES, isAdminModule } from './admin-modules';

describe('admin modules', () => {
  it('lists the eight admin modules (the seven of the spec and backup, issue 37), in menu order', () => {
    expect(ADMIN_MODULES.join(' ')).toBe(
      'dashboard text-management file-management storage-config mount-management key-management settings backup',
    );
  });

  it.each([
    ['settings', true],
    ['dashboard', true],
    ['users', false],
    [undefined, false],
    ['', false],
  ])('recognises admin modules only: %p is %p', (value, expected) => {
    expect(isAdminModule(value)).toBe(expected);
  });
});
