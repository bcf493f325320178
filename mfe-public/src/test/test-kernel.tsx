import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createKernel, type Kernel, KernelProvider } from '@cloudclip/shared-kernel';
import { jsonResponse } from '@cloudclip/shared-kernel/testing/json-response';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';
import { NAMESPACE, resources } from '../i18n/resources';

export const ORIGIN = 'http://127.0.0.1:8080';

export interface FakeCall {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

/** A scripted `fetch`: replies come from `handler`, every call is recorded. */
export function fakeFetch(handler: (call: FakeCall) => FakeReply | Promise<FakeReply>) {
  const calls: FakeCall[] = [];
  const impl = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const call: FakeCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: raw ? JSON.parse(raw) : undefined,
      headers: (init?.headers as Record<string, string>) ?? {},
    };
    calls.push(call);
    const reply = await handler(call);
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

export function makeKernel(
  options: { fetchImpl?: typeof fetch; language?: 'zh-CN' | 'en-US'; storage?: Record<string, string> } = {},
): Kernel {
  const kernel = createKernel({
    storage: memoryStorage({ language: options.language ?? 'en-US', ...options.storage }),
    origin: ORIGIN,
    appConfig: {},
    browserLanguages: [options.language ?? 'en-US'],
    fetchImpl: options.fetchImpl ?? (jest.fn() as unknown as typeof fetch),
  });
  kernel.i18n.addNamespace(NAMESPACE, resources);
  return kernel;
}

/** Renders a component with the kernel, i18n and a router (at `path`). */
export function renderWithKernel(ui: ReactElement, kernel: Kernel, path = '/') {
  return render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <KernelProvider kernel={kernel}>
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          {ui}
        </MemoryRouter>
      </KernelProvider>
    </I18nextProvider>,
  );
}
