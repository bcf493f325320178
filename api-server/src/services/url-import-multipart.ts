import type { UrlMultipartAbortResponse, UrlMultipartCompleteResponse, UrlMultipartInitResponse } from '@cloudclip/contract';
import { HttpError } from '../http/http-error';
import { toIso, type Clock } from '../lib/time';
import type { ObjectInfo } from '../storage/storage-driver';
import { buildObjectKey } from './file-keys';
import type { ShareOptions } from './file-share-inputs';
import { creatorOf, presignedReservationSeconds, type FileCaller } from './file-share-rules';
import { storageHttpError } from './storage-errors';
import { verifyStoredUpload } from './stored-upload-check';
import type { UrlImportLimits, UrlImportShares, UrlImportStart, UrlImportTargets, UrlPresignInput } from './url-import-targets';

export const DEFAULT_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_COUNT = 10_000;

export interface UrlMultipartInitInput extends UrlPresignInput, Omit<ShareOptions, 'remark'> {
  part_size?: number | undefined;
  total_size?: number | undefined;
  part_count?: number | undefined;
}

export interface MultipartPartInput {
  partNumber: number;
  etag: string | null;
  size?: number | undefined;
}

/**
 * The multipart flow of URL import (contract §5.8) for sources too large for one PUT: a bucket
 * multipart upload with one presigned URL per part, completed or aborted by the client.
 */
export class UrlImportMultipart {
  constructor(
    private readonly shares: Omit<UrlImportShares, 'uploadConfig' | 'findBySlug'>,
    private readonly targets: UrlImportTargets,
    private readonly limits: UrlImportLimits,
    private readonly clock: Clock,
  ) {}

  /** POST /api/url/multipart/init: the row (with its share settings), a bucket multipart upload and one URL per part. */
  async init(start: UrlImportStart, input: UrlMultipartInitInput): Promise<UrlMultipartInitResponse> {
    const { caller, origin, defaultRemark } = start;
    const { url, config, subPath, path } = await this.targets.target(caller, input, 400);
    const { filename, contentType, size, corsSupported } = await this.targets.describe(url, input.metadata, input.filename, origin);
    const totalSize = input.total_size ?? size ?? 0;
    if (totalSize > 0) await this.limits.assertSize(totalSize);
    const partSize = input.part_size ?? DEFAULT_PART_SIZE;
    const partCount = input.part_count ?? Math.max(1, Math.ceil(totalSize / partSize));
    if (partSize < 1 || partCount < 1 || partCount > MAX_PART_COUNT) throw new HttpError(400, 'url.partCountInvalid');

    const slug = input.slug || (await this.shares.randomSlug());
    const key = buildObjectKey({ subPath, defaultFolder: config.default_folder, path, filename, randomPrefix: true });
    const driver = this.shares.driverOf(config);
    const expiresIn = Number(config.signature_expires_in);
    let uploadId: string;
    try {
      ({ uploadId } = await driver.createMultipartUpload(key, { contentType }));
    } catch (error) {
      throw storageHttpError(error);
    }
    const row = this.shares.newRow({
      filename,
      storage_path: key,
      s3_url: driver.objectUrl(key, origin),
      mimetype: contentType,
      size: totalSize,
      s3_config_id: config.id,
      slug,
      created_by: creatorOf(caller),
      ...(await this.shares.shareColumns({ ...input, remark: input.remark ?? defaultRemark(url) })),
    });
    // Held until complete / abort (no refusal here, contract §5.8): complete checks the real size.
    const reservation = await this.limits.reservations
      .reserve(
        config,
        {
          size: { upTo: totalSize > 0 ? totalSize : await this.limits.maxUploadBytes() },
          ttlSeconds: presignedReservationSeconds(config),
          createdBy: row.created_by,
          fileId: row.id,
          storagePath: key,
          uploadId,
        },
        this.limits.refuseQuota,
      )
      .catch(async (error: unknown) => {
        await driver.abortMultipartUpload(key, uploadId).catch(() => undefined);
        throw error;
      });
    try {
      const presignedUrls: Array<{ partNumber: number; url: string }> = [];
      for (let partNumber = 1; partNumber <= partCount; partNumber += 1) {
        presignedUrls.push({
          partNumber,
          url: await driver.presignUploadPartUrl(key, uploadId, partNumber, { expiresIn, urlBase: origin, maxBytes: partSize }),
        });
      }
      await this.shares.insertRow(row);
      return {
        file_id: row.id,
        upload_id: uploadId,
        storage_path: key,
        s3_url: row.s3_url,
        slug,
        presigned_urls: presignedUrls,
        part_size: partSize,
        total_size: totalSize,
        part_count: partCount,
        provider_type: config.provider_type,
        filename,
        content_type: contentType,
        cors_supported: corsSupported,
        has_password: row.password_hash !== null,
        expires_at: row.expires_at,
        max_views: row.max_views,
        url: `/file/${slug}`,
      };
    } catch (error) {
      await driver.abortMultipartUpload(key, uploadId).catch(() => undefined);
      await this.limits.reservations.release(reservation.id);
      throw error instanceof HttpError && error.statusCode === 409 ? new HttpError(400, 'file.slugTaken') : storageHttpError(error);
    }
  }

