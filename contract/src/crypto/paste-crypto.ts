/**
 * End-to-end encryption of a paste's Markdown (issue 15), with WebCrypto only: the one
 * implementation the web client and the `cloudclip` command line share (browsers and Node 20).
 * A random 256-bit key, carried in the link's fragment (never sent to the server), encrypts the
 * UTF-8 Markdown with AES-256-GCM under a random 12-byte IV. With a share password the AES key is
 * PBKDF2-SHA-256(password, salt = link key ‖ random 16-byte salt), so the link alone — or the
 * password alone, which the server knows as the gate password — is not enough.
 *
 * `@cloudclip/contract/paste-crypto`, not part of the contract's index: a web page loads it on
 * demand (a chunk of its own), only when a paste is encrypted or being encrypted.
 */
import {
  PASTE_ENVELOPE_ALGORITHM,
  PASTE_ENVELOPE_IV_BYTES,
  PASTE_ENVELOPE_KDF_NAME,
  PASTE_ENVELOPE_MIN_ITERATIONS,
  PASTE_ENVELOPE_SALT_BYTES,
  PASTE_ENVELOPE_TAG_BYTES,
  PASTE_ENVELOPE_VERSION,
  type PasteEnvelopeKdf,
} from '../rules/paste-envelope';
import { decodeBase64Url, encodeBase64Url } from './base64url';
import { readPasteEnvelope, writePasteEnvelope } from './paste-envelope';
import { randomBytes, subtle, utf8DecodeStrict, utf8Encode, type Bytes, type WebCryptoKeyUsage } from './web-crypto';

/** The link key: 256 bits. */
const KEY_BYTES = 32;
const IV_BYTES = PASTE_ENVELOPE_IV_BYTES;
const SALT_BYTES = PASTE_ENVELOPE_SALT_BYTES;
/** AES-GCM's tag, appended to the ciphertext by WebCrypto. */
const TAG_BYTES = PASTE_ENVELOPE_TAG_BYTES;
/** What this client uses when it encrypts (the contract's minimum); it reads whatever the envelope names. */
const PBKDF2_ITERATIONS = PASTE_ENVELOPE_MIN_ITERATIONS;

/**
 * Why a paste could not be opened: no key in the link; a key that is malformed or does not open
 * the ciphertext (wrong, damaged, or the ciphertext was changed: GCM cannot tell these apart, and
 * with a password a wrong password ends here too); a password is needed but none was given; an
 * envelope of a version this client does not know; an envelope that is not well formed.
 */
export type PasteCryptoErrorCode = 'missingKey' | 'badKey' | 'passwordRequired' | 'unsupportedVersion' | 'damaged';

/** The one error `decryptPaste` throws; `code` says what the page should tell the reader. */
export class PasteCryptoError extends Error {
  constructor(
    readonly code: PasteCryptoErrorCode,
    /** True when the key was derived with a password, so a wrong password is as likely as a wrong key. */
    readonly withPassword = false,
  ) {
    super(`paste decryption failed: ${code}`);
    this.name = 'PasteCryptoError';
  }
}

/** What sharing an encrypted paste needs: the content to send and the key for the link's fragment. */
export interface EncryptedPaste {
  /** The envelope (JSON) to send as the paste's content. */
  envelope: string;
  /** base64url of the 256-bit key (43 characters), for `/paste/{slug}#{key}` only. */
  key: string;
}

function concat(first: Uint8Array, second: Uint8Array): Bytes {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first, 0);
  joined.set(second, first.length);
  return joined;
}

/** A copy on a fresh ArrayBuffer: what WebCrypto takes as input. */
function buffer(bytes: Uint8Array): Bytes {
  return new Uint8Array(bytes);
}

/** The AES-GCM key: the link key itself, or PBKDF2 of the password salted with link key ‖ salt. */
async function aesKey(linkKey: Uint8Array, usage: WebCryptoKeyUsage, password?: string, kdf?: { iterations: number; salt: Uint8Array }) {
  if (!kdf || password === undefined) return subtle().importKey('raw', buffer(linkKey), 'AES-GCM', false, [usage]);
  const secret = await subtle().importKey('raw', utf8Encode(password), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: concat(linkKey, kdf.salt), iterations: kdf.iterations },
    secret,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/**
 * Encrypts the Markdown for `POST /api/paste` with `encryption: 'aes-256-gcm/v1'`. A non-empty
 * `password` (the share password) is stretched into the key; the reader then needs both.
 */
export async function encryptPaste(markdown: string, password?: string): Promise<EncryptedPaste> {
  const linkKey = randomBytes(KEY_BYTES);
  const iv = randomBytes(IV_BYTES);
  const salt = password ? randomBytes(SALT_BYTES) : null;
  const key = await aesKey(linkKey, 'encrypt', password || undefined, salt ? { iterations: PBKDF2_ITERATIONS, salt } : undefined);
  const ciphertext = await subtle().encrypt({ name: 'AES-GCM', iv }, key, utf8Encode(markdown));
  const kdf: PasteEnvelopeKdf | undefined = salt
    ? { name: PASTE_ENVELOPE_KDF_NAME, iterations: PBKDF2_ITERATIONS, salt: encodeBase64Url(salt) }
    : undefined;
  const envelope = writePasteEnvelope({
    v: PASTE_ENVELOPE_VERSION,
    alg: PASTE_ENVELOPE_ALGORITHM,
    iv: encodeBase64Url(iv),
    ct: encodeBase64Url(new Uint8Array(ciphertext)),
    ...(kdf ? { kdf } : {}),
  });
  return { envelope, key: encodeBase64Url(linkKey) };
}

/**
 * The Markdown of an encrypted paste. `key` is the link's fragment (without `#`); `password` is the
 * share password the paste was unlocked with, needed only when the envelope has a `kdf`. Throws a
 * PasteCryptoError, checked in this order: unsupportedVersion / damaged (the envelope), missingKey,
 * badKey (malformed key), passwordRequired, damaged (field lengths), badKey (GCM refused).
 */
export async function decryptPaste(envelope: string, key: string | null | undefined, password?: string): Promise<string> {
  const read = readPasteEnvelope(envelope);
  if ('problem' in read) throw new PasteCryptoError(read.problem);
  const { iv, ct, kdf } = read.envelope;
  if (!key) throw new PasteCryptoError('missingKey');
  const linkKey = decodeBase64Url(key);
  if (!linkKey || linkKey.length !== KEY_BYTES) throw new PasteCryptoError('badKey');
  if (kdf && !password) throw new PasteCryptoError('passwordRequired', true);
  const ivBytes = decodeBase64Url(iv);
  const ctBytes = decodeBase64Url(ct);
  const salt = kdf ? decodeBase64Url(kdf.salt) : null;
  if (!ivBytes || ivBytes.length !== IV_BYTES || !ctBytes || ctBytes.length < TAG_BYTES || (kdf && salt?.length !== SALT_BYTES)) {
    throw new PasteCryptoError('damaged');
  }
  const aes = await aesKey(linkKey, 'decrypt', password, kdf && salt ? { iterations: kdf.iterations, salt } : undefined);
  let plaintext: ArrayBuffer;
  try {
    plaintext = await subtle().decrypt({ name: 'AES-GCM', iv: buffer(ivBytes) }, aes, buffer(ctBytes));
  } catch {
    throw new PasteCryptoError('badKey', kdf !== undefined);
  }
  try {
    return utf8DecodeStrict(plaintext);
  } catch {
    throw new PasteCryptoError('damaged');
  }
}
