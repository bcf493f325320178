import { ApiError, isApiError, type CloudclipApi, type UploadPhase } from '@cloudclip/shared-kernel';
import type { FileScope } from '../../../lib/upload-access';
import type { UploadOptions } from '../../../lib/upload-options';
import type { UploadResult } from '../utils/upload-queue';

/** The kernel API edge this flow uses (mocked in unit tests, nothing else is). */
export type FilesEdge = Pick<CloudclipApi['files'], 'presign' | 'putToStorage' | 'commit' | 'removePending'>;

export interface FileUploadDeps {
  files: FilesEdge;
  /** Who deletes a half-created record: admin → admin delete, key holder → user delete. */
  scope: FileScope;
  /** Localised text of a `common` key (the timeout message). */
  translate: (key: string) => string;
  /** JSON calls (presign, commit) give up after this long. */
  requestTimeoutMs?: number;
  /** The PUT gives up when no byte went out for this long (a large file may take hours in total). */
  stallTimeoutMs?: number;
}

export interface FileUploadHooks {
  onPhase: (phase: UploadPhase) => void;
  onProgress: (loaded: number, total: number) => void;
}

export const REQUEST_TIMEOUT_MS = 60_000;
export const STALL_TIMEOUT_MS = 120_000;

/** A signal that follows `outer` and also aborts when `touch()` has not been called for `idleMs`. */
function idleSignal(outer: AbortSignal, idleMs: number) {
  const controller = new AbortController();
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, idleMs);
  };
  const onAbort = () => controller.abort();
  if (outer.aborted) controller.abort();
  else outer.addEventListener('abort', onAbort, { once: true });
  arm();
  return {
    signal: controller.signal,
    touch: arm,
    stalled: () => stalled,
    dispose: () => {
      if (timer) clearTimeout(timer);
      outer.removeEventListener('abort', onAbort);
    },
  };
}

function withTimeout(outer: AbortSignal, ms: number): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  outer.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), ms);
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      outer.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Runs `call` with a signal that aborts on cancel or after `ms`. A timeout becomes the kernel's
 * timeout error, a cancel stays the cancellation error the client raised.
 */
async function timed<T>(
  outer: AbortSignal,
  ms: number,
  translate: (key: string) => string,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const link = withTimeout(outer, ms);
  try {
    return await call(link.signal);
  } catch (error) {
    if (!outer.aborted && link.signal.aborted) throw new ApiError(translate('errors.timeout'), 'timeout', 0);
    if (outer.aborted) throw new ApiError(translate('errors.uploadCancelled'), 'cancelled', 0);
    throw error;
  } finally {
    link.dispose();
  }
}

/**
 * A refused presign keeps the server's own reason (size limit, quota, taken link…); a bare HTTP
 * failure without one says 'failed to get presigned URL' (spec §8). Network and timeout keep theirs.
 */
export function presignError(error: unknown, translate: (key: string) => string): unknown {
  if (isApiError(error) && (error.kind === 'http' || error.kind === 'envelope') && !error.details.serverMessage) {
    return new ApiError(`${translate('errors.presignFailed')}: ${error.message}`, error.kind, error.status, error.details);
  }
  return error;
}

/**
 * One file share upload (contract 5.4.2): presign (with `size`, so the server checks the limit and
 * the quota) → PUT to the returned URL with progress → commit. Once presign has created the pending
 * record, any failure or cancel deletes it again (admin or user delete), then the error is rethrown.
 */
export async function uploadFile(
  deps: FileUploadDeps,
  file: File,
  options: UploadOptions,
  hooks: FileUploadHooks,
  signal: AbortSignal,
): Promise<UploadResult> {
  const requestTimeout = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const cancelled = () => new ApiError(deps.translate('errors.uploadCancelled'), 'cancelled', 0);
  if (signal.aborted) throw cancelled();

  hooks.onPhase('initializing');
  // Presign is not aborted by a cancel: once it answers, the record it created is known and removed
  // below. Aborting it mid-flight could leave a pending record nobody knows the id of.
  const presigned = await timed(new AbortController().signal, requestTimeout, deps.translate, (inner) =>
    deps.files.presign(
      {
        s3_config_id: options.storageConfigId,
        filename: file.name,
        size: file.size,
        mimetype: file.type || undefined,
        slug: options.slug ?? undefined,
        path: options.path ?? undefined,
      },
      inner,
    ),
  ).catch((error: unknown) => {
    throw presignError(error, deps.translate);
  });

  try {
    if (signal.aborted) throw cancelled();
    hooks.onPhase('starting');
    const watch = idleSignal(signal, deps.stallTimeoutMs ?? STALL_TIMEOUT_MS);
    let etag: string | null;
    try {
      hooks.onPhase('uploading');
      const put = await deps.files.putToStorage(presigned, file, {
        signal: watch.signal,
        onUploadProgress: (event) => {
          watch.touch();
          hooks.onProgress(event.loaded, event.total || file.size);
        },
      });
      etag = put.etag;
    } catch (error) {
      if (watch.stalled() && !signal.aborted) throw new ApiError(deps.translate('errors.timeout'), 'timeout', 0);
      throw error;
    } finally {
      watch.dispose();
    }
    if (signal.aborted) throw cancelled();
    hooks.onProgress(file.size, file.size);

    hooks.onPhase('finalizing');
    const committed = await timed(signal, requestTimeout, deps.translate, (inner) =>
      deps.files.commit(
        {
          file_id: presigned.file_id,
          etag,
          size: String(file.size),
          remark: options.remark ?? undefined,
          password: options.password ?? undefined,
          expires_in: String(options.expiresInHours),
          max_views: String(options.maxViews),
        },
        inner,
      ),
    );
    hooks.onPhase('completed');
    return {
      id: committed.id ?? presigned.file_id,
      slug: committed.slug ?? presigned.slug,
      filename: committed.filename ?? file.name,
      size: file.size,
      path: committed.url || `/file/${encodeURIComponent(committed.slug ?? presigned.slug)}`,
      password: options.password,
    };
  } catch (error) {
    // The record exists but holds nothing usable: remove it (best effort, the original error wins).
    await deps.files.removePending(presigned.file_id, deps.scope).catch(() => undefined);
    throw error;
  }
}
