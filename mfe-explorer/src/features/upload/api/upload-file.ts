import type { FsApi } from '../../../lib/fs-api';
import { ApiError, FS_MULTIPART_PART_TIMEOUT_MS, isApiError, type HttpClient, type ProgressEvent } from '@cloudclip/shared-kernel';
import { planParts } from '../utils/multipart-plan';

/** The three upload methods of the explorer (contract §8): presigned is the default. */
export const UPLOAD_METHODS = ['presigned', 'direct', 'multipart'] as const;
export type UploadMethod = (typeof UPLOAD_METHODS)[number];

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface UploadContext {
  fs: FsApi;
  http: Pick<HttpClient, 'putToStorage'>;
  t: Translate;
}

export interface UploadJob {
  /** Target directory (ends with `/`). */
  directory: string;
  file: File;
  signal: AbortSignal;
  /** Bytes sent so far of the whole file. */
  onProgress?: (loaded: number, total: number) => void;
}

export interface UploadOutcome {
  /** Virtual path of the stored file. */
  path: string;
  method: UploadMethod;
}

/** A failed upload part: the message names the part number. */
export class PartUploadError extends Error {
  override readonly name = 'PartUploadError';
  constructor(
    message: string,
    readonly partNumber: number,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

function cancelledError(t: Translate): ApiError {
  return new ApiError(t('common:errors.uploadCancelled'), 'cancelled', 0);
}

export function isCancelled(error: unknown): boolean {
  return isApiError(error) && error.kind === 'cancelled';
}

function reporter(job: UploadJob, offset: number) {
  return (event: ProgressEvent) => job.onProgress?.(Math.min(job.file.size, offset + event.loaded), job.file.size);
}

/** Presigned: `fs/presign` → PUT to the storage URL with the returned content type → `fs/presign/commit`. */
export async function uploadPresigned({ fs, http, t }: UploadContext, job: UploadJob): Promise<UploadOutcome> {
  const { file, directory, signal } = job;
  let presigned;
  try {
    presigned = await fs.presign(
      { path: directory, fileName: file.name, contentType: file.type || undefined, fileSize: file.size },
      signal,
    );
  } catch (error) {
    if (isCancelled(error) || signal.aborted) throw cancelledError(t);
    const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
    throw new ApiError(
      `${t('common:errors.presignFailed')}${detail}`,
      isApiError(error) ? error.kind : 'http',
      isApiError(error) ? error.status : 0,
    );
  }
  const put = await http.putToStorage(presigned.presignedUrl, file, {
    headers: { 'Content-Type': presigned.contentType },
    signal,
    onUploadProgress: reporter(job, 0),
  });
  const { presignedUrl: _omit, ...rest } = presigned;
  void _omit;
  const committed = await fs.presignCommit({ ...rest, etag: put.etag, fileSize: file.size, contentType: presigned.contentType }, signal);
  return { path: committed.path ?? presigned.targetPath, method: 'presigned' };
}

/** Direct: one multipart/form-data POST to `fs/upload` with `use_multipart=false`. */
export async function uploadDirect({ fs }: UploadContext, job: UploadJob): Promise<UploadOutcome> {
  const result = await fs.upload(job.directory, job.file, { useMultipart: false, signal: job.signal, onUploadProgress: reporter(job, 0) });
  return { path: result.path, method: 'direct' };
}

/**
 * Multipart: `init` (directory + filename) → sequential 5 MiB parts (per-part timeout 300 000 ms,
 * progress) → `complete`. Any failure or cancel after `init` aborts the upload on the server; a
 * failed part is named in the error.
 */
export async function uploadMultipart({ fs, t }: UploadContext, job: UploadJob, partSize?: number): Promise<UploadOutcome> {
  const { file, directory, signal } = job;
  const init = await fs.multipartInit(
    { path: directory, filename: file.name, contentType: file.type || undefined, fileSize: file.size },
    signal,
  );
  const abort = () => fs.multipartAbort({ path: directory, uploadId: init.uploadId, key: init.key }).catch(() => undefined);
  try {
    const parts: Array<{ partNumber: number; etag: string }> = [];
    for (const part of planParts(file.size, partSize)) {
      if (signal.aborted) throw cancelledError(t);
      try {
        const uploaded = await fs.multipartPart(
          { path: directory, uploadId: init.uploadId, partNumber: part.partNumber, isLastPart: part.isLastPart, key: init.key },
          file.slice(part.start, part.end),
          { signal, timeoutMs: FS_MULTIPART_PART_TIMEOUT_MS, onUploadProgress: reporter(job, part.start) },
        );
        parts.push({ partNumber: part.partNumber, etag: uploaded.etag });
      } catch (error) {
        if (isCancelled(error) || signal.aborted) throw cancelledError(t);
        const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
        throw new PartUploadError(`${t('common:errors.partFailed', { part: part.partNumber })}${detail}`, part.partNumber, error);
      }
    }
    if (signal.aborted) throw cancelledError(t);
    const done = await fs.multipartComplete({
      path: directory,
      uploadId: init.uploadId,
      key: init.key,
      parts,
      contentType: file.type || undefined,
      fileSize: file.size,
    });
    job.onProgress?.(file.size, file.size);
    return { path: done.path, method: 'multipart' };
  } catch (error) {
    await abort();
    throw error;
  }
}

/** Uploads one file with the chosen method. Empty files always go direct (a multipart part cannot be empty). */
export function uploadFile(context: UploadContext, method: UploadMethod, job: UploadJob): Promise<UploadOutcome> {
  if (job.signal.aborted) return Promise.reject(cancelledError(context.t));
  if (method === 'direct' || (method === 'multipart' && job.file.size === 0)) return uploadDirect(context, job);
  if (method === 'multipart') return uploadMultipart(context, job);
  return uploadPresigned(context, job);
}
