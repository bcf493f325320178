import { inspectPasteEnvelope, isPasteEncryption, PASTE_ENCRYPTION_V1, type PasteEnvelopeProblem } from '../index';

/** Unpadded base64url of `length` bytes of value `fill` (Node's encoder, independent of the checker). */
function bytes(length: number, fill = 7): string {
  return Buffer.alloc(length, fill).toString('base64url');
}

const IV = bytes(12);
const CT = bytes(40);
const SALT = bytes(16);
const KDF = { name: 'PBKDF2-SHA-256', iterations: 600_000, salt: SALT };

function envelope(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ v: 1, alg: 'AES-256-GCM', iv: IV, ct: CT, ...fields });
}

function problemOf(content: string): PasteEnvelopeProblem | null {
  const result = inspectPasteEnvelope(content);
  return 'problem' in result ? result.problem : null;
}

describe('inspectPasteEnvelope', () => {
  it('accepts a version 1 envelope without key derivation and returns its fields', () => {
    expect(inspectPasteEnvelope(envelope())).toEqual({ envelope: { v: 1, alg: 'AES-256-GCM', iv: IV, ct: CT } });
  });

  it('accepts a version 1 envelope with PBKDF2 key derivation', () => {
    expect(inspectPasteEnvelope(envelope({ kdf: KDF }))).toEqual({
      envelope: { v: 1, alg: 'AES-256-GCM', iv: IV, ct: CT, kdf: KDF },
    });
    expect(problemOf(envelope({ kdf: { ...KDF, iterations: 10_000_000 } }))).toBeNull();
  });

  it('accepts a ciphertext of exactly the 16-byte tag, and one from real random bytes', () => {
    expect(problemOf(envelope({ ct: bytes(16) }))).toBeNull();
    const random = Buffer.from(Array.from({ length: 33 }, (_, index) => (index * 97 + 13) % 256));
    expect(problemOf(envelope({ ct: random.toString('base64url') }))).toBeNull();
  });

  it.each(['', 'not json', '{"v":1', "{'v':1}"])('refuses %j as notJson', (content) => {
    expect(problemOf(content)).toBe('notJson');
  });

  it.each(['null', '[]', '[1]', '"text"', '42', 'true'])('refuses %j as notObject', (content) => {
    expect(problemOf(content)).toBe('notObject');
  });

  it.each([[{ v: 2 }], [{ v: '1' }], [{ v: 0 }], [{ v: 1.5 }], [{ v: null }]])('refuses version %j as badVersion', (fields) => {
    expect(problemOf(envelope(fields))).toBe('badVersion');
  });

  it('refuses an envelope without a version as badVersion, even with fields version 1 lacks', () => {
    expect(problemOf(JSON.stringify({ alg: 'AES-256-GCM', iv: IV, ct: CT }))).toBe('badVersion');
    expect(problemOf(JSON.stringify({ v: 2, alg: 'XChaCha20', nonce: IV, ct: CT }))).toBe('badVersion');
  });

  it.each([['aes-256-gcm'], ['AES-128-GCM'], [null], [undefined]])('refuses algorithm %j as badAlgorithm', (alg) => {
    expect(problemOf(envelope({ alg }))).toBe('badAlgorithm');
  });

  it.each([
    ['11 bytes', bytes(11)],
    ['13 bytes', bytes(13)],
    ['padding', `${bytes(11)}=`],
    ['standard base64 characters', '++++////++++////'],
    ['a non-string', 12],
    ['missing', undefined],
  ])('refuses an IV of %s as badIv', (_label, iv) => {
    expect(problemOf(envelope({ iv }))).toBe('badIv');
  });

  it.each([
    ['15 bytes (shorter than the tag)', bytes(15)],
    ['empty', ''],
    ['padding', `${bytes(16)}==`],
    ['an impossible length', `${bytes(15)}AAAAA`],
    ['stray bits in the last character', `${bytes(16).slice(0, -1)}B`],
    ['a space', `${bytes(15)} ${bytes(6)}`],
    ['a non-string', ['x']],
    ['missing', undefined],
  ])('refuses a ciphertext of %s as badCiphertext', (_label, ct) => {
    expect(problemOf(envelope({ ct }))).toBe('badCiphertext');
  });

  it.each([
    ['null', null],
    ['a string', 'PBKDF2'],
    ['another name', { ...KDF, name: 'Argon2id' }],
    ['too few iterations', { ...KDF, iterations: 599_999 }],
    ['too many iterations', { ...KDF, iterations: 10_000_001 }],
    ['fractional iterations', { ...KDF, iterations: 600_000.5 }],
    ['iterations as a string', { ...KDF, iterations: '600000' }],
    ['a 15-byte salt', { ...KDF, salt: bytes(15) }],
    ['a 17-byte salt', { ...KDF, salt: bytes(17) }],
    ['no salt', { name: KDF.name, iterations: KDF.iterations }],
  ])('refuses key derivation with %s as badKdf', (_label, kdf) => {
    expect(problemOf(envelope({ kdf }))).toBe('badKdf');
  });

  it('refuses a field version 1 does not have, at the top or in the key derivation, as unexpectedField', () => {
    expect(problemOf(envelope({ note: 'hi' }))).toBe('unexpectedField');
    expect(problemOf(envelope({ kdf: { ...KDF, hash: 'SHA-256' } }))).toBe('unexpectedField');
  });
});

describe('paste encryption values', () => {
  it('knows aes-256-gcm/v1 and nothing else', () => {
    expect(PASTE_ENCRYPTION_V1).toBe('aes-256-gcm/v1');
    expect(isPasteEncryption('aes-256-gcm/v1')).toBe(true);
    expect(isPasteEncryption('aes-256-gcm/v2')).toBe(false);
    expect(isPasteEncryption(undefined)).toBe(false);
  });
});
