import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isApiError, toBoolean, type PublicFile, useKernel } from '@cloudclip/shared-kernel';
import { earlyFileInfoLoad, loadFileInfo, verifyFile } from '../api/file-api';
import { filePasswordStore } from '../utils/file-password-store';
import { failedShare, failedShareOrThrow, loadWasCancelled, type FailedShare } from '../../../lib/share-failure';

export type FileState =
  | { status: 'loading' }
  | { status: 'locked'; file: PublicFile }
  | { status: 'ready'; file: PublicFile; password: string | null }
  | FailedShare
  | { status: 'deleted' };

/** State handed over by a slug change, so the renamed page does not count another view. */
export interface FileLocationState {
  file?: PublicFile;
  password?: string | null;
  /** The hand-over follows a saved edit: say so on the new page. */
  saved?: boolean;
}

const isWrongPassword = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

/**
 * Loads `/file/{slug}`. A protected file is verified automatically with the password this tab
 * already verified (sessionStorage `file_password_<slug>`); otherwise the prompt is shown.
 */
export function useFile(slug: string) {
  const kernel = useKernel();
  const location = useLocation();
  const navigate = useNavigate();
  const handedOver = (location.state as FileLocationState | null)?.file;
  // Details the remote's early request already has (app.tsx, preloadPage): the first render shows them.
  const [early] = useState(() => {
    const settled = handedOver?.slug === slug ? null : earlyFileInfoLoad.settled(slug);
    return settled && !toBoolean(settled.value.requires_password) ? settled.value : null;
  });
  const [state, setState] = useState<FileState>(() =>
    handedOver?.slug === slug
      ? { status: 'ready', file: handedOver, password: (location.state as FileLocationState).password ?? null }
      : early
        ? { status: 'ready', file: early, password: null }
        : { status: 'loading' },
  );

  useEffect(() => {
    if (handedOver?.slug === slug) {
      // Used once: a reload of this page loads the file again.
      navigate(location.pathname, { replace: true, state: null });
      return undefined;
    }
    const controller = new AbortController();
    if (!early) setState({ status: 'loading' });
    const run = async () => {
      try {
        // The request the remote started while this page's code was downloading, else a new one.
        const started = earlyFileInfoLoad.started(slug);
        const info = await (started ?? loadFileInfo(kernel, slug, controller.signal));
        if (started) earlyFileInfoLoad.forget(started);
        if (controller.signal.aborted) return;
        if (!toBoolean(info.requires_password)) {
          // Already shown when the first render had it.
          if (info !== early) setState({ status: 'ready', file: info, password: null });
          return;
        }
        const stored = filePasswordStore.get(slug);
        if (stored) {
          try {
            const verified = await verifyFile(kernel, slug, stored);
            if (!controller.signal.aborted) setState({ status: 'ready', file: verified, password: stored });
            return;
          } catch (error) {
            if (!isWrongPassword(error)) throw error;
            filePasswordStore.remove(slug);
          }
        }
        if (!controller.signal.aborted) setState({ status: 'locked', file: info });
      } catch (error) {
        if (!loadWasCancelled(controller.signal, error)) setState(failedShare(error));
      }
    };
    void run();
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handed-over file (location state) only matters for the first render of a slug: the page is keyed by slug
  }, [kernel, slug]);

  /** Rejects with the message for the prompt (server message or 'wrong password'). */
  const unlock = useCallback(
    async (password: string) => {
      try {
        const verified = await verifyFile(kernel, slug, password);
        filePasswordStore.set(slug, password);
        setState({ status: 'ready', file: verified, password });
      } catch (error) {
        setState(failedShareOrThrow(error));
      }
    },
    [kernel, slug],
  );

  const replace = useCallback((file: PublicFile, password: string | null) => setState({ status: 'ready', file, password }), []);
  const markDeleted = useCallback(() => setState({ status: 'deleted' }), []);

  return { state, unlock, replace, markDeleted };
}
