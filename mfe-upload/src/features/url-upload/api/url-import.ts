import {
  ApiError,
  isApiError,
  URL_MULTIPART_CONCURRENCY,
  MULTIPART_PART_BYTES,
  checkFileSize,
  type CloudclipApi,
  type StorageUploadResult,
  type UploadPhase,
  type UrlInfo,
  type UrlMultipartPart,
} from '@cloudclip/shared-kernel';
import type { UploadOptions } from '../../../lib/upload-options';
import type { UploadResult } from '../../../lib/upload-result';
import { overallPercent } from '../utils/progress-mapping';
import { runPool } from '../utils/run-pool';
import type { DownloadedSource, DownloadOptions } from './download-source';

/** Sources above this size go through the multipart flow (parts of MULTIPART_PART_BYTES). */
export const URL_MULTIPART_THRESHOLD_BYTES = 4 * MULTIPART_PART_BYTES;

export type UrlEdge = Pick<
  CloudclipApi['urlUpload'],
  'proxyUrl' | 'presign' | 'commit' | 'multipartInit' | 'multipartComplete' | 'multipartAbort' | 'cancel'
>;

export interface UrlImportDeps {
  urlUpload: UrlEdge;
  /** `kernel.http.putToStorage`: PUT bytes to a presigned URL with progress. */
  putToStorage: (
    url: string,
    body: Blob,
    options: {
      headers?: Record<string, string>;
      signal?: AbortSignal;
      onUploadProgress?: (event: { loaded: number; total: number }) => void;
    },
  ) => Promise<StorageUploadResult>;
  download: (url: string, options: DownloadOptions) => Promise<DownloadedSource>;
  translate: (key: string, params?: Record<string, unknown>) => string;
  /** Validation texts (namespace `validation`). */
  translateValidation: (key: string, params: Record<string, unknown>) => string;
  maxUploadMb: number;
  /** Parts sent at once in the multipart flow (default 3). */
  concurrency?: number;
  partSize?: number;
  multipartThreshold?: number;
}

export interface UrlImportHooks {
  onPhase: (phase: UploadPhase) => void;
  /** Overall percent: download 0–49, upload 50–99. */
  onProgress: (percent: number, detail: { stage: 'download' | 'upload'; loaded: number; total: number | null }) => void;
  onMode?: (mode: 'single' | 'multipart') => void;
}

export interface UrlImportResult extends UploadResult {
  mode: 'single' | 'multipart';
  via: DownloadedSource['via'];
}

function tooLarge(deps: UrlImportDeps, size: number): ApiError | null {
  const refusal = checkFileSize(size, deps.maxUploadMb);
  return refusal ? new ApiError(deps.translateValidation(refusal.key, refusal.params), 'http', 400) : null;
}

/**
 * Imports a file from a URL (contract 5.8, legacy order): reserve the share (`url/presign`, or
 * `url/multipart/init` for large sources) → download in the browser (proxy fallback) → PUT the
 * bytes (multipart: parts in parallel, at most `concurrency`) → `url/commit` / `multipart/complete`.
 * Any failure or cancel after the reservation releases it on the server (`url/cancel` or
 * `url/multipart/abort`) before the error is rethrown.
 */
