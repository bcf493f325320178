import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createKernel, createSafeStorage, type Kernel, KernelProvider } from '@cloudclip/shared-kernel';
import { AppProviders } from '../app/app-providers';
import { ProLocaleProvider } from '../app/pro-locale-provider';
import { NAMESPACE, resources } from '../i18n/resources';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/** A fetch that answers from a list of handlers (first match on method + path) and records the calls. */
export function fakeFetch(
  handlers: Array<{ method?: string; path: string | RegExp; reply: FakeResponse | ((body: unknown, url: URL) => FakeResponse) }>,
) {
  const calls: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  const fetchImpl = (async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const path = new URL(url).pathname;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers.find(
      (candidate) =>
        (!candidate.method || candidate.method === method) &&
        (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)),
    );
    const reply = handler
      ? typeof handler.reply === 'function'
        ? handler.reply(body, new URL(url))
        : handler.reply
      : { status: 404, body: { code: 404, message: 'not found', success: false } };
    const status = reply.status ?? 200;
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
    return {
      status,
      statusText: '',
      ok: status >= 200 && status < 300,
      headers: {
        get: (name: string) =>
          name.toLowerCase() === 'content-type' ? (typeof reply.body === 'string' ? 'text/html' : 'application/json') : null,
      },
      text: async () => text,
      blob: async () => new Blob([text]),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

/** The answer to `GET /api/test/api-key` (the key check at login) for a key that may manage text only. */
export function textOnlyKeyCheck(key: { id: string; name: string }) {
  return {
    path: '/api/test/api-key',
    reply: {
      body: {
        code: 200,
        message: 'ok',
        data: {
          name: key.name,
          basic_path: '/',
          permissions: { text: true, file: false, mount: false },
          key_info: { id: key.id, name: key.name, basic_path: '/' },
        },
      },
    },
  };
}

export function testKernel(options: { language?: 'zh-CN' | 'en-US'; fetchImpl?: typeof fetch } = {}): Kernel {
  window.localStorage.clear();
  window.localStorage.setItem('language', options.language ?? 'zh-CN');
  const kernel = createKernel({
    storage: createSafeStorage(window.localStorage),
    origin: 'http://127.0.0.1:8080',
    fetchImpl: options.fetchImpl ?? fakeFetch([]).fetchImpl,
  });
  kernel.i18n.addNamespace(NAMESPACE, resources);
  return kernel;
}

/**
 * Renders a component inside the remote's providers (kernel, i18n, antd/pro providers) and a router
 * at `path` (the address under the remote's basename, `/` by default).
 */
export function renderWithKernel(kernel: Kernel, ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <KernelProvider kernel={kernel}>
        <AppProviders>
          <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
            <ProLocaleProvider>{ui}</ProLocaleProvider>
          </MemoryRouter>
        </AppProviders>
      </KernelProvider>
    </I18nextProvider>,
  );
}
