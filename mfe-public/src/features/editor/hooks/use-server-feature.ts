import { useEffect, useState } from 'react';
import { useKernel } from '@cloudclip/shared-kernel';

/**
 * Whether the backend offers an optional capability (`kernel.serverFeatures()`, one `GET /version`
 * per page load shared with the host and the other remotes): false until that is known and whenever
 * it is not offered, so a form against any other backend of the contract shows nothing of it.
 */
export function useServerFeature(name: string): boolean {
  const kernel = useKernel();
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let current = true;
    void kernel.serverFeatures().then((features) => {
      // Only a "yes" changes anything: a form without the feature renders no update at all.
      if (current && features.has(name)) setOffered(true);
    });
    return () => {
      current = false;
    };
  }, [kernel, name]);
  return offered;
}
