import { useEffect, useState } from 'react';
import type { SessionState } from '@cloudclip/shared-kernel';
import { useKernel } from './use-kernel';

/** The kernel session as React state (follows logins and logouts in any app). */
export function useSession(): SessionState {
  const kernel = useKernel();
  const [state, setState] = useState<SessionState>(kernel.session.snapshot);
  useEffect(() => {
    const subscription = kernel.session.changes().subscribe(setState);
    return () => subscription.unsubscribe();
  }, [kernel]);
  return state;
}
