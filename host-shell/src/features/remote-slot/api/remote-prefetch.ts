import { preloadRemote } from '@module-federation/enhanced/runtime';
import { whenEnvironmentReady } from './remote-registry';

/**
 * Fetching another area's remote before it is opened, so following a nav link shows its page
 * without waiting for the remote's entry and exposed chunks:
 *
 * - on intent (a nav link hovered, focused or touched): the link's remote, right away;
 * - when the browser is idle after the current page has mounted: every nav remote, unless the
 *   visitor asked to save data or is on a 2G-class connection.
 *
 * Module Federation's `preloadRemote` loads the remote's manifest (checked against its digest by the
 * retry plugin) and its entry script (the integrity plugin adds the SRI attribute), and adds preload
 * links for the exposed module's synchronous chunks; nothing of the remote runs until it is mounted.
 * A failed prefetch is forgotten: the slot reports the failure when the remote is really loaded.
 */
const prefetched = new Set<string>();

export function prefetchRemote(name: string | null): void {
  if (!name || prefetched.has(name)) return;
  prefetched.add(name);
  void whenEnvironmentReady()
    .then((manifest) => {
      if (!manifest.remotes.some((remote) => remote.name === name)) return undefined;
      return preloadRemote([{ nameOrAlias: name, exposes: ['./spa'], resourceCategory: 'sync' }]);
    })
    .catch(() => {
      prefetched.delete(name);
    });
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether speculative downloads are welcome on this connection. */
export function idlePrefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g';
}

/** How long after the page has mounted the idle prefetch waits before it asks for an idle period. */
export const IDLE_PREFETCH_DELAY_MS = 2000;
let idleScheduled = false;

/** Prefetches the given remotes once the page has settled (once per page load). */
export function prefetchWhenIdle(names: readonly string[]): void {
  if (idleScheduled || typeof window === 'undefined') return;
  idleScheduled = true;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!idlePrefetchAllowed(connection)) return;
  const run = () => {
    for (const name of names) prefetchRemote(name);
  };
  window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
    else run();
  }, IDLE_PREFETCH_DELAY_MS);
}

/** For tests: forget what was prefetched and scheduled. */
export function resetPrefetchState(): void {
  prefetched.clear();
  idleScheduled = false;
}