export async function importFromUrl(
  deps: UrlImportDeps,
  info: UrlInfo,
  options: UploadOptions,
  hooks: UrlImportHooks,
  signal: AbortSignal,
): Promise<UrlImportResult> {
  const partSize = deps.partSize ?? MULTIPART_PART_BYTES;
  const concurrency = Math.max(1, Math.floor(deps.concurrency ?? URL_MULTIPART_CONCURRENCY));
  const threshold = deps.multipartThreshold ?? URL_MULTIPART_THRESHOLD_BYTES;
  const cancelledDownload = () => new ApiError(deps.translate('errors.downloadCancelled'), 'cancelled', 0);
  const cancelledUpload = () => new ApiError(deps.translate('errors.uploadCancelled'), 'cancelled', 0);

  hooks.onPhase('preparing');
  const knownSize = typeof info.size === 'number' && info.size > 0 ? info.size : null;
  if (knownSize !== null) {
    const refusal = tooLarge(deps, knownSize);
    if (refusal) throw refusal;
  }
  if (signal.aborted) throw cancelledDownload();
  const mode: UrlImportResult['mode'] = knownSize !== null && knownSize > threshold ? 'multipart' : 'single';
  hooks.onMode?.(mode);
  const common = {
    url: info.url,
    s3_config_id: options.storageConfigId,
    metadata: { filename: info.filename, contentType: info.contentType, ...(knownSize !== null ? { size: knownSize } : {}) },
    filename: info.filename,
    slug: options.slug ?? undefined,
    remark: options.remark ?? undefined,
    path: options.path ?? undefined,
  };

  hooks.onPhase('initializing');
  let release: () => Promise<unknown>;
  let upload: (blob: Blob) => Promise<{ id: string; slug: string; filename: string; url: string }>;
  if (mode === 'multipart') {
    const init = await deps.urlUpload.multipartInit(
      {
        ...common,
        password: options.password ?? undefined,
        expires_in: options.expiresInHours,
        max_views: options.maxViews,
        part_size: partSize,
        total_size: knownSize!,
        part_count: Math.ceil(knownSize! / partSize),
      },
      // No cancel signal here: the reservation is always awaited, so a cancel can release it.
    );
    release = () => deps.urlUpload.multipartAbort({ file_id: init.file_id, upload_id: init.upload_id });
    upload = async (blob) => {
      if (blob.size !== init.total_size) throw new ApiError(deps.translate('upload:url.sizeChanged'), 'http', 400);
      const loaded = new Map<number, number>();
      const report = () => {
        let sum = 0;
        for (const value of loaded.values()) sum += value;
        hooks.onProgress(overallPercent('upload', sum / blob.size), { stage: 'upload', loaded: sum, total: blob.size });
      };
      const size = init.part_size || partSize;
      const tasks = [...init.presigned_urls]
        .sort((a, b) => a.partNumber - b.partNumber)
        .map(({ partNumber, url }) => async (): Promise<UrlMultipartPart> => {
          const part = blob.slice((partNumber - 1) * size, Math.min(blob.size, partNumber * size));
          try {
            const put = await deps.putToStorage(url, part, {
              signal,
              onUploadProgress: (event) => {
                loaded.set(partNumber, event.loaded);
                report();
              },
            });
            loaded.set(partNumber, part.size);
            report();
            return { partNumber, etag: put.etag, size: part.size };
          } catch (error) {
            if (signal.aborted) throw cancelledUpload();
            const reason = error instanceof Error ? error.message : String(error);
            throw new ApiError(
              `${deps.translate('errors.partFailed', { part: partNumber })}: ${reason}`,
              isApiError(error) ? error.kind : 'network',
              isApiError(error) ? error.status : 0,
            );
          }
        });
      const parts = await runPool(tasks, concurrency, signal);
      if (signal.aborted) throw cancelledUpload();
      hooks.onPhase('finalizing');
      const done = await deps.urlUpload.multipartComplete({ file_id: init.file_id, upload_id: init.upload_id, parts }, signal);
      return { id: done.file_id, slug: done.slug, filename: done.filename, url: done.url };
    };
  } else {
    const presigned = await deps.urlUpload.presign(common);
    release = () => deps.urlUpload.cancel(presigned.file_id);
    upload = async (blob) => {
      let put: StorageUploadResult;
      try {
        put = await deps.putToStorage(presigned.upload_url, blob, {
          headers: { 'Content-Type': presigned.contentType },
          signal,
          onUploadProgress: (event) =>
            hooks.onProgress(overallPercent('upload', event.loaded / (event.total || blob.size)), {
              stage: 'upload',
              loaded: event.loaded,
              total: blob.size,
            }),
        });
      } catch (error) {
        if (signal.aborted) throw cancelledUpload();
        throw error;
      }
      if (signal.aborted) throw cancelledUpload();
      hooks.onPhase('finalizing');
      const committed = await deps.urlUpload.commit(
        {
          file_id: presigned.file_id,
          etag: put.etag,
          size: String(blob.size),
          remark: options.remark ?? undefined,
          password: options.password ?? undefined,
          expires_in: String(options.expiresInHours),
          max_views: String(options.maxViews),
          slug: options.slug ?? undefined,
        },
        signal,
      );
      return { id: committed.id, slug: committed.slug, filename: committed.filename, url: committed.url };
    };
  }

  try {
    if (signal.aborted) throw cancelledDownload();
    hooks.onPhase('starting');
    hooks.onPhase('downloading');
    hooks.onProgress(overallPercent('download', 0), { stage: 'download', loaded: 0, total: knownSize });
    const source = await deps.download(info.url, {
      proxyUrl: deps.urlUpload.proxyUrl(info.url),
      signal,
      expectedSize: knownSize,
      translate: deps.translate,
      onProgress: (loaded, total) =>
        hooks.onProgress(overallPercent('download', total ? loaded / total : 0), { stage: 'download', loaded, total }),
    });
    if (signal.aborted) throw cancelledDownload();
    const refusal = tooLarge(deps, source.blob.size);
    if (refusal) throw refusal;
    hooks.onPhase('uploading');
    hooks.onProgress(overallPercent('upload', 0), { stage: 'upload', loaded: 0, total: source.blob.size });
    const done = await upload(source.blob);
    hooks.onPhase('completed');
    return {
      id: done.id,
      slug: done.slug,
      filename: done.filename,
      size: source.blob.size,
      path: done.url || `/file/${encodeURIComponent(done.slug)}`,
      password: options.password,
      mode,
      via: source.via,
    };
  } catch (error) {
    await release().catch(() => undefined);
    if (signal.aborted && !(isApiError(error) && error.kind === 'cancelled')) throw cancelledUpload();
    throw error;
  }
}
