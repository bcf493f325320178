import { normaliseHostKeySha256 } from '@cloudclip/contract';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Client } from 'ssh2';
import { DEFAULT_READY_TIMEOUT_MS, type SftpConnectionOptions } from './sftp-connection-options';
import { connectionError } from './sftp-errors';

/**
 * SSH host keys of SFTP servers: fingerprints (`SHA256:…` as `ssh-keygen -l` prints them), the
 * check against the pinned `host_key_sha256`, and the probe the admin confirms a new server with.
 */

/** The fingerprint `ssh-keygen -l -E sha256` prints for a host key blob. */
export function hostKeyFingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/** Normalises `SHA256:abc=`/`abc` to `SHA256:abc`; null when it is no SHA-256 fingerprint (the contract's rule, shared with the admin form). */
export const normaliseFingerprint: (value: string | null | undefined) => string | null = normaliseHostKeySha256;

function sameFingerprint(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Why the server's host key is refused, or null when it matches the pinned fingerprint `expected`. */
export function hostKeyProblem(where: string, expected: string | null, key: Buffer): string | null {
  const actual = hostKeyFingerprint(key);
  if (expected === null) {
    return `SFTP ${where}: no host key fingerprint is configured; the server presents ${actual} (confirm it first)`;
  }
  if (!sameFingerprint(actual, expected)) {
    return `SFTP ${where}: host key mismatch: the server presents ${actual}, the configuration expects ${expected}`;
  }
  return null;
}

/**
 * Connects once and answers the server's host key fingerprint without authenticating (the admin's
 * "confirm on first connect" step). The connection is dropped at the host key.
 */
export function probeHostKeyFingerprint(options: Pick<SftpConnectionOptions, 'host' | 'port' | 'readyTimeoutMs'>): Promise<string> {
  return probeHostKey(options).then((key) => key.fingerprint);
}

/** The algorithm name a host key blob starts with (`ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`, …). */
export function hostKeyType(keyBlob: Buffer): string {
  if (keyBlob.length < 4) return 'unknown';
  const length = keyBlob.readUInt32BE(0);
  return length > 0 && length <= 64 && keyBlob.length >= 4 + length ? keyBlob.subarray(4, 4 + length).toString('latin1') : 'unknown';
}

/** `probeHostKeyFingerprint` with the key's algorithm too (the admin panel shows both). */
export function probeHostKey(
  options: Pick<SftpConnectionOptions, 'host' | 'port' | 'readyTimeoutMs'>,
): Promise<{ fingerprint: string; keyType: string }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let fingerprint: string | null = null;
    let keyType = 'unknown';
    const done = (error?: unknown): void => {
      client.end();
      if (fingerprint) resolve({ fingerprint, keyType });
      else reject(connectionError({ ...options, username: '', secret: '', hostKeySha256: null }, error ?? new Error('no host key'), null));
    };
    client.on('error', done);
    client.on('close', () => done());
    client.on('ready', () => done());
    client.connect({
      host: options.host,
      port: options.port,
      username: 'fingerprint-probe',
      readyTimeout: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      hostVerifier: (key: Buffer) => {
        fingerprint = hostKeyFingerprint(key);
        keyType = hostKeyType(key);
        return false;
      },
    });
  });
}
