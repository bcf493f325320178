import { createContext, useContext, type ReactNode } from 'react';
import type { Kernel } from '@cloudclip/shared-kernel';

const KernelContext = createContext<Kernel | null>(null);

/** The kernel the host handed to this remote, for every component below (this React root only). */
export function KernelProvider({ kernel, children }: { kernel: Kernel; children: ReactNode }) {
  return <KernelContext.Provider value={kernel}>{children}</KernelContext.Provider>;
}

export function useKernel(): Kernel {
  const kernel = useContext(KernelContext);
  if (!kernel) throw new Error('useKernel() needs <KernelProvider> above it');
  return kernel;
}
