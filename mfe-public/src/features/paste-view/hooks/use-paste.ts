import { useCallback, useEffect, useState } from 'react';
import { isApiError, type PasteBurnPendingView, type PasteProtectedView, useKernel } from '@cloudclip/shared-kernel';
import { confirmBurnPaste, earlyPasteLoad, loadPaste, unlockPaste, type LoadedPaste, type PasteLoad } from '../api/paste-api';
import { endsShare, failedShare, failedShareOrThrow, loadWasCancelled, type FailedShare } from '../../../lib/share-failure';
import { forgetOfflinePaste, offlinePaste, saveOfflinePaste } from '../offline/offline-pastes';

export type PasteState =
  | { status: 'loading' }
  | { status: 'locked'; meta: PasteProtectedView }
  | { status: 'confirm'; meta: PasteBurnPendingView }
  /** `offline`: the server could not be reached, this is the copy saved in this browser then. */
  | { status: 'ready'; paste: LoadedPaste; offline?: { savedAt: number } }
  | FailedShare
  | { status: 'deleted' };

function stateOf(result: PasteLoad): PasteState {
  if (result.kind === 'locked') return { status: 'locked', meta: result.meta };
  if (result.kind === 'confirm') return { status: 'confirm', meta: result.meta };
  return { status: 'ready', paste: result.paste };
}

/** The server could not be reached at all (no answer): the case a saved copy stands in for. */
const unreachable = (error: unknown): boolean => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

/** Offline copies are a convenience: a browser without IndexedDB (or refusing it) just has none. */
function quietly(work: () => Promise<unknown>): void {
  work().catch(() => undefined);
}

/**
 * What a server answer means for the saved copy: a readable paste is saved (or, when it may not be
 * kept, its copy dropped); a paste that now asks for a password or burns after reading drops it.
 */
function rememberAnswer(slug: string, state: PasteState): void {
  if (state.status === 'ready' && !state.offline) quietly(() => saveOfflinePaste(state.paste));
  else if (state.status === 'locked' || state.status === 'confirm' || state.status === 'deleted') quietly(() => forgetOfflinePaste(slug));
}

/**
 * Loads `/paste/{slug}` once per slug and holds its state (locked → unlock → ready; a burn paste:
 * confirm → ready; edits, deletion). When the server cannot be reached, the copy saved the last time
 * the paste was opened here is shown instead (offline/offline-pastes.ts), marked `offline`.
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
        if (!unreachable(error)) {
          // 404/410: deleted, expired or its views used up: the saved copy goes too.
          if (endsShare(error)) quietly(() => forgetOfflinePaste(slug));
          setState(failedShare(error));
          return;
        }
        void offlinePaste(slug)
          .catch(() => null)
          .then((saved) => {
            if (controller.signal.aborted) return;
            setState(saved ? { status: 'ready', paste: saved.paste, offline: { savedAt: saved.savedAt } } : failedShare(error));
          });
      },
    );
    return () => controller.abort();
  }, [kernel, slug, early]);

  // Every answer of the server (a load, an unlock, an edit, a deletion) updates the saved copy.
  useEffect(() => rememberAnswer(slug, state), [slug, state]);

  /** Rejects with the message to show under the password field; 404/410 end on the status page. */
  const unlock = useCallback(
    async (password: string) => {
      try {
        const paste = await unlockPaste(kernel, slug, password);
        setState({ status: 'ready', paste });
      } catch (error) {
        if (endsShare(error)) quietly(() => forgetOfflinePaste(slug));
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
