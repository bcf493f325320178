/**
 * The stored form of an end-to-end encrypted paste (issue 15): a JSON object in the paste's
 * `content`, versioned so a later scheme can sit next to this one. Reading it tells an envelope of
 * another version (this client cannot open it) from a damaged one.
 */

/** Version 1: AES-256-GCM, the key from the link (optionally stretched with the share password). */
export const ENVELOPE_VERSION = 1;
export const ENVELOPE_ALGORITHM = 'AES-256-GCM';
export const KDF_NAME = 'PBKDF2-SHA-256';
/** Iterations this client uses when it encrypts; what it accepts when it decrypts is the range below. */
export const PBKDF2_ITERATIONS = 600_000;
export const MIN_PBKDF2_ITERATIONS = 600_000;
export const MAX_PBKDF2_ITERATIONS = 10_000_000;

/** The key derivation of an envelope whose paste also has a share password. */
export interface EnvelopeKdf {
  name: typeof KDF_NAME;
  iterations: number;
  /** base64url, 16 bytes. */
  salt: string;
}

/** Version 1 of the envelope: binary fields base64url without padding. */
export interface PasteEnvelopeV1 {
  v: typeof ENVELOPE_VERSION;
  alg: typeof ENVELOPE_ALGORITHM;
  /** 12 bytes. */
  iv: string;
  /** The ciphertext with the 16-byte GCM tag appended. */
  ct: string;
  kdf?: EnvelopeKdf;
}

/** Why stored content is not an envelope this client can open. */
export type EnvelopeProblem = 'unsupportedVersion' | 'damaged';

const TOP_FIELDS = new Set(['v', 'alg', 'iv', 'ct', 'kdf']);
const KDF_FIELDS = new Set(['name', 'iterations', 'salt']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function onlyFields(value: Record<string, unknown>, allowed: Set<string>): boolean {
  return Object.keys(value).every((field) => allowed.has(field));
}

function readKdf(value: unknown): EnvelopeKdf | null {
  if (!isRecord(value) || !onlyFields(value, KDF_FIELDS)) return null;
  const { name, iterations, salt } = value;
  if (name !== KDF_NAME || typeof salt !== 'string') return null;
  if (typeof iterations !== 'number' || !Number.isInteger(iterations)) return null;
  if (iterations < MIN_PBKDF2_ITERATIONS || iterations > MAX_PBKDF2_ITERATIONS) return null;
  return { name, iterations, salt };
}

/**
 * The envelope in a paste's content, or why there is none: a positive integer `v` other than 1 is
 * a version this client does not know; anything else that is not a well-formed version 1 object
 * (fields, types, iteration range) is damaged. Byte lengths are checked when the fields are decoded.
 */
export function readPasteEnvelope(content: string): { envelope: PasteEnvelopeV1 } | { problem: EnvelopeProblem } {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return { problem: 'damaged' };
  }
  if (!isRecord(value)) return { problem: 'damaged' };
  const { v, alg, iv, ct, kdf } = value;
  if (typeof v === 'number' && Number.isInteger(v) && v > 0 && v !== ENVELOPE_VERSION) return { problem: 'unsupportedVersion' };
  if (v !== ENVELOPE_VERSION || alg !== ENVELOPE_ALGORITHM || !onlyFields(value, TOP_FIELDS)) return { problem: 'damaged' };
  if (typeof iv !== 'string' || typeof ct !== 'string') return { problem: 'damaged' };
  if (kdf === undefined) return { envelope: { v, alg, iv, ct } };
  const readKdfValue = readKdf(kdf);
  return readKdfValue ? { envelope: { v, alg, iv, ct, kdf: readKdfValue } } : { problem: 'damaged' };
}

/** The JSON text stored as the paste's content. */
export function writePasteEnvelope(envelope: PasteEnvelopeV1): string {
  const { v, alg, iv, ct, kdf } = envelope;
  return JSON.stringify(kdf ? { v, alg, iv, ct, kdf } : { v, alg, iv, ct });
}
