import { useCallback, useSyncExternalStore } from 'react';
import type { Kernel } from '../kernel';
import { useKernel } from './kernel-context';

/** The answers already in, per kernel (one per page load), so a component mounted later has it at once. */
const known = new WeakMap<Kernel, ReadonlySet<string>>();
/** The components waiting for a kernel's answer. */
const waiting = new WeakMap<Kernel, Set<() => void>>();

/** Asks the kernel (once per kernel: `serverFeatures()` is shared) and tells every waiting component when it answers. */
function subscribeTo(kernel: Kernel, onAnswer: () => void): () => void {
  let listeners = waiting.get(kernel);
  if (listeners === undefined) {
    const created = new Set<() => void>();
    waiting.set(kernel, created);
    listeners = created;
    void kernel
      .serverFeatures()
      .catch(() => new Set<string>())
      .then((offered) => {
        known.set(kernel, offered);
        for (const listener of [...created]) listener();
      });
  }
  listeners.add(onAnswer);
  return () => {
    listeners.delete(onAnswer);
  };
}

/**
 * Whether the backend offers an optional capability, e.g. `SERVER_FEATURE_SEARCH`
 * (`kernel.serverFeatures()`: one `GET /version` per page load, shared by the host and every remote):
 * `undefined` while that is not known yet, so a caller can wait instead of showing one thing and then
 * another; then true or false. A backend that lists no features, or whose version call fails, offers
 * none: the caller then works with the contract's plain endpoints. Once the answer is in, a component
 * mounted later has it on its first render.
 *
 * An external store (`useSyncExternalStore`), not state set from an effect: an answer arriving after
 * a component rendered but before its effects ran is still seen (React reads the store again when it
 * subscribes), where a "skip when already known" effect left such a component waiting for good.
 */
export function useServerFeature(feature: string): boolean | undefined {
  const kernel = useKernel();
  const subscribe = useCallback((onAnswer: () => void) => subscribeTo(kernel, onAnswer), [kernel]);
  const getSnapshot = useCallback(() => known.get(kernel), [kernel]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)?.has(feature);
}
