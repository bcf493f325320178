import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Kernel } from '../kernel';
import type { SessionState } from '../session/session-store';
import type { Language } from '../constants';

/**
 * The kernel a remote received from the host, for every component of that remote's React root.
 * The context object is the kernel's (one shared instance), but every root gets its own provider:
 * a remote only ever sees the kernel the host handed to it.
 */
const KernelContext = createContext<Kernel | null>(null);

export function KernelProvider({ kernel, children }: { kernel: Kernel; children: ReactNode }) {
  return <KernelContext.Provider value={kernel}>{children}</KernelContext.Provider>;
}

export function useKernel(): Kernel {
  const kernel = useContext(KernelContext);
  if (!kernel) throw new Error('useKernel() must be used inside <KernelProvider>');
  return kernel;
}

/**
 * The session as React state: follows logins, logouts, expiry and refreshed permissions made
 * anywhere on the page. The host (which holds the kernel itself) passes it; remotes use the context.
 */
export function useSession(kernel?: Kernel): SessionState {
  const fromContext = useContext(KernelContext);
  const source = kernel ?? fromContext;
  if (!source) throw new Error('useSession() needs a kernel: pass it, or use <KernelProvider>');
  const [state, setState] = useState<SessionState>(source.session.snapshot);
  useEffect(() => {
    const subscription = source.session.changes().subscribe(setState);
    return () => subscription.unsubscribe();
  }, [source]);
  return state;
}

/** The interface language as React state (`kernel.i18n.languageChanges()`). */
export function useLanguage(): Language {
  const kernel = useKernel();
  const [language, setLanguage] = useState<Language>(kernel.i18n.language);
  useEffect(() => {
    const subscription = kernel.i18n.languageChanges().subscribe(setLanguage);
    return () => subscription.unsubscribe();
  }, [kernel]);
  return language;
}
