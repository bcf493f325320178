/**
 * The stored form of an end-to-end encrypted paste (issue 15) as an encrypting client reads and
 * writes it. The shape check is the contract's own (`inspectPasteEnvelope` in
 * rules/paste-envelope.ts, the one the server applies); reading adds only what a client must tell
 * its reader: an envelope of a later version (this client cannot open it) from a damaged one.
 */
import { inspectPasteEnvelope, type PasteEnvelope } from '../rules/paste-envelope';

/** Why stored content is not an envelope this client can open. */
export type EnvelopeProblem = 'unsupportedVersion' | 'damaged';

/** A later envelope version: a positive whole number other than the one this client reads. */
function isLaterVersion(content: string): boolean {
  try {
    const value: unknown = JSON.parse(content);
    const version = typeof value === 'object' && value !== null ? (value as { v?: unknown }).v : undefined;
    return typeof version === 'number' && Number.isInteger(version) && version > 1;
  } catch {
    return false;
  }
}

/**
 * The envelope in a paste's content, or why there is none: `unsupportedVersion` for a version this
 * client does not know, `damaged` for anything else the contract's check refuses (not JSON, a
 * missing or malformed version, another algorithm, IV, ciphertext, key derivation, stray fields).
 */
export function readPasteEnvelope(content: string): { envelope: PasteEnvelope } | { problem: EnvelopeProblem } {
  const inspection = inspectPasteEnvelope(content);
  if ('envelope' in inspection) return inspection;
  return { problem: inspection.problem === 'badVersion' && isLaterVersion(content) ? 'unsupportedVersion' : 'damaged' };
}

/** The JSON text stored as the paste's content (fields in the order of the contract's description). */
export function writePasteEnvelope(envelope: PasteEnvelope): string {
  const { v, alg, iv, ct, kdf } = envelope;
  return JSON.stringify(kdf ? { v, alg, iv, ct, kdf } : { v, alg, iv, ct });
}
