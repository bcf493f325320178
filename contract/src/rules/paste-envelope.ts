/**
 * End-to-end encrypted pastes (issue 15): the envelope an encrypting client stores as a paste's
 * `content`, and the shape check both sides apply to it. The server checks only the shape (it never
 * has the key); the client checks it before it tries to decrypt.
 *
 * Version 1: `{"v":1,"alg":"AES-256-GCM","iv":"…","ct":"…"}`, plus
 * `"kdf":{"name":"PBKDF2-SHA-256","iterations":…,"salt":"…"}` when the paste also has a share
 * password. Binary fields are base64url without padding; `ct` is the ciphertext with the 16-byte GCM
 * tag appended (as WebCrypto returns it).
 *
 * The encryption itself is `@cloudclip/contract/paste-crypto` (crypto/), kept out of this index.
 */
import { decodeBase64Url } from '../crypto/base64url';

/**
 * A backend that stores such envelopes as end-to-end encrypted pastes (checks their shape, answers
 * `encryption` on the paste, never previews or indexes them) lists `"paste-encryption"` in
 * `GET /api/version` → `data.features`. A client offers encryption only then: a backend of the plain
 * contract would store the envelope as ordinary text, and every reader would see the ciphertext.
 */
export const SERVER_FEATURE_PASTE_ENCRYPTION = 'paste-encryption';

/** The `encryption` value of a paste whose content is a version 1 envelope. */
export const PASTE_ENCRYPTION_V1 = 'aes-256-gcm/v1';

/** Every `encryption` value a paste may carry (one today; a later envelope version adds one). */
export type PasteEncryption = typeof PASTE_ENCRYPTION_V1;

/** Response header of the raw link of an encrypted paste, so a plain HTTP client knows it got ciphertext. */
export const PASTE_ENCRYPTION_HEADER = 'X-Cloudclip-Encryption';

/** Envelope version this contract knows. */
export const PASTE_ENVELOPE_VERSION = 1;
/** The cipher of a version 1 envelope. */
export const PASTE_ENVELOPE_ALGORITHM = 'AES-256-GCM';
/** The key derivation of a version 1 envelope with a share password. */
export const PASTE_ENVELOPE_KDF_NAME = 'PBKDF2-SHA-256';
/** Length of the AES-GCM IV in bytes. */
export const PASTE_ENVELOPE_IV_BYTES = 12;
/** Length of the GCM authentication tag at the end of `ct`, in bytes (so `ct` is at least this long). */
export const PASTE_ENVELOPE_TAG_BYTES = 16;
/** Length of the PBKDF2 salt in bytes. */
export const PASTE_ENVELOPE_SALT_BYTES = 16;
/** Fewest PBKDF2 iterations an envelope may name (what the client uses). */
export const PASTE_ENVELOPE_MIN_ITERATIONS = 600_000;
/** Most PBKDF2 iterations an envelope may name, so a stored paste cannot make its readers' browsers hang. */
export const PASTE_ENVELOPE_MAX_ITERATIONS = 10_000_000;

/** The key derivation part of a version 1 envelope (present only when the paste has a share password). */
export interface PasteEnvelopeKdf {
  name: typeof PASTE_ENVELOPE_KDF_NAME;
  iterations: number;
  /** base64url, {@link PASTE_ENVELOPE_SALT_BYTES} bytes. */
  salt: string;
}

/** A version 1 envelope, as parsed from a paste's `content`. */
export interface PasteEnvelope {
  v: typeof PASTE_ENVELOPE_VERSION;
  alg: typeof PASTE_ENVELOPE_ALGORITHM;
  /** base64url, {@link PASTE_ENVELOPE_IV_BYTES} bytes. */
  iv: string;
  /** base64url: ciphertext followed by the 16-byte GCM tag. */
  ct: string;
  kdf?: PasteEnvelopeKdf;
}

/**
 * What is wrong with a would-be envelope: not JSON, not a JSON object, a version other than 1
 * (`badVersion`, so a newer client's paste is told apart from a damaged one), another algorithm, a
 * malformed IV, ciphertext or key derivation, or a field version 1 does not have.
 */
