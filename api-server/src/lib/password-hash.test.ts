import { hashPassword, needsRehash, sha256Hex, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('verifies a scrypt hash with the right password only', async () => {
    const hash = await hashPassword('s3cret');
    await expect(verifyPassword('s3cret', hash)).resolves.toBe(true);
    await expect(verifyPassword('s3cret ', hash)).resolves.toBe(false);
  });

  it('salts every hash, so the same password hashes differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('accepts the legacy unsalted SHA-256 lowercase hex form', async () => {
    const legacy = sha256Hex('admin123');
    expect(legacy).toBe('240be518fabd2724ddb6f04eeb1da5967448d7e831c08c8fa822809f74c720a9');
    await expect(verifyPassword('admin123', legacy)).resolves.toBe(true);
    await expect(verifyPassword('admin124', legacy)).resolves.toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it('rejects stored values that are neither scrypt nor SHA-256 hex, including plaintext', async () => {
    await expect(verifyPassword('admin123', 'admin123')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$broken')).resolves.toBe(false);
    await expect(verifyPassword('x', sha256Hex('x').toUpperCase())).resolves.toBe(false);
  });
});
