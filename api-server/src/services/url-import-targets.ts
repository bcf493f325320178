import { HttpError } from '../http/http-error';
import { DEFAULT_MIME_TYPE, essence, mimeTypeForFilename } from '../lib/mime-types';
import { normalizeUploadPath } from './file-keys';
import { assertFilename, assertSlugFormat, type FileCaller } from './file-share-rules';
import type { FileShareStore } from './file-share-store';
import type { UploadLimits } from './upload-limits';
import { cleanFilename, type UrlImportRemote } from './url-import-remote';

export interface UrlMetadata {
  filename?: string | undefined;
  contentType?: string | undefined;
  size?: number | undefined;
}

export interface UrlPresignInput {
  url: string;
  s3_config_id: string;
  metadata?: UrlMetadata | undefined;
  filename?: string | undefined;
  slug?: string | undefined;
  remark?: string | undefined;
  path?: string | undefined;
}

/** Who starts a URL import (presign, multipart init), and from where. */
export interface UrlImportStart {
  caller: FileCaller;
  /** The browser's origin: for the probe's CORS check and the URLs the api-server serves. */
  origin: string;
  /** The remark of a share whose request has none (made from the source address). */
  defaultRemark: (url: string) => string;
}

/** The share steps URL import creates, completes and removes its pending shares with. */
export type UrlImportShares = Pick<
  FileShareStore,
  | 'uploadConfig'
  | 'requireConfig'
  | 'driverOf'
  | 'findBySlug'
  | 'randomSlug'
  | 'newRow'
  | 'shareColumns'
  | 'insertRow'
  | 'createPendingShare'
  | 'requireOwnRow'
  | 'completePending'
  | 'dropRefusedUpload'
  | 'removeFile'
>;

/** The size limit and the quota reservations of the uploads. */
export type UrlImportLimits = Pick<UploadLimits, 'reservations' | 'maxUploadBytes' | 'refuseQuota' | 'assertSize'>;

/** What presign and multipart init both settle first: where the import goes and what the source is. */
export class UrlImportTargets {
  constructor(
    private readonly shares: Pick<UrlImportShares, 'uploadConfig' | 'findBySlug'>,
    private readonly remote: Pick<UrlImportRemote, 'parseUrl' | 'info'>,
  ) {}

  /** Name, type and size of the source: the client's metadata when complete, else a probe. */
  async describe(url: string, metadata: UrlMetadata | undefined, filenameOverride: string | undefined, origin: string) {
    let filename: string;
    let declaredType: string;
    let size: number | undefined;
    let corsSupported = false;
    if (metadata?.filename && metadata.contentType) {
      filename = metadata.filename;
      declaredType = essence(metadata.contentType);
      size = metadata.size;
    } else {
      const probed = await this.remote.info(url, origin);
      filename = probed.filename;
      declaredType = probed.contentType;
      size = probed.size ?? undefined;
      corsSupported = probed.corsSupported;
    }
    filename = assertFilename(cleanFilename(filenameOverride) ?? cleanFilename(filename) ?? 'download');
    // The server infers the type from the name (§6.3); the source's own type only for unknown names.
    const byName = mimeTypeForFilename(filename);
    const contentType = byName !== DEFAULT_MIME_TYPE ? byName : declaredType || DEFAULT_MIME_TYPE;
    return { filename, contentType, size, corsSupported };
  }

  /** Config, key sub-path, slug and object key shared by presign and multipart init. */
  async target(caller: FileCaller, input: UrlPresignInput, slugTakenStatus: 400 | 409) {
    const url = this.remote.parseUrl(input.url).toString();
    const { config, subPath } = await this.shares.uploadConfig(caller, input.s3_config_id);
    if (input.slug) {
      assertSlugFormat(input.slug);
      if (await this.shares.findBySlug(input.slug)) {
        if (slugTakenStatus === 409) throw new HttpError(409, 'file.slugTaken');
        throw new HttpError(400, 'file.slugTaken');
      }
    }
    const path = normalizeUploadPath(input.path);
    return { url, config, subPath, path };
  }
}
