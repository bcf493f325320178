import { normaliseHostKeySha256 } from '@cloudclip/contract';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Client, type ConnectConfig, type SFTPWrapper } from 'ssh2';
import { StorageError } from '../storage-driver';

/**
 * SSH connections of the SFTP driver: host key verification (`SHA256:…` as `ssh-keygen -l` prints
 * it), password or PEM private-key auth, timeouts, and a small pool of SFTP sessions per config.
 */

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

export interface SftpSession {
  client: Client;
  sftp: SFTPWrapper;
  /** Requests and streams using the session now. */
  active: number;
  closed: boolean;
  idleTimer?: NodeJS.Timeout;
}

function connectConfig(options: SftpConnectionOptions, hostVerifier: (key: Buffer) => boolean): ConnectConfig {
  const secret = options.secret;
  return {
    host: options.host,
    port: options.port,
    username: options.username,
    ...(isPrivateKey(secret) ? { privateKey: secret } : { password: secret }),
    readyTimeout: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
    keepaliveInterval: 10_000,
    keepaliveCountMax: 3,
    hostVerifier,
  };
}

function connectionError(options: SftpConnectionOptions, error: unknown, hostKeyProblem: string | null): StorageError {
  if (hostKeyProblem) return new StorageError('AccessDenied', hostKeyProblem, { cause: error, providerCode: 'HostKeyMismatch' });
  const message = error instanceof Error ? error.message : String(error);
  const level = (error as { level?: string } | null)?.level;
  if (level === 'client-authentication') {
    return new StorageError('AccessDenied', `SFTP ${options.username}@${options.host}:${options.port}: authentication failed`, {
      cause: error,
      providerCode: 'AuthFailed',
    });
  }
  if (/timed out/i.test(message)) {
    return new StorageError('Unavailable', `SFTP ${options.host}:${options.port} did not answer in time (${message})`, {
      cause: error,
      providerCode: 'Timeout',
    });
  }
  return new StorageError('Unavailable', `SFTP ${options.host}:${options.port}: ${message}`, { cause: error });
}

/** Opens one SSH connection with an SFTP channel; the host key must match `hostKeySha256`. */
export function openSftpSession(options: SftpConnectionOptions): Promise<SftpSession> {
  const expected = normaliseFingerprint(options.hostKeySha256);
  return new Promise((resolve, reject) => {
    const client = new Client();
    client.setMaxListeners(0); // one `close` listener per request in flight
    let hostKeyProblem: string | null = null;
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      client.end();
      reject(connectionError(options, error, hostKeyProblem));
    };
    client.on('error', fail);
    client.on('close', () => fail(new Error('connection closed during the handshake')));
    client.on('ready', () => {
      client.setNoDelay(true); // small SFTP requests must not wait for Nagle's delayed ACKs
      client.sftp((error, sftp) => {
        if (error) return fail(error);
        if (settled) return;
        settled = true;
        const session: SftpSession = { client, sftp, active: 0, closed: false };
        const markClosed = (): void => {
          session.closed = true;
        };
        client.removeListener('error', fail);
        client.on('error', markClosed);
        client.on('close', markClosed);
        sftp.on('close', markClosed);
        resolve(session);
      });
    });
    const verify = (key: Buffer): boolean => {
      const actual = hostKeyFingerprint(key);
      if (expected === null) {
        hostKeyProblem = `SFTP ${options.host}:${options.port}: no host key fingerprint is configured; the server presents ${actual} (confirm it first)`;
        return false;
      }
      if (!sameFingerprint(actual, expected)) {
        hostKeyProblem = `SFTP ${options.host}:${options.port}: host key mismatch: the server presents ${actual}, the configuration expects ${expected}`;
        return false;
      }
      return true;
    };
    try {
      client.connect(connectConfig(options, verify));
    } catch (error) {
      // ssh2 throws at once for a private key it cannot parse.
      if (settled) return;
      settled = true;
      const message = error instanceof Error ? error.message : String(error);
      reject(
        new StorageError('InvalidArgument', `SFTP ${options.host}:${options.port}: ${message}`, {
          cause: error,
          providerCode: 'BadPrivateKey',
        }),
      );
    }
  });
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

