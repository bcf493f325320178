import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel, type Kernel, KernelProvider } from '@cloudclip/shared-kernel';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';
import { NAMESPACE, resources } from '../i18n/resources';

export const ORIGIN = 'http://127.0.0.1:8080';

/** A kernel whose network is a jest.fn (tests replace the API methods they need). */
export function makeKernel(options: { language?: 'zh-CN' | 'en-US'; storage?: Record<string, string> } = {}): Kernel {
  const language = options.language ?? 'en-US';
  const kernel = createKernel({
    storage: memoryStorage({ language, ...options.storage }),
    origin: ORIGIN,
    appConfig: {},
    browserLanguages: [language],
    fetchImpl: jest.fn(async () => {
      throw new TypeError('network disabled in unit tests');
    }) as unknown as typeof fetch,
  });
  kernel.i18n.addNamespace(NAMESPACE, resources);
  return kernel;
}

export function renderWithKernel(ui: ReactElement, kernel: Kernel) {
  return render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <KernelProvider kernel={kernel}>{ui}</KernelProvider>
    </I18nextProvider>,
  );
}
