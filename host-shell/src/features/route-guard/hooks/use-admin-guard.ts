import { useEffect, useState } from 'react';
import type { Kernel } from '@cloudclip/shared-kernel';

/**
 * The admin route guard (spec §2): with a stored admin token, ask the server whether it is still
 * valid; on failure the kernel removes it and fires `admin-token-expired`. Navigation proceeds either way.
 * Returns true once the check is over.
 */
export function useAdminGuard(kernel: Kernel, active: boolean): boolean {
  const [done, setDone] = useState(() => {
    // "Stored" means in storage: pick up a token written by another tab or script first (idempotent).
    if (active) kernel.session.syncFromStorage();
    return !active || !kernel.session.snapshot.adminToken;
  });
  useEffect(() => {
    if (active) kernel.session.syncFromStorage();
    if (!active || !kernel.session.snapshot.adminToken) {
      setDone(true);
      return;
    }
    let cancelled = false;
    setDone(false);
    void kernel.auth.checkAdminToken({ force: true }).finally(() => {
      if (!cancelled) setDone(true);
    });
    return () => {
      cancelled = true;
    };
  }, [kernel, active]);
  return done;
}