const MAX_SESSIONS = 4;
const IDLE_CLOSE_MS = 60_000;
/** A new session is opened once every session carries this many requests (up to MAX_SESSIONS). */
const BUSY_THRESHOLD = 4;

/** Up to four SFTP sessions per config, shared by concurrent requests; idle ones close after 60 s. */
export class SftpPool {
  private readonly sessions = new Set<SftpSession>();
  private readonly opening = new Set<Promise<SftpSession>>();
  private destroyed = false;

  constructor(
    private readonly options: SftpConnectionOptions,
    private readonly limits: { maxSessions?: number; idleCloseMs?: number } = {},
  ) {}

  get size(): number {
    return [...this.sessions].filter((session) => !session.closed).length;
  }

  get operationTimeoutMs(): number {
    return this.options.operationTimeoutMs ?? DEFAULT_OPERATION_TIMEOUT_MS;
  }

  async acquire(): Promise<SftpSession> {
    if (this.destroyed) throw new StorageError('Unavailable', 'The SFTP storage driver was closed');
    for (const session of this.sessions) if (session.closed) this.drop(session);
    let best: SftpSession | undefined;
    for (const session of this.sessions) if (!best || session.active < best.active) best = session;
    const max = this.limits.maxSessions ?? MAX_SESSIONS;
    if (!best || (best.active >= BUSY_THRESHOLD && this.sessions.size + this.opening.size < max)) {
      const opening = openSftpSession(this.options);
      this.opening.add(opening);
      try {
        const session = await opening;
        if (this.destroyed) {
          session.client.end();
          throw new StorageError('Unavailable', 'The SFTP storage driver was closed');
        }
        this.sessions.add(session);
        best = session;
      } catch (error) {
        if (!best) throw error;
      } finally {
        this.opening.delete(opening);
      }
    }
    this.take(best);
    return best;
  }

  private take(session: SftpSession): void {
    session.active += 1;
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
  }

  release(session: SftpSession): void {
    session.active = Math.max(0, session.active - 1);
    if (session.closed) return this.drop(session);
    if (session.active === 0 && !this.destroyed) {
      session.idleTimer = setTimeout(() => this.drop(session), this.limits.idleCloseMs ?? IDLE_CLOSE_MS);
      session.idleTimer.unref();
    }
  }

  /** Ends a session that stopped answering (a timeout) so no later request waits on it. */
  discard(session: SftpSession): void {
    session.closed = true;
    this.drop(session);
  }

  private drop(session: SftpSession): void {
    if (session.idleTimer) clearTimeout(session.idleTimer);
    this.sessions.delete(session);
    session.closed = true;
    session.client.end();
    // `end` waits for the server; a server that stopped answering must not keep the socket open.
    setTimeout(() => session.client.destroy(), 1_000).unref();
  }

  /**
   * Runs `run` on a pooled session. Every SFTP request it makes through `SftpOps` has its own
   * timeout (an idle timeout: a long transfer is fine as long as each request is answered).
   */
  async use<T>(run: (ops: SftpOps) => Promise<T>): Promise<T> {
    const session = await this.acquire();
    try {
      return await run(new SftpOps(session, this, `${this.options.host}:${this.options.port}`));
    } finally {
      this.release(session);
    }
  }

  destroy(): void {
    this.destroyed = true;
    for (const session of [...this.sessions]) this.drop(session);
  }
}

/** SFTP status codes (draft-ietf-secsh-filexfer-02). */
export const SFTP_NO_SUCH_FILE = 2;
export const SFTP_PERMISSION_DENIED = 3;
export const SFTP_FAILURE = 4;

