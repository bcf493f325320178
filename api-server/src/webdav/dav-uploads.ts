import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../http/http-error';
import { formatBytes } from '../lib/format-size';
import { toIso, type Clock } from '../lib/time';
import type { FileRepository } from '../repositories/file-repository';
import { storageCall, type FsAccess, type FsCaller, type FsTarget } from '../services/fs/fs-access';
import { mimeTypeOf } from '../services/fs/fs-mime';
import type { SystemService } from '../services/system-service';
import { ByteLimiter, pipeRequestBody } from '../services/upload-limits';
import type { UploadReservations } from '../services/upload-reservations';
import type { PutObjectOptions, StorageDriver } from '../storage/storage-driver';
import type { WebdavUploadMode } from '@cloudclip/contract';

/** Below this size `auto` sends a body in one request; from it on, S3 multipart (product spec §9). */
export const AUTO_DIRECT_MAX_BYTES = 10 * 1024 * 1024;
/** How long the quota holds the space of a WebDAV write that has not finished. */
const RESERVATION_SECONDS = 6 * 3600;

/** How a body reaches S3 for a mode (the local driver always streams to its file). */
export function s3WriteOf(mode: WebdavUploadMode, contentLength: number | undefined): 'single' | 'multipart' | 'spool' {
  if (mode === 'proxy') return 'spool';
  if (mode === 'multipart') return 'multipart';
  if (contentLength === undefined) return 'multipart';
  if (mode === 'direct') return 'single';
  return contentLength < AUTO_DIRECT_MAX_BYTES ? 'single' : 'multipart';
}

export interface StoreInput {
  caller: FsCaller;
  target: FsTarget;
  body: Readable;
  /** Declared length (Content-Length, or the source object's size for a copy). */
  contentLength: number | undefined;
  urlBase: string;
}

/**
 * Writes of the WebDAV server: PUT bodies and copies between storages. The same rules as the
 * upload endpoints: `max_upload_size` (413), the storage config's quota through an upload
 * reservation taken before the first byte is accepted and settled with the file row in one
 * transaction (507 when the space is not there, services/upload-reservations.ts), the body cut
 * while it streams when it grows past either, the mount's listing cache dropped. For S3 the
 * `webdav_upload_mode` setting picks one request, multipart, or spooling to disk first.
 * A failed write leaves neither a reservation nor a file row behind.
 */
export class DavUploads {
  constructor(
    private readonly access: FsAccess,
    private readonly reservations: UploadReservations,
    private readonly system: SystemService,
    private readonly clock: Clock,
    private readonly spoolDir: string,
  ) {}

  private insufficientStorage(): HttpError {
    return new HttpError(507, 'dav.insufficientStorage');
  }

  /** Stores a body at `target` (created or replaced); answers the stored ETag (unquoted). */
  async store(input: StoreInput): Promise<{ etag: string; size: number }> {
    const { target, body, contentLength } = input;
    const maxBytes = (await this.system.maxUploadSizeMb()) * 1024 * 1024;
    const tooLarge = () => new HttpError(413, 'fs.fileTooLarge', { params: { max: formatBytes(maxBytes) } });
    if (contentLength !== undefined && contentLength > maxBytes) throw tooLarge();
    const reservation = await this.reservations.reserve(
      target.config,
      {
        size: contentLength !== undefined ? { bytes: contentLength } : { upTo: maxBytes },
        ttlSeconds: RESERVATION_SECONDS,
        createdBy: input.caller.fsCreator,
        storagePath: target.key,
      },
      () => this.insufficientStorage(),
    );
    try {
      const limiter = new ByteLimiter(reservation.bytes, (bytes) => (bytes > maxBytes ? tooLarge() : this.insufficientStorage()));
      const mode = await this.system.webdavUploadMode();
      const contentType = mimeTypeOf(target.path.segments[target.path.segments.length - 1] ?? '');
      const { etag } = await this.write(target.driver, target.key, pipeRequestBody(body, limiter), { contentType, contentLength }, mode);
      const size = limiter.bytes;
      await this.settle(input, reservation.id, size, etag);
      await this.access.entryStored(target, { size });
      return { etag, size };
    } catch (error) {
      await this.reservations.release(reservation.id).catch(() => undefined);
      throw error;
    } finally {
      this.access.invalidate(target.mount);
    }
  }

  /** A server-side copy inside one storage (COPY), with the quota reserved and the file row written like a PUT. */
  async copyWithin(input: {
    caller: FsCaller;
    source: FsTarget;
    sourceKey: string;
    target: FsTarget;
    size: number;
    urlBase: string;
  }): Promise<void> {
    const { target } = input;
    const reservation = await this.reservations.reserve(
      target.config,
      { size: { bytes: input.size }, ttlSeconds: RESERVATION_SECONDS, createdBy: input.caller.fsCreator, storagePath: target.key },
      () => this.insufficientStorage(),
    );
    try {
      const { etag } = await storageCall(() => target.driver.copyObject(input.sourceKey, target.key));
      await this.settle({ caller: input.caller, target, urlBase: input.urlBase }, reservation.id, input.size, etag);
      await this.access.entryStored(target, { size: input.size });
    } catch (error) {
      await this.reservations.release(reservation.id).catch(() => undefined);
      throw error;
    } finally {
      this.access.invalidate(target.mount);
    }
  }

  private async write(
    driver: StorageDriver,
    key: string,
    body: Readable,
    options: PutObjectOptions,
    mode: WebdavUploadMode,
  ): Promise<{ etag: string }> {
    if (driver.kind !== 's3') return storageCall(() => driver.putObject(key, body, options));
    const how = s3WriteOf(mode, options.contentLength);
    if (how === 'single') return storageCall(() => driver.putObject(key, body, options));
    // Without a length the S3 driver sends the stream part by part (storage/s3-multipart.ts).
    if (how === 'multipart') return storageCall(() => driver.putObject(key, body, { ...options, contentLength: undefined }));
    await mkdir(this.spoolDir, { recursive: true });
    const file = path.join(this.spoolDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(body, createWriteStream(file, { flags: 'wx' }));
      const { size } = await stat(file);
      const source = createReadStream(file);
      try {
        return await storageCall(() => driver.putObject(key, source, { ...options, contentLength: size }));
      } finally {
        source.destroy();
      }
    } finally {
      await rm(file, { force: true });
    }
  }

  /** Records the object in `files` (the rows of that key updated, else a new one) and ends the reservation. */
  private async settle(
    input: Pick<StoreInput, 'caller' | 'target' | 'urlBase'>,
    reservationId: string,
    size: number,
    etag: string,
  ): Promise<void> {
    const { target } = input;
    const now = toIso(this.clock());
    const existing = await this.access.deps.files.findByStorageKey(target.config.id, target.key);
    const write = async (files: FileRepository) => {
      if (existing.length === 0) {
        await this.access.insertFileRow({ target, size, etag, createdBy: input.caller.fsCreator, urlBase: input.urlBase }, files);
        return;
      }
      for (const row of existing) await files.update(row.id, { size, etag, updated_at: now });
    };
    // The rows being replaced no longer count: their bytes are this upload's.
    const replaced = existing.reduce((sum, row) => sum + Number(row.size ?? 0), 0);
    let refusal: HttpError | undefined;
    try {
      await this.reservations.settle(
        target.config,
        { size: Math.max(0, size - replaced), reservationId },
        () => (refusal = this.insufficientStorage()),
        write,
      );
    } catch (error) {
      if (refusal !== undefined && error === refusal && existing.length === 0) {
        await target.driver.deleteObject(target.key).catch(() => undefined);
      }
      throw error;
    }
  }
}
