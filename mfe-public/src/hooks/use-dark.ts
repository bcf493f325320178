import { useDarkTheme, useKernel } from '@cloudclip/shared-kernel';

/** The effective dark flag of the kernel theme. */
export function useDark(): boolean {
  return useDarkTheme(useKernel());
}
