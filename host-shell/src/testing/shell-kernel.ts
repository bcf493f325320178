import { createKernel, type Kernel, type Language } from '@cloudclip/shared-kernel';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';
import { shellResources } from '../i18n/shell-resources';

/**
 * A kernel for a shell component's test: `language` (and any other stored session values) in
 * memory storage, the shell's texts loaded, and `fetchImpl` (by default a mock that answers nothing).
 */
export function shellTestKernel(
  language: Language = 'en-US',
  stored: Record<string, string> = {},
  fetchImpl: typeof fetch = jest.fn() as unknown as typeof fetch,
): Kernel {
  const kernel = createKernel({
    storage: memoryStorage({ language, ...stored }),
    origin: 'https://clip.example.org',
    appConfig: {},
    browserLanguages: ['en-US'],
    fetchImpl,
  });
  kernel.i18n.addNamespace('shell', shellResources);
  return kernel;
}
