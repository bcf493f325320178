import { useCallback, useEffect, useReducer, useRef } from 'react';
import { checkFileSize, useKernel, errorText } from '@cloudclip/shared-kernel';
import { isCancellation } from '../../../lib/cancellation';
import type { FileScope } from '../../../lib/upload-access';
import type { UploadOptions } from '../../../lib/upload-options';
import { uploadFile } from '../api/upload-file';
import { nextToStart, queueReducer, type UploadResult } from '../utils/upload-queue';

/** Files uploaded at the same time. */
export const UPLOAD_CONCURRENCY = 2;

let sequence = 0;
const nextId = () => `upload-${Date.now().toString(36)}-${(sequence += 1)}`;

/**
 * Runs the upload list: items start by themselves (at most UPLOAD_CONCURRENCY at once), each with the
 * options of the batch it came with; cancel aborts the transfer at once, retry puts the item back.
 */
export function useUploadQueue({
  scope,
  maxUploadMb,
  onUploaded,
}: {
  scope: FileScope;
  maxUploadMb: number;
  onUploaded: (result: UploadResult) => void;
}) {
  const kernel = useKernel();
  const [items, dispatch] = useReducer(queueReducer, []);
  const controllers = useRef(new Map<string, AbortController>());
  const optionsOf = useRef(new Map<string, UploadOptions>());
  const latest = useRef({ scope, onUploaded });
  latest.current = { scope, onUploaded };

  const t = useCallback((key: string, params?: Record<string, unknown>) => kernel.i18n.t(key, params), [kernel]);

  const enqueue = useCallback(
    (files: File[], options: UploadOptions) => {
      const added = files.map((file) => {
        const id = nextId();
        optionsOf.current.set(id, options);
        const refusal = checkFileSize(file.size, maxUploadMb);
        return { id, file, refusal: refusal ? t(refusal.key, { ns: refusal.ns, ...refusal.params }) : null };
      });
      dispatch({ type: 'add', items: added });
    },
    [maxUploadMb, t],
  );

  const run = useCallback(
    (id: string, file: File) => {
      const options = optionsOf.current.get(id);
      if (!options || controllers.current.has(id)) return;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      dispatch({ type: 'start', id, at: performance.now() });
      uploadFile(
        { files: kernel.api.files, scope: latest.current.scope, translate: (key) => t(key) },
        file,
        options,
        {
          onPhase: (phase) => dispatch({ type: 'phase', id, phase }),
          onProgress: (loaded, total) => dispatch({ type: 'progress', id, loaded, total, at: performance.now() }),
        },
        controller.signal,
      )
        .then((result) => {
          if (controller.signal.aborted) return;
          dispatch({ type: 'succeed', id, result });
          latest.current.onUploaded(result);
        })
        .catch((error: unknown) => {
          // A cancel was already recorded by `cancel`; anything else is an error of this item.
          if (controller.signal.aborted || isCancellation(error)) return;
          dispatch({ type: 'fail', id, error: errorText(error, t('errors.requestFailed')) });
        })
        .finally(() => controllers.current.delete(id));
    },
    [kernel, t],
  );

  useEffect(() => {
    for (const item of nextToStart(items, UPLOAD_CONCURRENCY)) run(item.id, item.file);
  }, [items, run]);

  // Leaving the page stops every transfer (the uploader then removes the half-created records).
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const cancel = useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      dispatch({ type: 'cancel', id, message: t('errors.uploadCancelled') });
    },
    [t],
  );
  const retry = useCallback((id: string) => dispatch({ type: 'retry', id }), []);
  const remove = useCallback((id: string) => {
    optionsOf.current.delete(id);
    dispatch({ type: 'remove', id });
  }, []);
  const clearFinished = useCallback(() => dispatch({ type: 'clear-finished' }), []);

  return { items, enqueue, cancel, retry, remove, clearFinished };
}
