import { preloadRemote } from '@module-federation/enhanced/runtime';
import { remoteHasFailed, whenEnvironmentReady } from './remote-registry';

/**
 * Fetching another area's remote before it is opened, so following a nav link does not wait for
 * the remote's manifest and entry:
 *
 * - on intent (a nav link hovered, focused or touched): the link's remote with the exposed
 *   module's synchronous chunks, right away;
 * - when the browser is idle after the current page has mounted: the manifest and entry of every
 *   area's remote (a few KB each; not their chunks: an anonymous visitor of a paste link should not
 *   download the admin area's antd), unless the visitor asked to save data or is on a 2G-class
 *   connection.
 *
 * Module Federation's `preloadRemote` loads the remote's manifest (checked against its digest by the
 * retry plugin) and its entry script (the integrity plugin adds the SRI attribute), and adds preload
 * links for the chunks; nothing of the remote runs until it is mounted. The runtime preloads an
 * exposed module's chunks once: after an idle prefetch, a hover adds nothing and the click loads
 * them. A failed prefetch is forgotten: the slot reports the failure when the remote is really loaded;
 * a remote whose load failed is not prefetched until a load succeeds again.
 */
const prefetched = new Set<string>();

function prefetch(name: string | null, withChunks: boolean): void {
  // A remote whose slot shows a failure is left to the slot's retry (a prefetch racing the retry's
  // fresh registration could leave the runtime with the failed attempt).
  if (!name || prefetched.has(name) || remoteHasFailed(name)) return;
  prefetched.add(name);
  void whenEnvironmentReady()
    .then((manifest) => {
      if (!manifest.remotes.some((remote) => remote.name === name)) return undefined;
      return preloadRemote([
        withChunks
          ? { nameOrAlias: name, exposes: ['./spa'], resourceCategory: 'sync' }
          : { nameOrAlias: name, exposes: ['./spa'], resourceCategory: 'sync', filter: () => false },
      ]);
    })
    .catch(() => {
      prefetched.delete(name);
    });
}

/** A nav link about to be followed: its remote, with the chunks its page needs first. */
export function prefetchRemote(name: string | null): void {
  prefetch(name, true);
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
    for (const name of names) prefetch(name, false);
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
