import { useEffect, useState } from 'react';
import type { SessionState } from '@cloudclip/shared-kernel';
import { useKernel } from './use-kernel';

/** The kernel session as React state: follows logins and logouts made anywhere on the page. */
export function useSession(): SessionState {
  const kernel = useKernel();
  const [session, setSession] = useState<SessionState>(kernel.session.snapshot);
  useEffect(() => {
    const subscription = kernel.session.changes().subscribe(setSession);
    return () => subscription.unsubscribe();
  }, [kernel]);
  return session;
}
