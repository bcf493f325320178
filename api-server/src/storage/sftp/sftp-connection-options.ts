import { StorageError } from '../storage-driver';

/** What an SFTP connection needs: the server's address, the login, the pinned host key, timeouts. */

export interface SftpConnectionOptions {
  host: string;
  port: number;
  username: string;
  /** A password, or a PEM / OpenSSH private key (detected by `-----BEGIN`). */
  secret: string;
  /** `SHA256:<base64 without padding>`; null = refuse every connection (nothing is blindly trusted). */
  hostKeySha256: string | null;
  /** TCP connect + SSH handshake + auth (default 15 s). */
  readyTimeoutMs?: number;
  /** Any single SFTP request without an answer this long fails the request and drops the session (default 30 s). */
  operationTimeoutMs?: number;
}

export const DEFAULT_READY_TIMEOUT_MS = 15_000;
export const DEFAULT_OPERATION_TIMEOUT_MS = 30_000;

export function isPrivateKey(secret: string): boolean {
  return secret.trimStart().startsWith('-----BEGIN');
}

/** `sftp://host:port` (port 22 by default) → host and port. */
export function parseSftpEndpoint(endpoint: string): { host: string; port: number } {
  let url: URL;
  try {
    url = new URL(endpoint.includes('://') ? endpoint : `sftp://${endpoint}`);
  } catch {
    throw new StorageError('InvalidArgument', `Not an sftp://host:port address: ${endpoint}`);
  }
  if (url.protocol !== 'sftp:' || !url.hostname) throw new StorageError('InvalidArgument', `Not an sftp://host:port address: ${endpoint}`);
  const port = url.port ? Number(url.port) : 22;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port };
}
