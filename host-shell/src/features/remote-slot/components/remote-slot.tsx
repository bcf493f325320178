import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { useTranslation } from 'react-i18next';
import type { Kernel, RemoteLifecycles } from '@cloudclip/shared-kernel';
import { loadRemoteLifecycles } from '../api/remote-registry';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteFailure } from './remote-failure';
import {
  FIRST_SCREEN_GRACE_MS,
  dismissFirstScreen,
  dismissUnlessAwaitingAdoption,
  dismissWhenPageIn,
  firstScreenShown,
} from '../first-screen';

export interface RemoteSlotProps {
  kernel: Kernel;
  /** Federation container name. */
  remote: string;
  basename: string;
  /** Loads the lifecycles; replaceable in tests. */
  load?: (remote: string, fresh: boolean) => Promise<RemoteLifecycles>;
  /** Called once the remote's page is mounted. */
  onMounted?: () => void;
  /** Shown instead of the failure and its retry button when the remote cannot load (the offline page while offline). */
  unavailable?: ReactNode;
}

type SlotState = { status: 'loading' } | { status: 'mounted' } | { status: 'failed'; error: unknown };

/**
 * Loads a remote at runtime and mounts its lifecycles as a single-spa parcel in this slot.
 * Loading shows a placeholder (under the page's first screen from the boot page, if there is one,
 * which the remote's page then replaces: first-screen.ts); a failure shows an error with a retry
 * here only.
 */
function RemoteParcel({ kernel, remote, basename, load = loadRemoteLifecycles, onMounted, unavailable }: RemoteSlotProps) {
  const { t } = useTranslation('shell');
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<SlotState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const onMountedRef = useRef(onMounted);
  onMountedRef.current = onMounted;

  useEffect(() => {
    let cancelled = false;
    let parcel: Parcel | null = null;
    setState({ status: 'loading' });
    void (async () => {
      try {
        const lifecycles = await load(remote, attempt > 0);
        if (cancelled || !hostRef.current) return;
        // The parcel config's name is what single-spa hands the remote as its `name` prop.
        parcel = mountRootParcel({ ...lifecycles, name: remote } as never, { domElement: hostRef.current, basename, kernel, name: remote });
        await parcel.mountPromise;
        if (!cancelled) {
          setState({ status: 'mounted' });
          onMountedRef.current?.();
        }
      } catch (error) {
        if (!cancelled) {
          console.error(`[cloudclip] remote ${remote} failed`, error);
          setState({ status: 'failed', error });
        }
      }
    })();
    return () => {
      cancelled = true;
      const current = parcel;
      if (current && current.getStatus() === 'MOUNTED') void current.unmount().catch(() => undefined);
    };
  }, [kernel, remote, basename, load, attempt]);

  // While the boot page's first screen stands in for the page, the remote renders out of sight and
  // takes its place in one step once its page is there (a live first screen: once the page adopted it).
  useLayoutEffect(() => (hostRef.current ? dismissWhenPageIn(hostRef.current, kernel.bus) : undefined), [kernel]);
  useEffect(() => {
    if (state.status === 'failed') dismissFirstScreen();
    if (state.status !== 'mounted' || !firstScreenShown()) return undefined;
    const timer = setTimeout(dismissUnlessAwaitingAdoption, FIRST_SCREEN_GRACE_MS);
    return () => clearTimeout(timer);
  }, [state.status]);
  useEffect(() => dismissFirstScreen, []);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  return (
    <div className="cc-remote-slot" data-testid="remote-slot" data-remote={remote} data-status={state.status}>
      {state.status === 'loading' && (
        <div className="cc-loading" role="status" aria-live="polite">
          <span className="cc-spinner" aria-hidden="true" />
          {t('remote.loading')}
        </div>
      )}
      {state.status === 'failed' && (unavailable ?? <RemoteFailure remote={remote} onRetry={retry} retrying={false} />)}
      <div ref={hostRef} className="cc-remote-slot__mount" hidden={state.status === 'failed'} />
    </div>
  );
}

export function RemoteSlot(props: RemoteSlotProps) {
  return (
    <RemoteErrorBoundary
      fallback={(_error, reset) => props.unavailable ?? <RemoteFailure remote={props.remote} onRetry={reset} retrying={false} />}
    >
      <RemoteParcel {...props} />
    </RemoteErrorBoundary>
  );
}