export function sftpStatus(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** Maps an SFTP failure to a StorageError (StorageErrors pass through). */
export function sftpError(error: unknown, what: string): StorageError {
  if (error instanceof StorageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  switch (sftpStatus(error)) {
    case SFTP_NO_SUCH_FILE:
      return new StorageError('NoSuchKey', `No such object: ${what}`, { cause: error });
    case SFTP_PERMISSION_DENIED:
      return new StorageError('AccessDenied', `SFTP permission denied: ${what}`, { cause: error });
    case undefined:
      return new StorageError('Unavailable', `SFTP ${what}: ${message}`, { cause: error });
    default:
      return new StorageError('Unknown', `SFTP ${what}: ${message}`, { cause: error });
  }
}

export interface RemoteStats {
  size: number;
  mtime: number;
  isDirectory: boolean;
  isFile: boolean;
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

export function remoteStats(attrs: { size?: number; mtime?: number; mode?: number }): RemoteStats {
  const type = (attrs.mode ?? 0) & S_IFMT;
  return { size: attrs.size ?? 0, mtime: attrs.mtime ?? 0, isDirectory: type === S_IFDIR, isFile: type === S_IFREG };
}

/** Promise versions of the SFTP requests the driver makes, each with the pool's request timeout. */
export class SftpOps {
  constructor(
    private readonly session: SftpSession,
    private readonly pool: SftpPool,
    private readonly where: string,
  ) {}

  get sftp(): SFTPWrapper {
    return this.session.sftp;
  }

  /** One request: a callback-style SFTP call, failed with Unavailable when unanswered in time. */
  call<T>(what: string, start: (callback: (error: Error | null | undefined, value?: T) => void) => void): Promise<T> {
    if (this.session.closed)
      return Promise.reject(new StorageError('Unavailable', `SFTP ${this.where}: the connection was closed (${what})`));
    return new Promise<T>((resolve, reject) => {
      const timeoutMs = this.pool.operationTimeoutMs;
      const timer = setTimeout(() => {
        this.pool.discard(this.session);
        reject(
          new StorageError('Unavailable', `SFTP ${this.where}: no answer to ${what} within ${timeoutMs} ms`, { providerCode: 'Timeout' }),
        );
      }, timeoutMs);
      const onClose = (): void => {
        clearTimeout(timer);
        reject(new StorageError('Unavailable', `SFTP ${this.where}: the connection closed during ${what}`));
      };
      this.session.client.once('close', onClose);
      try {
        start((error, value) => {
          clearTimeout(timer);
          this.session.client.removeListener('close', onClose);
          if (error) reject(error);
          else resolve(value as T);
        });
      } catch (error) {
        clearTimeout(timer);
        this.session.client.removeListener('close', onClose);
        reject(error);
      }
    });
  }

  async stat(path: string): Promise<RemoteStats | null> {
    try {
      return remoteStats(
        await this.call<{ size?: number; mtime?: number; mode?: number }>(`stat ${path}`, (cb) => this.sftp.stat(path, cb)),
      );
    } catch (error) {
      if (sftpStatus(error) === SFTP_NO_SUCH_FILE) return null;
      throw error;
    }
  }

  async readdir(path: string): Promise<Array<{ name: string; stats: RemoteStats }> | null> {
    try {
      const entries = await this.call<Array<{ filename: string; attrs: { size?: number; mtime?: number; mode?: number } }>>(
        `readdir ${path}`,
        (cb) => this.sftp.readdir(path, cb),
      );
      return entries
        .filter((entry) => entry.filename !== '.' && entry.filename !== '..')
        .map((entry) => ({ name: entry.filename, stats: remoteStats(entry.attrs) }));
    } catch (error) {
      const status = sftpStatus(error);
      if (status === SFTP_NO_SUCH_FILE || status === SFTP_FAILURE) return null;
      throw error;
    }
  }

  /** `mkdir -p`: every missing folder on the way to `path` (absolute), below `root`. */
  async mkdirp(root: string, path: string): Promise<void> {
    const existing = await this.stat(path);
    if (existing?.isDirectory) return;
    if (existing) throw new StorageError('KeyConflict', `${path} exists and is not a folder`);
    const parent = path.slice(0, path.lastIndexOf('/'));
    if (parent.length > root.length) await this.mkdirp(root, parent);
    try {
      await this.call<void>(`mkdir ${path}`, (cb) => this.sftp.mkdir(path, cb));
    } catch (error) {
      // Created meanwhile by a concurrent request: fine.
      if (!(await this.stat(path))?.isDirectory) throw error;
    }
  }

  async unlink(path: string): Promise<boolean> {
    try {
      await this.call<void>(`remove ${path}`, (cb) => this.sftp.unlink(path, cb));
      return true;
    } catch (error) {
      if (sftpStatus(error) === SFTP_NO_SUCH_FILE) return false;
      throw error;
    }
  }

  async rmdir(path: string): Promise<boolean> {
    try {
      await this.call<void>(`rmdir ${path}`, (cb) => this.sftp.rmdir(path, cb));
      return true;
    } catch {
      return false;
    }
  }

  /** Renames over an existing file: `posix-rename@openssh.com` when offered, else remove + rename. */
  async rename(from: string, to: string): Promise<void> {
    try {
      await this.call<void>(`rename ${from}`, (cb) => this.sftp.ext_openssh_rename(from, to, cb));
      return;
    } catch (error) {
      if (!(error instanceof Error && /not support/i.test(error.message))) throw error;
    }
    await this.unlink(to);
    await this.call<void>(`rename ${from}`, (cb) => this.sftp.rename(from, to, cb));
  }

  open(path: string, flags: 'r' | 'w'): Promise<Buffer> {
    return this.call<Buffer>(`open ${path}`, (cb) => this.sftp.open(path, flags, cb));
  }

  close(handle: Buffer): Promise<void> {
    return this.call<void>('close', (cb) => this.sftp.close(handle, cb));
  }

  async read(handle: Buffer, length: number, position: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(length);
    const bytes = await this.call<number>('read', (cb) =>
      this.sftp.read(handle, buffer, 0, length, position, (error, read) => cb(error, read)),
    );
    return buffer.subarray(0, bytes);
  }

  write(handle: Buffer, data: Buffer, position: number): Promise<void> {
    return this.call<void>('write', (cb) => this.sftp.write(handle, data, 0, data.length, position, cb));
  }

  async readSmallFile(path: string): Promise<Buffer | null> {
    let handle: Buffer;
    try {
      handle = await this.open(path, 'r');
    } catch (error) {
      if (sftpStatus(error) === SFTP_NO_SUCH_FILE) return null;
      throw error;
    }
    try {
      const chunks: Buffer[] = [];
      let position = 0;
      for (;;) {
        const chunk = await this.read(handle, 32 * 1024, position).catch((error: unknown) => {
          // ssh2 reports end of file as an error with status 1 (EOF)
          if (sftpStatus(error) === 1) return Buffer.alloc(0);
          throw error;
        });
        if (chunk.length === 0) break;
        chunks.push(chunk);
        position += chunk.length;
        if (position > 1024 * 1024) throw new StorageError('Unknown', `${path} is larger than expected`);
      }
      return Buffer.concat(chunks);
    } finally {
      await this.close(handle).catch(() => undefined);
    }
  }

  async writeSmallFile(path: string, data: Buffer): Promise<void> {
    const handle = await this.open(path, 'w');
    try {
      if (data.length > 0) await this.write(handle, data, 0);
    } finally {
      await this.close(handle);
    }
  }

  /** Server-side copy (`copy-data` extension), or false when the server does not offer it. */
  async copyData(from: Buffer, to: Buffer, toOffset: number): Promise<boolean> {
    try {
      await this.call<void>('copy-data', (cb) => this.sftp.ext_copy_data(from, 0, 0, to, toOffset, cb));
      return true;
    } catch (error) {
      if (error instanceof Error && /not support/i.test(error.message)) return false;
      throw error;
    }
  }

  /** Total and free bytes (`statvfs@openssh.com`), or null when the server does not offer it. */
  async statvfs(path: string): Promise<{ totalBytes: number; freeBytes: number } | null> {
    try {
      // ssh2 answers the fields with their C names (f_frsize, f_blocks, …), as numbers or bigints.
      const info = await this.call<Record<string, number | bigint>>(`statvfs ${path}`, (cb) =>
        this.sftp.ext_openssh_statvfs(path, cb as never),
      );
      const unit = Number(info.f_frsize ?? 0) || Number(info.f_bsize ?? 0);
      return { totalBytes: Number(info.f_blocks ?? 0) * unit, freeBytes: Number(info.f_bavail ?? 0) * unit };
    } catch (error) {
      if (error instanceof Error && /not support/i.test(error.message)) return null;
      throw error;
    }
  }
}