  /**
   * POST /api/url/multipart/complete: completes at the bucket, then asks the storage for the object
   * (the sum of the part sizes the client reports, when it reports them all, must be its size); the
   * real size counts for the limits. A refused or failed completion (storage unreachable: 503) drops
   * the pending upload with its parts and gives its space back (FileShareStore.dropRefusedUpload).
   */
  async complete(
    caller: FileCaller,
    input: { file_id: string; upload_id: string; parts: MultipartPartInput[] },
  ): Promise<Omit<UrlMultipartCompleteResponse, 'message'>> {
    const row = await this.shares.requireOwnRow(caller, input.file_id);
    const config = await this.shares.requireConfig(row.s3_config_id);
    const driver = this.shares.driverOf(config);
    const partSizes = input.parts.every((part) => part.size !== undefined)
      ? input.parts.reduce((sum, part) => sum + (part.size ?? 0), 0)
      : undefined;
    let info: ObjectInfo;
    try {
      await driver
        .completeMultipartUpload(
          row.storage_path,
          input.upload_id,
          input.parts.map((part) => ({ partNumber: part.partNumber, etag: part.etag ?? '' })),
        )
        .catch((error: unknown) => {
          throw storageHttpError(error);
        });
      info = await verifyStoredUpload(driver, row.storage_path, { size: partSizes });
    } catch (error) {
      await driver.abortMultipartUpload(row.storage_path, input.upload_id).catch(() => undefined);
      await this.shares.dropRefusedUpload(row, config);
      throw error;
    }
    const { size } = info;
    const changes = await this.shares.completePending(row, config, size, () => ({
      size,
      etag: info.etag || null,
      updated_at: toIso(this.clock()),
    }));
    const updated = { ...row, ...changes };
    return {
      file_id: row.id,
      slug: row.slug,
      filename: row.filename,
      storage_path: row.storage_path,
      s3_url: row.s3_url,
      mimetype: row.mimetype,
      size,
      etag: updated.etag,
      created_at: row.created_at,
      updated_at: updated.updated_at,
      url: `/file/${row.slug}`,
      status: 'completed',
    };
  }

  /** POST /api/url/multipart/abort: aborts at the bucket; the row goes in any case. */
  async abort(caller: FileCaller, input: { file_id: string; upload_id: string }): Promise<Omit<UrlMultipartAbortResponse, 'message'>> {
    const row = await this.shares.requireOwnRow(caller, input.file_id);
    const config = await this.shares.requireConfig(row.s3_config_id).catch(() => undefined);
    try {
      if (config) await this.shares.driverOf(config).abortMultipartUpload(row.storage_path, input.upload_id);
    } catch (error) {
      throw storageHttpError(error);
    } finally {
      await this.shares.removeFile(row, config ?? null);
    }
    return { file_id: row.id, status: 'aborted' };
  }
}
