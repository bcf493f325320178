import { useEffect, useState } from 'react';
import type { Kernel, SessionState } from '@cloudclip/shared-kernel';

export function useSessionSnapshot(kernel: Kernel): SessionState {
  const [state, setState] = useState(kernel.session.snapshot);
  useEffect(() => {
    const subscription = kernel.session.changes().subscribe(setState);
    return () => subscription.unsubscribe();
  }, [kernel]);
  return state;
}
