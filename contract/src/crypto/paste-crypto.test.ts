import { decodeBase64Url, encodeBase64Url } from './base64url';
import { decryptPaste, encryptPaste, PasteCryptoError, type PasteCryptoErrorCode } from './paste-crypto';
import packageJson from '../../package.json';
import { inspectPasteEnvelope } from '../rules/paste-envelope';

const MARKDOWN = '# Secret plan\n\nMeet at the *old mill* — 午夜 🌙 bring the map.';

async function failure(work: Promise<unknown>): Promise<{ code: PasteCryptoErrorCode; withPassword: boolean }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof PasteCryptoError) return { code: error.code, withPassword: error.withPassword };
    throw error;
  }
  throw new Error('expected the decryption to fail');
}

/** The envelope as an object, changed by `edit`, back to JSON. */
function edited(envelope: string, edit: (value: Record<string, unknown>) => void): string {
  const value = JSON.parse(envelope) as Record<string, unknown>;
  edit(value);
  return JSON.stringify(value);
}

/** Flips one bit of byte `index` (negative: from the end) of a base64url field. */
function flipByte(field: string, index: number): string {
  const bytes = decodeBase64Url(field);
  if (!bytes) throw new Error('not base64url');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return encodeBase64Url(bytes);
}

describe('encryptPaste / decryptPaste', () => {
  it('round-trips Markdown with a 43-character key and a version 1 envelope with a fresh 12-byte IV', async () => {
    const first = await encryptPaste(MARKDOWN);
    const second = await encryptPaste(MARKDOWN);
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const envelope = JSON.parse(first.envelope) as Record<string, string | number>;
    expect(Object.keys(envelope)).toEqual(['v', 'alg', 'iv', 'ct']);
    expect(envelope).toMatchObject({ v: 1, alg: 'AES-256-GCM' });
    expect(decodeBase64Url(String(envelope.iv))).toHaveLength(12);
    expect(decodeBase64Url(String(envelope.ct))).toHaveLength(new TextEncoder().encode(MARKDOWN).length + 16);
    expect(second.key).not.toBe(first.key);
    expect(JSON.parse(second.envelope).iv).not.toBe(envelope.iv);
    await expect(decryptPaste(first.envelope, first.key)).resolves.toBe(MARKDOWN);
    await expect(decryptPaste(second.envelope, second.key)).resolves.toBe(MARKDOWN);
  });

  it('keeps the plaintext out of the envelope, in any usual spelling', async () => {
    const { envelope, key } = await encryptPaste(MARKDOWN);
    const utf8 = new TextEncoder().encode(MARKDOWN);
    for (const spelling of [
      'Secret plan',
      'old mill',
      '午夜',
      Buffer.from(utf8).toString('base64').slice(0, 16),
      encodeBase64Url(utf8).slice(0, 16),
    ]) {
      expect(envelope).not.toContain(spelling);
    }
    expect(envelope).not.toContain(key);
  });

  it('refuses another key (badKey)', async () => {
    const { envelope } = await encryptPaste(MARKDOWN);
    const other = await encryptPaste(MARKDOWN);
    await expect(failure(decryptPaste(envelope, other.key))).resolves.toEqual({ code: 'badKey', withPassword: false });
  });

  it('refuses a key that is not 32 bytes of base64url, or changed in its last character (badKey)', async () => {
    const { envelope, key } = await encryptPaste(MARKDOWN);
    for (const bad of [key.slice(0, 42), key + 'A', key.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')), `${key.slice(0, 40)}+/=`]) {
      await expect(failure(decryptPaste(envelope, bad))).resolves.toMatchObject({ code: 'badKey' });
    }
  });

  it('says the key is missing when there is none (missingKey)', async () => {
    const { envelope } = await encryptPaste(MARKDOWN);
    await expect(failure(decryptPaste(envelope, ''))).resolves.toMatchObject({ code: 'missingKey' });
    await expect(failure(decryptPaste(envelope, null))).resolves.toMatchObject({ code: 'missingKey' });
  });

  it('rejects a changed ciphertext, GCM tag or IV (badKey: GCM refuses it)', async () => {
    const { envelope, key } = await encryptPaste(MARKDOWN);
    const tampered = [
      edited(envelope, (value) => (value.ct = flipByte(String(value.ct), 0))),
      edited(envelope, (value) => (value.ct = flipByte(String(value.ct), -1))),
      edited(envelope, (value) => (value.iv = flipByte(String(value.iv), 5))),
    ];
    for (const changed of tampered) await expect(failure(decryptPaste(changed, key))).resolves.toMatchObject({ code: 'badKey' });
  });

  it('needs the password as well as the key when one was given, and refuses a wrong one', async () => {
    const { envelope, key } = await encryptPaste(MARKDOWN, 'correct horse');
    const kdf = (JSON.parse(envelope) as { kdf: { name: string; iterations: number; salt: string } }).kdf;
    expect(kdf).toMatchObject({ name: 'PBKDF2-SHA-256', iterations: 600000 });
    expect(decodeBase64Url(kdf.salt)).toHaveLength(16);
    await expect(decryptPaste(envelope, key, 'correct horse')).resolves.toBe(MARKDOWN);
    await expect(failure(decryptPaste(envelope, key, 'wrong horse'))).resolves.toEqual({ code: 'badKey', withPassword: true });
    await expect(failure(decryptPaste(envelope, key))).resolves.toEqual({ code: 'passwordRequired', withPassword: true });
    const other = await encryptPaste(MARKDOWN);
    await expect(failure(decryptPaste(envelope, other.key, 'correct horse'))).resolves.toMatchObject({ code: 'badKey' });
    await expect(failure(decryptPaste(envelope, key.slice(1), 'correct horse'))).resolves.toEqual({ code: 'badKey', withPassword: false });
  });

  it('uses no key derivation for an empty password', async () => {
    const { envelope, key } = await encryptPaste(MARKDOWN, '');
    expect(JSON.parse(envelope)).not.toHaveProperty('kdf');
    await expect(decryptPaste(envelope, key, 'ignored gate password')).resolves.toBe(MARKDOWN);
  });

  it('tells an envelope of a later version (unsupportedVersion) from a damaged one', async () => {
    const { envelope, key } = await encryptPaste(MARKDOWN);
    const version2 = edited(envelope, (value) => ((value.v = 2), (value.alg = 'XChaCha20'), (value.extra = true)));
    await expect(failure(decryptPaste(version2, key))).resolves.toMatchObject({ code: 'unsupportedVersion' });
    await expect(failure(decryptPaste(version2, ''))).resolves.toMatchObject({ code: 'unsupportedVersion' });
    const damaged = [
      'not json',
      '[1]',
      edited(envelope, (value) => (value.v = '1')),
      edited(envelope, (value) => delete value.v),
      edited(envelope, (value) => (value.alg = 'AES-128-GCM')),
      edited(envelope, (value) => (value.extra = 1)),
      edited(envelope, (value) => (value.iv = String(value.iv).slice(0, 10))),
      edited(envelope, (value) => (value.iv = `${String(value.iv)}=`)),
      edited(envelope, (value) => (value.ct = 'AAAA')),
      edited(envelope, (value) => (value.kdf = { name: 'PBKDF2-SHA-256', iterations: 1000, salt: encodeBase64Url(new Uint8Array(16)) })),
    ];
    for (const content of damaged) await expect(failure(decryptPaste(content, key, 'pw'))).resolves.toMatchObject({ code: 'damaged' });
  });

  it('refuses a salt of the wrong length (damaged)', async () => {
    const { envelope, key } = await encryptPaste(MARKDOWN, 'pw');
    const shortSalt = edited(envelope, (value) => ((value.kdf as { salt: string }).salt = encodeBase64Url(new Uint8Array(8))));
    await expect(failure(decryptPaste(shortSalt, key, 'pw'))).resolves.toMatchObject({ code: 'damaged' });
  });
});

describe('@cloudclip/contract/paste-crypto (what the web client and the command line import)', () => {
  const entry = packageJson.exports['./paste-crypto'];
  // The module a bundler (`browser`) or Node's ESM loader (`import`) takes, loaded through the
  // package's own map (jest cannot resolve a package's reference to itself).
  const subpath = () => import(`../../${entry.browser.default}`) as Promise<typeof import('./paste-crypto')>;

  it('maps every condition to this module: its source for bundlers, the tsc output of it for require()', () => {
    expect(entry).toEqual({
      browser: { types: './src/crypto/paste-crypto.ts', default: './src/crypto/paste-crypto.ts' },
      import: { types: './src/crypto/paste-crypto.ts', default: './src/crypto/paste-crypto.ts' },
      require: { types: './dist/crypto/paste-crypto.d.ts', default: './dist/crypto/paste-crypto.js' },
      default: './src/crypto/paste-crypto.ts',
    });
  });

  it('exports the envelope functions and its error, and the contract index exports none of them', async () => {
    const module = await subpath();
    expect(Object.keys(module).sort()).toEqual(['PasteCryptoError', 'decryptPaste', 'encryptPaste']);
    const index = (await import('../index')) as Record<string, unknown>;
    for (const name of Object.keys(module)) expect(index).not.toHaveProperty(name);
  });

  it('stores a ciphertext the server accepts and reads it back, with and without a password; a wrong key or password fails with its code', async () => {
    const { encryptPaste: encrypt, decryptPaste: decrypt, PasteCryptoError: CryptoError } = await subpath();
    const codeOf = async (work: Promise<string>) => {
      try {
        await work;
      } catch (error) {
        if (error instanceof CryptoError) return [error.code, error.withPassword];
        throw error;
      }
      return 'decrypted';
    };

    const plain = await encrypt(MARKDOWN);
    expect(inspectPasteEnvelope(plain.envelope)).toEqual({ envelope: JSON.parse(plain.envelope) });
    await expect(decrypt(plain.envelope, plain.key)).resolves.toBe(MARKDOWN);
    const otherKey = (await encrypt('other')).key;
    await expect(codeOf(decrypt(plain.envelope, otherKey))).resolves.toEqual(['badKey', false]);

    const gated = await encrypt(MARKDOWN, 'hunter2');
    expect(inspectPasteEnvelope(gated.envelope)).toEqual({ envelope: JSON.parse(gated.envelope) });
    await expect(decrypt(gated.envelope, gated.key, 'hunter2')).resolves.toBe(MARKDOWN);
    await expect(codeOf(decrypt(gated.envelope, gated.key, 'hunter3'))).resolves.toEqual(['badKey', true]);
    await expect(codeOf(decrypt(gated.envelope, otherKey, 'hunter2'))).resolves.toEqual(['badKey', true]);
    await expect(codeOf(decrypt(gated.envelope, gated.key))).resolves.toEqual(['passwordRequired', true]);
    await expect(codeOf(decrypt(gated.envelope, ''))).resolves.toEqual(['missingKey', false]);
  });
});
