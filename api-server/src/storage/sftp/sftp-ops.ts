import type { SFTPWrapper } from 'ssh2';
import { StorageError } from '../storage-driver';
import type { SftpSession } from './sftp-connection';
import { SFTP_FAILURE, SFTP_NO_SUCH_FILE, sftpStatus } from './sftp-errors';
import type { SftpPool } from './sftp-pool';

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
