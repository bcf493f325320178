import type { FileCommitResponse, FilePresignResponse, UploadDirectResponse } from '@cloudclip/contract';
import type { FileRow, StorageConfigRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http/http-error';
import { mimeTypeForFilename } from '../lib/mime-types';
import type { FileChanges } from '../repositories/file-repository';
import type { ObjectInfo } from '../storage/storage-driver';
import { buildObjectKey, normalizeUploadPath } from './file-keys';
import type { FileShareLinks } from './file-share-links';
import type { CommitInput, DirectUploadInput, PresignInput, UploadBody } from './file-share-inputs';
import { assertFilename, assertSlugFormat, commitView, committedMaxViews, creatorOf, type FileCaller } from './file-share-rules';
import type { FileShareStore } from './file-share-store';
import { storageHttpError } from './storage-errors';
import { verifyStoredUpload } from './stored-upload-check';
import { ByteLimiter, pipeRequestBody } from './upload-limits';
import { STREAMING_RESERVATION_SECONDS, type Reservation } from './upload-reservations';

/**
 * Share uploads (contract §5.4.2 and the product spec's form upload): presign / commit, and the
 * single-request uploads (upload-direct, form) that stream the body to storage within the space
 * reserved for it. URL import (§5.8) commits through `commit` too.
 */
export class FileShareUploadService {
  constructor(
    private readonly store: FileShareStore,
    private readonly links: FileShareLinks,
  ) {}

  /**
   * POST /api/s3/presign: checks in the contract's order, then the reserved space (the declared
   * size, else whatever is left up to `max_upload_size`), a pending row and a presigned PUT bound
   * to it: S3 signs the declared `Content-Length`; a local URL takes one body of at most the
   * reserved bytes, and none once the upload is committed or cancelled.
   */
  async presign(caller: FileCaller, input: PresignInput, origin: string): Promise<FilePresignResponse> {
    const { store } = this;
    const { limits } = store;
    const filename = assertFilename(input.filename);
    const maxBytes = await limits.maxUploadBytes();
    if (input.size !== undefined && input.size > maxBytes) throw limits.tooLarge(maxBytes);
    const config = await store.requireConfig(input.s3_config_id);
    if (input.size !== undefined) await limits.assertQuota(config, input.size);
    // Contract: 403 when an admin does not own the config. Ours: a key needs a public config too.
    store.assertConfigUsable(caller, config, 403);
    const replaced = await store.claimSlug(caller, input.slug, input.override === true);
    const subPath = await store.subPathFor(caller, config);
    const path = normalizeUploadPath(input.path);
    if (replaced) await store.removeFile(replaced);

    const slug = input.slug || (await store.randomSlug());
    const key = buildObjectKey({ subPath, defaultFolder: config.default_folder, path, filename, randomPrefix: true });
    const contentType = mimeTypeForFilename(filename);
    const pending = await store.createPendingShare(
      caller,
      config,
      { filename, key, contentType, size: 0, slug, remark: null },
      { reserve: input.size !== undefined ? { bytes: input.size } : { upTo: maxBytes }, contentLength: input.size, origin },
    );
    await store.storageConfigs.touchLastUsed(config.id).catch(() => undefined);
    return { ...pending, contentType };
  }

  /**
   * POST /api/s3/commit and /api/url/commit. The storage is asked for the object (HEAD) before
   * anything is recorded: it must exist, have the size the client declares and the ETag the client
   * reports (when it sends them); its real size is what counts for the size limit and the quota.
   * A refused commit of a pending upload deletes the object and the row and gives the reserved
   * space back, also when the storage cannot be reached (503): see FileShareStore.dropRefusedUpload.
   */
  async commit(
    caller: FileCaller,
    input: CommitInput,
    options: { allowSlug: boolean } = { allowSlug: false },
  ): Promise<FileCommitResponse> {
    const { store } = this;
    const row = await store.requireOwnRow(caller, input.file_id);
    const config = await store.configs.findById(row.s3_config_id);
    if (!config) throw new HttpError(404, 'file.storageInfoMissing');
    store.assertConfigUsable(caller, config, 400);

    let slug = row.slug;
    if (options.allowSlug && input.slug !== undefined && input.slug !== '' && input.slug !== row.slug) {
      assertSlugFormat(input.slug);
      if (await store.files.slugExists(input.slug)) throw new HttpError(409, 'file.slugTaken');
      slug = input.slug;
    }

    let info: ObjectInfo;
    try {
      info = await verifyStoredUpload(store.driverOf(config), row.storage_path, { size: input.size, etag: input.etag });
    } catch (error) {
      await store.dropRefusedUpload(row, config);
      throw error;
    }
    const { size } = info;
    await store.completePending(row, config, size, async (): Promise<FileChanges> => {
      return {
        slug,
        etag: info.etag || null,
        size,
        created_by: creatorOf(caller),
        ...(await store.shareColumns(input)),
        // Stored as the request carried it (none → null; 0 kept as 0), as the reference does.
        max_views: committedMaxViews(input.max_views),
        updated_at: store.now(),
      };
    });
    const updated = (await store.files.findById(row.id)) as FileRow;
    return commitView(updated);
  }

  /**
   * The config of an upload-direct / form upload: the named one (404; admin must own it, key needs
   * it public: 403), else admin → own default or any own config, key → a public default or any
   * public config; none → 400.
   */
  private async directUploadConfig(caller: FileCaller, configId: string | undefined): Promise<StorageConfigRow> {
    const { store } = this;
    if (configId) {
      const config = await store.requireConfig(configId);
      store.assertConfigUsable(caller, config, 403);
      return config;
    }
    const candidates = caller.kind === 'admin' ? await store.configs.listByAdmin(caller.adminId) : await store.configs.listPublic();
    const chosen = candidates.find((config) => Number(config.is_default) === 1) ?? candidates[0];
    if (!chosen) throw new HttpError(400, 'file.noStorageConfig');
    return chosen;
  }

  /**
   * PUT /api/upload-direct/{filename} and POST /api/upload: the space is reserved first (the
   * declared length, else whatever is left up to `max_upload_size`), then the body streams to
   * storage and is cut as soon as it passes the reservation (the write is abandoned and cleaned
   * up). The row is written once the object is stored, in the transaction that ends the
   * reservation; any failure gives the space back.
   */
  async storeUpload(caller: FileCaller, input: DirectUploadInput, body: UploadBody, origin: string): Promise<UploadDirectResponse> {
    const { store } = this;
    const { limits } = store;
    const filename = assertFilename(input.filename);
    const config = await this.directUploadConfig(caller, input.s3_config_id);
    const subPath = await store.subPathFor(caller, config);
    const path = normalizeUploadPath(input.path);
    const maxBytes = await limits.maxUploadBytes();
    if (body.contentLength !== undefined && body.contentLength > maxBytes) throw limits.tooLarge(maxBytes);
    const creator = creatorOf(caller);
    const reservation = await limits.reservations.reserve(
      config,
      {
        size: body.contentLength !== undefined ? { bytes: body.contentLength } : { upTo: maxBytes },
        ttlSeconds: STREAMING_RESERVATION_SECONDS,
        createdBy: creator,
      },
      limits.refuseQuota,
    );
    try {
      return await this.storeReserved(caller, input, body, origin, { filename, config, subPath, path, maxBytes, creator }, reservation);
    } catch (error) {
      await limits.reservations.release(reservation.id);
      throw error;
    }
  }

  private async storeReserved(
    caller: FileCaller,
    input: DirectUploadInput,
    body: UploadBody,
    origin: string,
    target: { filename: string; config: StorageConfigRow; subPath: string; path: string; maxBytes: number; creator: string },
    reservation: Reservation,
  ): Promise<UploadDirectResponse> {
    const { store } = this;
    const { limits } = store;
    const { filename, config, subPath, path, maxBytes, creator } = target;
    const replaced = await store.claimSlug(caller, input.slug, input.override === true);
    const originalName = input.original_filename === true;
    const key = buildObjectKey({ subPath, defaultFolder: config.default_folder, path, filename, randomPrefix: !originalName });
    if (originalName) {
      const sharing = await store.files.findByStorageKey(config.id, key);
      if (sharing.some((other) => other.created_by !== creator && other.id !== replaced?.id))
        throw new HttpError(409, 'file.storageKeyTaken');
    }
    await limits.reservations.setTarget(reservation.id, { storagePath: key });

    const mimetype = mimeTypeForFilename(filename);
    const driver = store.driverOf(config);
    const limiter = new ByteLimiter(reservation.bytes, (bytes) =>
      bytes > maxBytes ? limits.tooLarge(maxBytes) : limits.insufficientStorage(body.contentLength ?? bytes, reservation.quota),
    );
    let etag: string;
    try {
      ({ etag } = await driver.putObject(key, pipeRequestBody(body.stream, limiter), {
        contentType: mimetype,
        contentLength: body.contentLength,
      }));
    } catch (error) {
      // Nothing may stay behind: the drivers discard partial writes; remove any object all the same.
      await store.deleteUnreferencedObject(config, key);
      const limitError = limiter.destroyed && limiter.errored instanceof HttpError ? limiter.errored : undefined;
      throw limitError ?? storageHttpError(error);
    }

    const slug = input.slug || (await store.randomSlug());
    if (replaced) {
      if (replaced.s3_config_id === config.id && replaced.storage_path === key) await store.files.deleteById(replaced.id);
      else await store.removeFile(replaced);
    }
    const row = store.newRow({
      filename,
      storage_path: key,
      s3_url: driver.objectUrl(key, origin),
      mimetype,
      size: limiter.bytes,
      s3_config_id: config.id,
      slug,
      created_by: creator,
      etag: etag || null,
      use_proxy: input.use_proxy === false ? 0 : 1,
      ...(await store.shareColumns(input)),
    });
    try {
      await limits.reservations.settle(config, { size: row.size, reservationId: reservation.id }, limits.refuseQuota, (files) =>
        files.insert(row),
      );
    } catch (error) {
      await store.deleteUnreferencedObject(config, key);
      if (isUniqueViolation(error)) throw new HttpError(409, 'file.slugTaken', { cause: error });
      throw error;
    }
    await store.mountViews.objectStored(config.id, key, row.size);
    await store.storageConfigs.touchLastUsed(config.id).catch(() => undefined);
    const view = await this.links.linkedView(row, config, origin, input.password || undefined);
    return { ...view, views: 0, used_original_filename: originalName };
  }
}
