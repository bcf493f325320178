import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, rmdir, unlink } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EMPTY_MD5 } from './local-file-summaries';
import { errnoOf, fsError, type LocalFileTree } from './local-file-tree';
import { isFolderKey, keySegments } from './local-keys';
import type { LocalListing } from './local-listing';
import type { LocalSidecars } from './local-sidecars';
import { StorageError, type ObjectBody, type PutObjectOptions } from './storage-driver';

function toReadable(body: ObjectBody): Readable {
  if (body instanceof Readable) return body;
  return Readable.from([typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body)]);
}

/** Counts and MD5-hashes what flows through. */
export class HashingCounter extends Transform {
  readonly hash = createHash('md5');
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }
}

/**
 * How local objects come and go: a body is spooled into a temporary file and renamed into place
 * (readers never see half a file), then its sidecar is written; a removal takes the file, its
 * sidecar and the folders it leaves empty. Each write drops the listing snapshots above its key.
 */
export class LocalObjectWrites {
  constructor(
    private readonly tree: LocalFileTree,
    private readonly sidecars: LocalSidecars,
    private readonly listing: Pick<LocalListing, 'invalidate'>,
  ) {}

  /** Streams `body` into a temporary file; returns its path, MD5 and size. */
  async spool(body: ObjectBody): Promise<{ temp: string; etag: string; size: number }> {
    const temp = await this.tree.tempPath();
    const counter = new HashingCounter();
    try {
      await pipeline(toReadable(body), counter, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await rm(temp, { force: true });
      // A full disk is the storage's failure (507); the body's own errors (a limit, a client gone) pass as they are.
      throw errnoOf(error) === 'ENOSPC' || errnoOf(error) === 'EDQUOT' ? fsError(error, 'the upload') : error;
    }
    return { temp, etag: counter.hash.digest('hex'), size: counter.size };
  }

  /** Moves a spooled file to `key` (creating parent folders) and records its metadata. */
  async commit(key: string, segments: readonly string[], temp: string, etag: string, options: PutObjectOptions | undefined): Promise<void> {
    try {
      for (let attempt = 1; ; attempt += 1) {
        await this.tree.ensureDirectories(segments.slice(0, -1), key);
        const target = await this.tree.inspect(segments);
        if (target.kind === 'directory' || target.kind === 'other') throw new StorageError('KeyConflict', `"${key}" is a folder`);
        try {
          await rename(temp, target.fullPath);
        } catch (error) {
          // A concurrent delete may have pruned the (then empty) parent folder: create it again.
          if (errnoOf(error) === 'ENOENT' && attempt < 3) continue;
          throw error;
        }
        await this.sidecars.write(key, target.fullPath, etag, options);
        return;
      }
    } catch (error) {
      await rm(temp, { force: true });
      throw fsError(error, key);
    } finally {
      this.listing.invalidate(key);
    }
  }

  async putFolderMarker(
    key: string,
    segments: readonly string[],
    body: ObjectBody,
    options: PutObjectOptions | undefined,
  ): Promise<{ etag: string }> {
    for await (const chunk of toReadable(body)) {
      if ((chunk as Buffer).length > 0)
        throw new StorageError('InvalidArgument', `A folder marker (${key}) must be empty in local storage`);
    }
    try {
      await this.tree.ensureDirectories(segments, key);
      await this.sidecars.write(key, await this.tree.pathOf(segments), EMPTY_MD5, options, true);
    } finally {
      this.listing.invalidate(key);
    }
    return { etag: EMPTY_MD5 };
  }

  /** Removes empty folders above a deleted object, up to the root; folders with a marker stay. */
  private async pruneEmptyParents(segments: readonly string[]): Promise<void> {
    for (let depth = segments.length - 1; depth > 0; depth -= 1) {
      const folderSegments = segments.slice(0, depth);
      if (await this.sidecars.has(`${folderSegments.join('/')}/`)) return;
      try {
        await rmdir(await this.tree.pathOf(folderSegments));
      } catch {
        return; // not empty (or gone): stop
      }
    }
  }

  /** Deletes `key` as S3 does (a missing key is no error); a folder marker's folder stays while it holds objects. */
  async remove(key: string): Promise<void> {
    const segments = keySegments(key);
    const target = await this.tree.inspect(segments);
    if (isFolderKey(key)) {
      await this.sidecars.remove(key);
      if (target.kind === 'directory') {
        try {
          await rmdir(target.fullPath);
        } catch {
          return; // still holds objects: only the marker goes
        }
        await this.pruneEmptyParents(segments);
      }
      return;
    }
    if (target.kind !== 'file') return;
    try {
      await unlink(target.fullPath);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') throw fsError(error, key);
    }
    await this.sidecars.remove(key);
    await this.pruneEmptyParents(segments);
  }
}
