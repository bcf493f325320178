import { randomBytes } from 'node:crypto';
import { lstat, mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { StorageError } from './storage-driver';

export type PathKind = 'file' | 'directory' | 'other' | 'missing';

export function errnoOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/** A file-system failure on `key` as the StorageError S3 would give (StorageErrors pass through). */
export function fsError(error: unknown, key: string): StorageError {
  if (error instanceof StorageError) return error;
  const code = errnoOf(error);
  switch (code) {
    case 'ENOENT':
      return new StorageError('NoSuchKey', `No such object: ${key}`, { cause: error });
    case 'EISDIR':
    case 'ENOTDIR':
    case 'EEXIST':
    case 'ENOTEMPTY':
      return new StorageError('KeyConflict', `"${key}" conflicts with an existing object or folder`, { cause: error });
    case 'ENAMETOOLONG':
      return new StorageError('InvalidKey', `The object key is too long for the file system: ${key}`, { cause: error });
    case 'ELOOP':
      return new StorageError('AccessDenied', `Symbolic links are not followed: ${key}`, { cause: error });
    case 'EACCES':
    case 'EPERM':
      return new StorageError('AccessDenied', `Permission denied: ${key}`, { cause: error });
    case 'ENOSPC':
    case 'EDQUOT':
      return new StorageError('InsufficientStorage', `No space left on the storage's disk for ${key}`, { cause: error });
    default:
      return new StorageError('Unknown', `${key}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * The local driver's object tree on disk: key segments become paths below the root, never through
 * a symbolic link, and writes are spooled in the config's own temporary folder.
 */
export class LocalFileTree {
  private rootReal: Promise<string> | undefined;

  constructor(
    private readonly rootDir: string,
    private readonly internalDir: string,
  ) {}

  /** The root directory (created on first use), with symlinks in the root itself resolved. */
  private root(): Promise<string> {
    if (!this.rootReal) {
      this.rootReal = (async () => {
        await mkdir(this.rootDir, { recursive: true });
        return realpath(this.rootDir);
      })();
      this.rootReal.catch(() => {
        this.rootReal = undefined;
      });
    }
    return this.rootReal;
  }

  async pathOf(segments: readonly string[]): Promise<string> {
    const root = await this.root();
    const full = path.join(root, ...segments);
    if (full !== root && !full.startsWith(root + path.sep)) throw new StorageError('InvalidKey', 'The object key leaves the storage root');
    return full;
  }

  /**
   * Refuses a key whose existing path components include a symbolic link; returns the file-system
   * path and whether it exists (and what it is).
   */
  async inspect(segments: readonly string[]): Promise<{ fullPath: string; kind: PathKind }> {
    const root = await this.root();
    let current = root;
    for (let index = 0; index < segments.length; index += 1) {
      current = path.join(current, segments[index] as string);
      let info;
      try {
        info = await lstat(current);
      } catch (error) {
        const code = errnoOf(error);
        if (code === 'ENOENT' || code === 'ENOTDIR') return { fullPath: await this.pathOf(segments), kind: 'missing' };
        throw fsError(error, segments.join('/'));
      }
      if (info.isSymbolicLink())
        throw new StorageError('AccessDenied', `Symbolic links are not followed: ${segments.slice(0, index + 1).join('/')}`);
      const last = index === segments.length - 1;
      if (!last && !info.isDirectory()) return { fullPath: await this.pathOf(segments), kind: 'missing' };
      if (last) return { fullPath: await this.pathOf(segments), kind: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other' };
    }
    return { fullPath: root, kind: 'directory' };
  }

  /** Creates the directories `segments` (all of them), refusing symlinks and files in the way. */
  async ensureDirectories(segments: readonly string[], key: string): Promise<void> {
    let current = await this.root();
    for (const segment of segments) {
      current = path.join(current, segment);
      try {
        const info = await lstat(current);
        if (info.isSymbolicLink()) throw new StorageError('AccessDenied', `Symbolic links are not followed: ${key}`);
        if (!info.isDirectory()) throw new StorageError('KeyConflict', `"${key}" needs a folder where an object exists`);
        continue;
      } catch (error) {
        if (error instanceof StorageError) throw error;
        if (errnoOf(error) !== 'ENOENT') throw fsError(error, key);
      }
      try {
        await mkdir(current);
      } catch (error) {
        if (errnoOf(error) !== 'EEXIST') throw fsError(error, key);
        const info = await lstat(current);
        if (!info.isDirectory() || info.isSymbolicLink())
          throw new StorageError('KeyConflict', `"${key}" needs a folder where an object exists`);
      }
    }
  }

  /** A fresh path in the config's temporary folder (removed at start-up when left behind: stale-temp-files.ts). */
  async tempPath(): Promise<string> {
    const dir = path.join(this.internalDir, 'tmp');
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }
}
