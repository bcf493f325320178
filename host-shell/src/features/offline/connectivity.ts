import { useEffect, useState } from 'react';
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

/** The service worker inserts this into the cached boot page it answers with when the network is gone. */
export const OFFLINE_META_SELECTOR = 'meta[name="cloudclip-offline"]';
/** How often, while offline, the page asks the server whether it is reachable again. */
export const PROBE_INTERVAL_MS = 15_000;
/** What the probe asks for: small, never cached by the browser, and passed through by the service worker (no-store). */
export const PROBE_URL = '/env.json';

export interface ConnectivityOptions {
  doc?: Document;
  win?: Window;
  fetchImpl?: typeof fetch;
  probeIntervalMs?: number;
}

/**
 * Whether the page can reach its server. Offline from the start when the page is the service
 * worker's offline copy (its meta tag) or the browser says so; offline later on the `offline`
 * event. Back online on the `online` event, or when a probe of /env.json answers (every
 * `PROBE_INTERVAL_MS` while offline: the offline copy of the page is served while the browser may
 * still think it is online, so no `online` event would ever come).
 */
export class Connectivity {
  private readonly state$: BehaviorSubject<boolean>;
  private readonly win: Window | undefined;
  private readonly fetchImpl: typeof fetch | undefined;
  private readonly probeIntervalMs: number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private probing = false;
  private readonly goOnline = () => this.set(true);
  private readonly goOffline = () => this.set(false);

  constructor({ doc, win, fetchImpl, probeIntervalMs = PROBE_INTERVAL_MS }: ConnectivityOptions = {}) {
    const document_ = doc ?? (typeof document === 'undefined' ? undefined : document);
    this.win = win ?? (typeof window === 'undefined' ? undefined : window);
    this.fetchImpl = fetchImpl ?? (typeof fetch === 'function' ? (input, init) => fetch(input, init) : undefined);
    this.probeIntervalMs = probeIntervalMs;
    const offlineCopy = !!document_?.querySelector(OFFLINE_META_SELECTOR);
    const browserOffline = this.win?.navigator?.onLine === false;
    this.state$ = new BehaviorSubject<boolean>(!offlineCopy && !browserOffline);
    this.win?.addEventListener('online', this.goOnline);
    this.win?.addEventListener('offline', this.goOffline);
    this.schedule();
  }

  get online(): boolean {
    return this.state$.value;
  }

  changes(): Observable<boolean> {
    return this.state$.pipe(distinctUntilChanged());
  }

  /** Asks the server once; online when it answers. */
  async probe(): Promise<boolean> {
    if (!this.fetchImpl || this.probing) return this.online;
    this.probing = true;
    try {
      const response = await this.fetchImpl(PROBE_URL, { cache: 'no-store' });
      if (response.ok) this.set(true);
    } catch {
      // still unreachable
    } finally {
      this.probing = false;
    }
    return this.online;
  }

  dispose(): void {
    this.win?.removeEventListener('online', this.goOnline);
    this.win?.removeEventListener('offline', this.goOffline);
    this.stopProbing();
    this.state$.complete();
  }

  private set(online: boolean): void {
    if (this.state$.closed || this.state$.value === online) return;
    this.state$.next(online);
    this.schedule();
  }

  private schedule(): void {
    if (this.online) this.stopProbing();
    else if (!this.timer) this.timer = setInterval(() => void this.probe(), this.probeIntervalMs);
  }

  private stopProbing(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

let shared: Connectivity | null = null;

/** The page's one connectivity store (created on first use). */
export function pageConnectivity(): Connectivity {
  shared ??= new Connectivity();
  return shared;
}

/** Whether the page is online, as React state. */
export function useConnectivity(connectivity: Connectivity = pageConnectivity()): boolean {
  const [online, setOnline] = useState(connectivity.online);
  useEffect(() => {
    setOnline(connectivity.online);
    const subscription = connectivity.changes().subscribe(setOnline);
    return () => subscription.unsubscribe();
  }, [connectivity]);
  return online;
}
