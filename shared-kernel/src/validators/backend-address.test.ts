import { validateBackendAddress } from './backend-address';

describe('validateBackendAddress', () => {
  it('returns the trimmed address', () => {
    expect(validateBackendAddress('  https://api.example.com  ')).toEqual({ valid: true, value: 'https://api.example.com', error: null });
  });

  it('keeps an address that needs no trimming unchanged', () => {
    expect(validateBackendAddress('http://localhost:8787').value).toBe('http://localhost:8787');
  });

  it('refuses an empty or whitespace-only address', () => {
    expect(validateBackendAddress('').error?.key).toBe('backendAddressRequired');
    expect(validateBackendAddress(' \t ').error?.key).toBe('backendAddressRequired');
    expect(validateBackendAddress(undefined).valid).toBe(false);
  });
});