export type PasteEnvelopeProblem =
  'notJson' | 'notObject' | 'badVersion' | 'badAlgorithm' | 'badIv' | 'badCiphertext' | 'badKdf' | 'unexpectedField';

/** The answer of {@link inspectPasteEnvelope}: the parsed envelope, or the first problem found. */
export type PasteEnvelopeInspection = { envelope: PasteEnvelope } | { problem: PasteEnvelopeProblem };

const ENVELOPE_FIELDS: readonly string[] = ['v', 'alg', 'iv', 'ct', 'kdf'];
const KDF_FIELDS: readonly string[] = ['name', 'iterations', 'salt'];

/**
 * Number of bytes a canonical unpadded base64url string encodes, or `null` when it is not one
 * (another character, padding, an impossible length, or stray bits in the last character — so each
 * byte string has exactly one spelling). The decoder is the one the encrypting client uses.
 */
function base64urlByteLength(value: string): number | null {
  return decodeBase64Url(value)?.length ?? null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOnly(record: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(record).every((key) => allowed.includes(key));
}

function inspectKdf(value: unknown): PasteEnvelopeKdf | 'badKdf' | 'unexpectedField' {
  if (!isPlainObject(value)) return 'badKdf';
  const { name, iterations, salt } = value;
  if (name !== PASTE_ENVELOPE_KDF_NAME) return 'badKdf';
  if (
    typeof iterations !== 'number' ||
    !Number.isInteger(iterations) ||
    iterations < PASTE_ENVELOPE_MIN_ITERATIONS ||
    iterations > PASTE_ENVELOPE_MAX_ITERATIONS
  ) {
    return 'badKdf';
  }
  if (typeof salt !== 'string' || base64urlByteLength(salt) !== PASTE_ENVELOPE_SALT_BYTES) return 'badKdf';
  if (!hasOnly(value, KDF_FIELDS)) return 'unexpectedField';
  return { name, iterations, salt };
}

/**
 * Checks that `content` is a well-formed version 1 envelope (shape only: the server cannot decrypt,
 * and the client learns of a wrong key from AES-GCM itself). Checked in this order: JSON, object,
 * version, algorithm, IV (exactly 12 bytes), ciphertext (at least the 16-byte tag), key derivation
 * (PBKDF2-SHA-256, 600,000 to 10,000,000 iterations, a 16-byte salt), then no other field.
 */
export function inspectPasteEnvelope(content: string): PasteEnvelopeInspection {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { problem: 'notJson' };
  }
  if (!isPlainObject(parsed)) return { problem: 'notObject' };
  const { v, alg, iv, ct, kdf } = parsed;
  if (v !== PASTE_ENVELOPE_VERSION) return { problem: 'badVersion' };
  if (alg !== PASTE_ENVELOPE_ALGORITHM) return { problem: 'badAlgorithm' };
  if (typeof iv !== 'string' || base64urlByteLength(iv) !== PASTE_ENVELOPE_IV_BYTES) return { problem: 'badIv' };
  const ctBytes = typeof ct === 'string' ? base64urlByteLength(ct) : null;
  if (typeof ct !== 'string' || ctBytes === null || ctBytes < PASTE_ENVELOPE_TAG_BYTES) {
    return { problem: 'badCiphertext' };
  }
  let envelopeKdf: PasteEnvelopeKdf | undefined;
  if (kdf !== undefined) {
    const checked = inspectKdf(kdf);
    if (typeof checked === 'string') return { problem: checked };
    envelopeKdf = checked;
  }
  if (!hasOnly(parsed, ENVELOPE_FIELDS)) return { problem: 'unexpectedField' };
  const envelope: PasteEnvelope = { v, alg, iv, ct };
  if (envelopeKdf) envelope.kdf = envelopeKdf;
  return { envelope };
}

/** Whether a value is an `encryption` value this contract knows. */
export function isPasteEncryption(value: unknown): value is PasteEncryption {
  return value === PASTE_ENCRYPTION_V1;
}
