import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Kernel } from '../kernel';
import type { SessionState } from '../session/session-store';
import type { Language } from '../constants';
import type { Observable } from 'rxjs';

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
  return useKernelValue(source, source.session.snapshot, sessionChanges);
}

/** The interface language as React state (`kernel.i18n.languageChanges()`). */
export function useLanguage(): Language {
  const kernel = useKernel();
  return useKernelValue(kernel, kernel.i18n.language, languageChanges);
}

const sessionChanges = (kernel: Kernel): Observable<SessionState> => kernel.session.changes();
const languageChanges = (kernel: Kernel): Observable<Language> => kernel.i18n.languageChanges();

/** A kernel value as React state: `initial` first, then every value `changes` emits. */
function useKernelValue<T>(kernel: Kernel, initial: T, changes: (kernel: Kernel) => Observable<T>): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = changes(kernel).subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [kernel, changes]);
  return value;
}
