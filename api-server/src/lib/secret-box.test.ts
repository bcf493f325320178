import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SecretBox, SECRET_FILE_NAME, loadOrCreateServerSecret } from './secret-box';

describe('SecretBox', () => {
  it('round-trips text and never stores it in plain form', () => {
    const box = new SecretBox('s3cret');
    const sealed = box.encrypt('pässwörd 密码');
    expect(sealed).not.toContain('pässwörd');
    expect(box.decrypt(sealed)).toBe('pässwörd 密码');
  });

  it('gives a different ciphertext each time', () => {
    const box = new SecretBox('k');
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses a value sealed with another key or tampered with', () => {
    const sealed = new SecretBox('a').encrypt('x');
    expect(() => new SecretBox('b').decrypt(sealed)).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('y').toString('base64url');
    expect(() => new SecretBox('a').decrypt(parts.join(':'))).toThrow();
    expect(new SecretBox('b').decryptNullable(sealed)).toBeNull();
  });

  it('keeps empty values empty', () => {
    const box = new SecretBox('k');
    expect(box.encryptNullable('')).toBeNull();
    expect(box.decryptNullable(null)).toBeNull();
  });
});

describe('loadOrCreateServerSecret', () => {
  it('generates a private secret file once and reuses it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    const first = loadOrCreateServerSecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadOrCreateServerSecret(dir)).toBe(first);
    expect(readFileSync(path.join(dir, SECRET_FILE_NAME), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dir, SECRET_FILE_NAME)).mode & 0o777).toBe(0o600);
  });

  it('prefers APP_SECRET', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    expect(loadOrCreateServerSecret(dir, 'from-env')).toBe('from-env');
  });
});
