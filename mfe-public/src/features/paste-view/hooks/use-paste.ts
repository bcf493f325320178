import { useCallback, useEffect, useState } from 'react';
import { type PasteBurnPendingView, type PasteProtectedView, useKernel } from '@cloudclip/shared-kernel';
import { confirmBurnPaste, earlyPasteLoad, loadPaste, unlockPaste, type LoadedPaste, type PasteLoad } from '../api/paste-api';
import { failedShare, failedShareOrThrow, loadWasCancelled, type FailedShare } from '../../../lib/share-failure';

export type PasteState =
  | { status: 'loading' }
  | { status: 'locked'; meta: PasteProtectedView }
  | { status: 'confirm'; meta: PasteBurnPendingView }
  | { status: 'ready'; paste: LoadedPaste }
  | FailedShare
  | { status: 'deleted' };

function stateOf(result: PasteLoad): PasteState {
  if (result.kind === 'locked') return { status: 'locked', meta: result.meta };
  if (result.kind === 'confirm') return { status: 'confirm', meta: result.meta };
  return { status: 'ready', paste: result.paste };
}

/**
 * Loads `/paste/{slug}` once per slug and holds its state (locked → unlock → ready; a burn paste:
 * confirm → ready; edits, deletion).
 */
export function usePaste(slug: string) {
  const kernel = useKernel();
  // The answer the remote's early request already has (app.tsx, preloadPage): the first render shows it.
  const [early] = useState(() => earlyPasteLoad.settled(slug)?.value ?? null);
  const [state, setState] = useState<PasteState>(() => (early ? stateOf(early) : { status: 'loading' }));

  useEffect(() => {
    const controller = new AbortController();
    if (!early) setState({ status: 'loading' });
    // The request the remote started while this page's code was downloading, else a new one.
    const load = earlyPasteLoad.started(slug) ?? loadPaste(kernel, slug, controller.signal);
    load.then(
      (result) => {
        if (controller.signal.aborted) return;
        earlyPasteLoad.forget(load);
        // Already shown when the first render had it.
        if (result !== early) setState(stateOf(result));
      },
      (error: unknown) => {
        if (loadWasCancelled(controller.signal, error)) return;
        earlyPasteLoad.forget(load);
        setState(failedShare(error));
      },
    );
    return () => controller.abort();
  }, [kernel, slug, early]);

  /** Rejects with the message to show under the password field; 404/410 end on the status page. */
  const unlock = useCallback(
    async (password: string) => {
      try {
        const paste = await unlockPaste(kernel, slug, password);
        setState({ status: 'ready', paste });
      } catch (error) {
        setState(failedShareOrThrow(error));
      }
    },
    [kernel, slug],
  );

  /** Receives a burn-after-reading paste (the server deletes it with this answer). */
  const confirmBurn = useCallback(async () => {
    try {
      setState({ status: 'ready', paste: await confirmBurnPaste(kernel, slug) });
    } catch (error) {
      setState(failedShare(error));
    }
  }, [kernel, slug]);

  const updateLoaded = useCallback((paste: LoadedPaste) => setState({ status: 'ready', paste }), []);
  const markDeleted = useCallback(() => setState({ status: 'deleted' }), []);

  return { state, unlock, confirmBurn, updateLoaded, markDeleted };
}
