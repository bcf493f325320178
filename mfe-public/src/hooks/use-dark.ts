import { useDarkTheme } from '@cloudclip/shared-kernel';
import { useKernel } from './use-kernel';

/** The effective dark flag of the kernel theme. */
export function useDark(): boolean {
  return useDarkTheme(useKernel());
}
