import type { FileCommitResponse, UrlCancelResponse, UrlPresignResponse } from '@cloudclip/contract';
import { buildObjectKey } from './file-keys';
import type { CommitInput } from './file-share-inputs';
import type { FileCaller } from './file-share-rules';
import type { FileShareUploadService } from './file-share-uploads';
import type { UrlImportLimits, UrlImportShares, UrlImportStart, UrlImportTargets, UrlPresignInput } from './url-import-targets';

/**
 * The single-PUT flow of URL import (contract §5.8): the browser fetches the source itself and puts
 * it to a presigned URL; commit and cancel settle the pending share that presign created.
 */
export class UrlImportUploads {
  constructor(
    private readonly shares: Pick<UrlImportShares, 'randomSlug' | 'createPendingShare' | 'requireOwnRow' | 'removeFile'>,
    private readonly targets: UrlImportTargets,
    /** The commit of s3/commit, which url/commit is (with a custom slug). */
    private readonly commits: Pick<FileShareUploadService, 'commit'>,
    private readonly limits: Pick<UrlImportLimits, 'maxUploadBytes'>,
  ) {}

  /** POST /api/url/presign: a pending row (size = probed size or 0) and a presigned PUT. */
  async presign(start: UrlImportStart, input: UrlPresignInput): Promise<UrlPresignResponse> {
    const { caller, origin, defaultRemark } = start;
    const { url, config, subPath, path } = await this.targets.target(caller, input, 409);
    const { filename, contentType, size, corsSupported } = await this.targets.describe(url, input.metadata, input.filename, origin);
    const slug = input.slug || (await this.shares.randomSlug());
    const key = buildObjectKey({ subPath, defaultFolder: config.default_folder, path, filename, randomPrefix: true });
    // No quota refusal at this step (contract §5.8): the space left, up to max_upload_size, is held
    // for the upload and bounds the local PUT; the commit checks the real size. The probed size is
    // not signed into an S3 URL: the browser's copy can differ (a compressed source).
    const pending = await this.shares.createPendingShare(
      caller,
      config,
      { filename, key, contentType, size: size ?? 0, slug, remark: input.remark ?? defaultRemark(url) },
      { reserve: { upTo: await this.limits.maxUploadBytes() }, origin },
    );
    return { ...pending, filename, contentType, size: size ?? 0, cors_supported: corsSupported };
  }

  /** POST /api/url/commit: like s3/commit, with an optional custom slug. */
  commit(caller: FileCaller, input: CommitInput): Promise<FileCommitResponse> {
    return this.commits.commit(caller, input, { allowSlug: true });
  }

  /** POST /api/url/cancel: object (best effort) and row deleted. */
  async cancel(caller: FileCaller, input: { file_id: string }): Promise<Omit<UrlCancelResponse, 'message'>> {
    const row = await this.shares.requireOwnRow(caller, input.file_id);
    await this.shares.removeFile(row);
    return { file_id: row.id, status: 'cancelled' };
  }
}
