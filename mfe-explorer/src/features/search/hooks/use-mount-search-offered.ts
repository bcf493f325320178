import { useEffect, useState } from 'react';
import { SERVER_FEATURE_MOUNT_SEARCH, useKernel } from '@cloudclip/shared-kernel';

/**
 * Whether the backend offers mount search (`"mount-search"` in `kernel.serverFeatures()`, asked once
 * per page load). False until it is known and against any backend that does not list it, so the
 * explorer then looks and works exactly as without search.
 */
export function useMountSearchOffered(): boolean {
  const kernel = useKernel();
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let current = true;
    void kernel.serverFeatures().then((features) => {
      if (current) setOffered(features.has(SERVER_FEATURE_MOUNT_SEARCH));
    });
    return () => {
      current = false;
    };
  }, [kernel]);
  return offered;
}
