import { useCallback, useEffect, useRef, useState } from 'react';
import { releaseFingerprint, releasesDiffer, type PinnedReleases } from '../release-fingerprint';

/** How often an open page asks whether the environment pins other releases. */
export const RELEASE_CHECK_INTERVAL_MS = 10 * 60 * 1000;
/** What the service worker posts to its pages once it has stored a new set of releases. */
export const PRECACHED_MESSAGE = 'cc:precached';

/** The part of navigator.serviceWorker the check listens to. */
export type ServiceWorkerMessages = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> & {
  startMessages?: () => void;
};

export interface NewReleaseOptions {
  /** The releases the page booted with (the manifest written into the page, else the first /env.json). */
  booted: Promise<PinnedReleases>;
  /** The releases the environment serves now (/env.json, past every cache). */
  fetchCurrent: () => Promise<PinnedReleases>;
  /** No check is made while offline. */
  online: boolean;
  serviceWorker?: ServiceWorkerMessages | null;
  doc?: Document;
  intervalMs?: number;
}

function pageServiceWorker(): ServiceWorkerMessages | null {
  return typeof navigator === 'undefined' ? null : (navigator.serviceWorker ?? null);
}

/**
 * Whether the environment now pins other releases than the page runs: checked when the page comes
 * back into view, every `intervalMs`, and when the service worker says it stored a new set. A
 * failed check changes nothing. `dismiss` hides the news until yet another set is pinned.
 */
export function useNewRelease({
  booted,
  fetchCurrent,
  online,
  serviceWorker = pageServiceWorker(),
  doc = document,
  intervalMs = RELEASE_CHECK_INTERVAL_MS,
}: NewReleaseOptions): { available: boolean; dismiss: () => void } {
  const [newer, setNewer] = useState<string | null>(null);
  const dismissed = useRef<string | null>(null);
  const onlineRef = useRef(online);
  onlineRef.current = online;
  const running = useRef(false);

  const check = useCallback(async () => {
    if (!onlineRef.current || running.current) return;
    running.current = true;
    try {
      const [bootedReleases, current] = await Promise.all([booted, fetchCurrent()]);
      setNewer(releasesDiffer(bootedReleases, current) ? releaseFingerprint(current) : null);
    } catch {
      // Unreachable or unreadable: ask again at the next occasion.
    } finally {
      running.current = false;
    }
  }, [booted, fetchCurrent]);

  useEffect(() => {
    const onVisibility = () => {
      if (doc.visibilityState === 'visible') void check();
    };
    const onMessage = (event: Event) => {
      const data = (event as MessageEvent<unknown>).data as { type?: unknown } | null;
      if (data && typeof data === 'object' && data.type === PRECACHED_MESSAGE) void check();
    };
    doc.addEventListener('visibilitychange', onVisibility);
    serviceWorker?.addEventListener('message', onMessage);
    serviceWorker?.startMessages?.();
    const timer = setInterval(() => void check(), intervalMs);
    return () => {
      doc.removeEventListener('visibilitychange', onVisibility);
      serviceWorker?.removeEventListener('message', onMessage);
      clearInterval(timer);
    };
  }, [check, doc, serviceWorker, intervalMs]);

  const dismiss = useCallback(() => {
    dismissed.current = newer;
    setNewer(null);
  }, [newer]);

  return { available: newer !== null && newer !== dismissed.current, dismiss };
}
