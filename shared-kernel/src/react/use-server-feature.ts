import { useEffect, useState } from 'react';
import type { Kernel } from '../kernel';
import { useKernel } from './kernel-context';

/** The answers already in, per kernel (one per page load), so a component mounted later has it at once. */
const known = new WeakMap<Kernel, ReadonlySet<string>>();

/**
 * Whether the backend offers an optional capability, e.g. `SERVER_FEATURE_SEARCH`
 * (`kernel.serverFeatures()`: one `GET /version` per page load, shared by the host and every remote):
 * `undefined` while that is not known yet, so a caller can wait instead of showing one thing and then
 * another; then true or false. A backend that lists no features, or whose version call fails, offers
 * none: the caller then works with the contract's plain endpoints. Once the answer is in, a component
 * mounted later has it on its first render.
 */
export function useServerFeature(feature: string): boolean | undefined {
  const kernel = useKernel();
  const [answer, setAnswer] = useState<{ kernel: Kernel; features: ReadonlySet<string> }>();
  const features = answer?.kernel === kernel ? answer.features : known.get(kernel);
  useEffect(() => {
    if (known.has(kernel)) return;
    let current = true;
    void kernel.serverFeatures().then((offered) => {
      known.set(kernel, offered);
      if (current) setAnswer({ kernel, features: offered });
    });
    return () => {
      current = false;
    };
  }, [kernel]);
  return features?.has(feature);
}
