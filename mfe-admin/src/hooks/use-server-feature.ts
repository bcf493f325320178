import { useEffect, useState } from 'react';
import { useKernel } from '@cloudclip/shared-kernel';

/**
 * Whether the backend offers an optional capability (`kernel.serverFeatures()`, asked once per page
 * load): `null` while that is not known yet, then true or false. A backend that lists no features,
 * or cannot say, offers none: the panel then works with the contract's plain endpoints.
 */
export function useServerFeature(name: string): boolean | null {
  const kernel = useKernel();
  const [offered, setOffered] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void kernel.serverFeatures().then((features) => {
      if (current) setOffered(features.has(name));
    });
    return () => {
      current = false;
    };
  }, [kernel, name]);
  return offered;
}
