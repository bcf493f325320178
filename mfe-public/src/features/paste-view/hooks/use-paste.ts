import { useCallback, useEffect, useState } from 'react';
import { isApiError, type PasteProtectedView, useKernel } from '@cloudclip/shared-kernel';
import { earlyPasteLoad, loadPaste, unlockPaste, type LoadedPaste } from '../api/paste-api';
import { endsShare, shareFailureOf, type ShareFailure } from '../../../lib/share-failure';

export type PasteState =
  | { status: 'loading' }
  | { status: 'locked'; meta: PasteProtectedView }
  | { status: 'ready'; paste: LoadedPaste }
  | { status: 'failed'; failure: ShareFailure; message: string }
  | { status: 'deleted' };

/** Loads `/paste/{slug}` once per slug and holds its state (locked → unlock → ready, edits, deletion). */
export function usePaste(slug: string) {
  const kernel = useKernel();
  const [state, setState] = useState<PasteState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    // The request the remote started while this page's code was downloading, else a new one.
    const load = earlyPasteLoad.started(slug) ?? loadPaste(kernel, slug, controller.signal);
    load.then(
      (result) => {
        if (controller.signal.aborted) return;
        earlyPasteLoad.forget(load);
        setState(result.kind === 'locked' ? { status: 'locked', meta: result.meta } : { status: 'ready', paste: result.paste });
      },
      (error: unknown) => {
        if (controller.signal.aborted || (isApiError(error) && error.isCancelled)) return;
        earlyPasteLoad.forget(load);
        setState({ status: 'failed', ...shareFailureOf(error) });
      },
    );
    return () => controller.abort();
  }, [kernel, slug]);

  /** Rejects with the message to show under the password field; 404/410 end on the status page. */
  const unlock = useCallback(
    async (password: string) => {
      try {
        const paste = await unlockPaste(kernel, slug, password);
        setState({ status: 'ready', paste });
      } catch (error) {
        if (endsShare(error)) {
          setState({ status: 'failed', ...shareFailureOf(error) });
          return;
        }
        throw error;
      }
    },
    [kernel, slug],
  );

  const updateLoaded = useCallback((paste: LoadedPaste) => setState({ status: 'ready', paste }), []);
  const markDeleted = useCallback(() => setState({ status: 'deleted' }), []);

  return { state, unlock, updateLoaded, markDeleted };
}
