import type { FsApi } from '../../../lib/fs-api';
import {
  ApiError,
  isApiError,
  type FsBatchCopyCommitFile,
  type FsBatchCopyCrossStorageResult,
  type HttpClient,
} from '@cloudclip/shared-kernel';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** One file to copy in the browser: GET `downloadUrl` → PUT `uploadUrl` (with its content type). */
export interface CopyTask {
  name: string;
  downloadUrl: string;
  uploadUrl: string;
  contentType: string;
  targetMountId: string;
  /** What `batch-copy-commit` gets (legacy mapping: folder items use `targetKey` for both). */
  targetPath: string;
  s3Path: string;
  size?: number;
}

export interface CopyProgress {
  /** Files finished (copied or failed). */
  done: number;
  total: number;
  /** File being copied now. */
  current: string | null;
  /** 0..100 over all files. */
  percent: number;
}

export interface ClientCopyResult {
  copied: number;
  failed: Array<{ name: string; error: string }>;
}

export interface ClientCopyDeps {
  fs: Pick<FsApi, 'batchCopyCommit'>;
  http: Pick<HttpClient, 'request' | 'putToStorage'>;
  t: Translate;
  /** Makes a relative storage URL absolute (the server may return `/api/...` paths). */
  resolveUrl?: (url: string) => string;
}

/** The files to copy of a `requiresClientSideCopy` answer (single files and the direct files of folders). */
export function copyTasksOf(result: FsBatchCopyCrossStorageResult): CopyTask[] {
  const tasks: CopyTask[] = [];
  for (const entry of result.crossStorageResults ?? []) {
    if (entry.isDirectory) {
      for (const item of entry.items ?? []) {
        tasks.push({
          name: item.fileName,
          downloadUrl: item.downloadUrl,
          uploadUrl: item.uploadUrl,
          contentType: item.contentType,
          targetMountId: entry.targetMount,
          targetPath: item.targetKey,
          s3Path: item.targetKey,
          size: item.size,
        });
      }
    } else {
      tasks.push({
        name: entry.targetFileName || entry.fileName,
        downloadUrl: entry.downloadUrl,
        uploadUrl: entry.uploadUrl,
        contentType: entry.contentType,
        targetMountId: entry.targetMount,
        targetPath: entry.targetPath,
        s3Path: entry.targetS3Path,
      });
    }
  }
  return tasks;
}

function cancelled(t: Translate): ApiError {
  return new ApiError(t('common:errors.copyCancelled'), 'cancelled', 0);
}

/**
 * The client-side (cross-storage) copy: for every file download it in the browser and upload it via
 * the returned URL, one after another; then one `batch-copy-commit` per target mount with the files
 * that made it. Throws 'no files found to copy' when there is nothing to copy, 'no files copied
 * successfully' when every file failed, and 'copy cancelled' on cancel (after committing what was
 * already copied, so the listing shows it).
 */
export async function runClientSideCopy(
  deps: ClientCopyDeps,
  result: FsBatchCopyCrossStorageResult,
  options: { signal: AbortSignal; onProgress?: (progress: CopyProgress) => void },
): Promise<ClientCopyResult> {
  const { t, http, fs } = deps;
  const resolve = deps.resolveUrl ?? ((url: string) => url);
  const tasks = copyTasksOf(result);
  if (tasks.length === 0) throw new ApiError(t('common:errors.noFilesToCopy'), 'envelope', 0);
  const total = tasks.length;
  const copied: Array<{ task: CopyTask; file: FsBatchCopyCommitFile }> = [];
  const failed: ClientCopyResult['failed'] = [];
  const report = (done: number, current: string | null, fraction = 0) =>
    options.onProgress?.({ done, total, current, percent: Math.min(100, Math.round(((done + fraction) / total) * 100)) });

  let wasCancelled = false;
  for (let index = 0; index < tasks.length; index += 1) {
    const task = tasks[index]!;
    if (options.signal.aborted) {
      wasCancelled = true;
      break;
    }
    report(index, task.name);
    try {
      const blob = await http.request<Blob>(resolve(task.downloadUrl), {
        responseType: 'blob',
        auth: false,
        signal: options.signal,
        cancelledAs: 'download',
      });
      report(index, task.name, 0.5);
      const put = await http.putToStorage(resolve(task.uploadUrl), blob, {
        headers: { 'Content-Type': task.contentType },
        signal: options.signal,
        onUploadProgress: (event) => report(index, task.name, 0.5 + (event.percent ?? 0) / 200),
      });
      copied.push({
        task,
        file: { targetPath: task.targetPath, s3Path: task.s3Path, contentType: task.contentType, fileSize: blob.size, etag: put.etag },
      });
    } catch (error) {
      if (options.signal.aborted || (isApiError(error) && error.kind === 'cancelled')) {
        wasCancelled = true;
        break;
      }
      failed.push({ name: task.name, error: error instanceof Error ? error.message : String(error) });
    }
    report(index + 1, null);
  }

  // Record what was copied, per target mount (no signal: this must reach the server even after a cancel).
  const byMount = new Map<string, FsBatchCopyCommitFile[]>();
  for (const { task, file } of copied) byMount.set(task.targetMountId, [...(byMount.get(task.targetMountId) ?? []), file]);
  let committed = 0;
  for (const [targetMountId, files] of byMount) {
    try {
      const outcome = await fs.batchCopyCommit({ targetMountId, files });
      committed += outcome?.success?.length ?? files.length;
      for (const miss of outcome?.failed ?? []) failed.push({ name: miss.targetPath, error: miss.error });
    } catch (error) {
      for (const file of files) failed.push({ name: file.targetPath, error: error instanceof Error ? error.message : String(error) });
    }
  }

  if (wasCancelled) throw cancelled(t);
  if (committed === 0) throw new ApiError(t('common:errors.noFilesCopied'), 'envelope', 0, { body: failed });
  return { copied: committed, failed };
}
