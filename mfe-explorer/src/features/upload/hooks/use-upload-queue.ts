import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadItemState } from '@cloudclip/shared-kernel';
import { errorMessage } from '../../../lib/format';
import { isCancelled, uploadFile, type UploadContext, type UploadMethod } from '../api/upload-file';

export interface UploadItem {
  id: number;
  file: File;
  directory: string;
  method: UploadMethod;
  state: UploadItemState;
  loaded: number;
  error: string | null;
}

/**
 * The upload list: files are uploaded one after another (as the legacy client) with the method
 * chosen when they were added; each can be cancelled (pending ones never start, a running one is aborted).
 */
export function useUploadQueue(context: UploadContext, onUploaded: (item: UploadItem) => void, onFinished?: (item: UploadItem) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(1);
  const contextRef = useRef(context);
  contextRef.current = context;
  const callbacks = useRef({ onUploaded, onFinished });
  callbacks.current = { onUploaded, onFinished };

  const patch = useCallback(
    (id: number, change: Partial<UploadItem>) => setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item))),
    [],
  );

  const add = useCallback((files: File[], directory: string, method: UploadMethod) => {
    setItems((list) => [
      ...list,
      ...files.map((file) => ({ id: nextId.current++, file, directory, method, state: 'pending' as const, loaded: 0, error: null })),
    ]);
  }, []);

  // Start the next pending file when nothing is uploading.
  const running = items.some((item) => item.state === 'uploading');
  const next = running ? undefined : items.find((item) => item.state === 'pending');
  useEffect(() => {
    if (!next) return;
    const controller = new AbortController();
    controllers.current.set(next.id, controller);
    patch(next.id, { state: 'uploading' });
    uploadFile(contextRef.current, next.method, {
      directory: next.directory,
      file: next.file,
      signal: controller.signal,
      onProgress: (loaded) => patch(next.id, { loaded }),
    }).then(
      () => {
        const done = { ...next, state: 'success' as const, loaded: next.file.size };
        patch(next.id, { state: 'success', loaded: next.file.size });
        callbacks.current.onUploaded(done);
        callbacks.current.onFinished?.(done);
      },
      (error: unknown) => {
        const cancelled = isCancelled(error) || controller.signal.aborted;
        const failed = { ...next, state: cancelled ? ('cancelled' as const) : ('error' as const), error: errorMessage(error) };
        patch(next.id, { state: failed.state, error: failed.error });
        callbacks.current.onFinished?.(failed);
      },
    );
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- starts each pending file once: keyed on its id, as the item object is replaced on every progress patch
  }, [next?.id]);

  const cancel = useCallback(
    (id: number) => {
      const controller = controllers.current.get(id);
      if (controller) controller.abort();
      else patch(id, { state: 'cancelled', error: null });
      setItems((list) => list.map((item) => (item.id === id && item.state === 'pending' ? { ...item, state: 'cancelled' } : item)));
    },
    [patch],
  );

  const cancelAll = useCallback(() => {
    setItems((list) => list.map((item) => (item.state === 'pending' ? { ...item, state: 'cancelled' } : item)));
    controllers.current.forEach((controller) => controller.abort());
  }, []);

  const clearFinished = useCallback(
    () => setItems((list) => list.filter((item) => item.state === 'pending' || item.state === 'uploading')),
    [],
  );

  // Leaving the page cancels running uploads (a multipart one is then aborted on the server).
  useEffect(() => () => controllers.current.forEach((controller) => controller.abort()), []);

  return { items, add, cancel, cancelAll, clearFinished };
}
