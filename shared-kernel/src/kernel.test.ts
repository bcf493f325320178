import type { BusMessage } from './bus/event-bus';
import { createKernel, getKernel, hasKernel, type KernelOptions } from './kernel';
import { jsonResponse } from '../testing/json-response';
import { memoryStorage } from '../testing/memory-storage';

interface Wire {
  url: string;
  method: string;
  headers: Headers;
}

interface Reply {
  status?: number;
  body?: unknown;
}

function fakeFetch(replies: Reply[] = []) {
  const requests: Wire[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers as Record<string, string>) });
    const reply = replies.shift() ?? { body: { code: 200, message: 'ok', success: true } };
    return jsonResponse(reply.status ?? 200, reply.body ?? null);
  }) as typeof fetch;
  return { fetchImpl, requests };
}

function kernelWith(options: Partial<KernelOptions> & { stored?: Record<string, string>; replies?: Reply[] } = {}) {
  const storage = memoryStorage(options.stored);
  const network = fakeFetch(options.replies);
  const kernel = createKernel({
    appConfig: {},
    origin: 'https://clip.example.org',
    browserLanguages: ['en-US'],
    storage,
    fetchImpl: network.fetchImpl,
    ...options,
  });
  const events: BusMessage[] = [];
  kernel.bus.events$.subscribe((message) => events.push(message));
  return { kernel, storage, requests: network.requests, events };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('getKernel', () => {
  it('throws before the host created the kernel', () => {
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('./kernel')>('./kernel');
      expect(fresh.hasKernel()).toBe(false);
      expect(() => fresh.getKernel()).toThrow(/createKernel/);
    });
  });

  it('returns the kernel createKernel made last', () => {
    const { kernel } = kernelWith();
    expect(hasKernel()).toBe(true);
    expect(getKernel()).toBe(kernel);
    const second = kernelWith().kernel;
    expect(getKernel()).toBe(second);
  });
});

describe('createKernel configuration', () => {
  it('uses the runtime backend address and says so', () => {
    const { kernel } = kernelWith({
      appConfig: { backendUrl: 'https://api.example.net/' },
      stored: { 'vite-api-base-url': 'http://saved.test' },
    });
    expect(kernel.config).toMatchObject({ baseUrl: 'https://api.example.net', baseUrlSource: 'runtime', isContainerBuild: false });
  });

  it('uses the address saved by the environment switcher outside container builds', () => {
    const { kernel } = kernelWith({ stored: { 'vite-api-base-url': 'http://saved.test' } });
    expect(kernel.config).toMatchObject({ baseUrl: 'http://saved.test', baseUrlSource: 'local-storage' });
  });

  it('ignores the saved address in a container build and uses the page origin', () => {
    const { kernel } = kernelWith({ isContainerBuild: true, stored: { 'vite-api-base-url': 'http://saved.test' } });
    expect(kernel.config).toMatchObject({ baseUrl: 'https://clip.example.org', baseUrlSource: 'origin', isContainerBuild: true });
  });

  it('reads window.appConfig when no appConfig option is given', () => {
    const win = window as Window & { appConfig?: { backendUrl?: string } };
    win.appConfig = { backendUrl: 'https://injected.example.net' };
    try {
      const kernel = createKernel({ storage: memoryStorage(), origin: 'https://clip.example.org', browserLanguages: ['en-US'] });
      expect(kernel.config.baseUrl).toBe('https://injected.example.net');
    } finally {
      delete win.appConfig;
    }
  });

  it('starts in the saved language, else the browser language', () => {
    expect(kernelWith({ browserLanguages: ['zh-TW'] }).kernel.i18n.language).toBe('zh-CN');
    expect(kernelWith({ browserLanguages: ['zh-TW'], stored: { language: 'en-US' } }).kernel.i18n.language).toBe('en-US');
  });

  it('restores the session and theme from storage', () => {
    const { kernel } = kernelWith({ stored: { admin_token: 'T0k', themeMode: 'dark' } });
    expect(kernel.session.kind).toBe('admin');
    expect(kernel.theme.snapshot).toEqual({ mode: 'dark', dark: true });
  });

  it('gives the theme the injected matchMedia', () => {
    const matchMedia = jest.fn(() => ({ matches: true, addEventListener: () => undefined }) as unknown as MediaQueryList);
    const { kernel } = kernelWith({ matchMedia });
    expect(matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
    expect(kernel.theme.snapshot).toEqual({ mode: 'auto', dark: true });
  });
});

describe('createKernel wiring', () => {
  it('sends API calls to the resolved base address with the session credential and the current language', async () => {
    const { kernel, requests } = kernelWith({ appConfig: { backendUrl: 'https://api.example.net' }, stored: { admin_token: 'T0k' } });
    await kernel.api.system.version();
    const last = requests[requests.length - 1];
    expect(last?.url).toBe('https://api.example.net/api/version');
    expect(last?.headers.get('Authorization')).toBe('Bearer T0k');
    expect(last?.headers.get('Accept-Language')).toBe('en-US');
    await kernel.i18n.setLanguage('zh-CN');
    await kernel.http.request('/version');
    expect(requests[requests.length - 1]?.headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('words error fallbacks in the current language', async () => {
    const { kernel } = kernelWith({
      replies: [
        { status: 409, body: { code: 409, success: false } },
        { status: 409, body: { code: 409, success: false } },
      ],
    });
    await expect(kernel.http.request('/paste', { body: { slug: 'a' } })).rejects.toMatchObject({
      message: 'This link suffix is already taken, try another',
    });
    await kernel.i18n.setLanguage('zh-CN');
    await expect(kernel.http.request('/paste', { body: { slug: 'a' } })).rejects.toMatchObject({ message: '链接后缀已被占用，请换一个' });
  });

  it('re-checks the admin session when an admin route answers 403, ending it when the check answers 401', async () => {
    const { kernel, requests, events, storage } = kernelWith({
      stored: { admin_token: 'T0k' },
      replies: [
        { status: 403, body: { code: 403, message: '需要管理员权限', success: false } },
        { status: 401, body: { code: 401, message: 'invalid', success: false } },
      ],
    });
    await expect(kernel.http.request('/admin/pastes')).rejects.toMatchObject({ status: 403 });
    await flush();
    expect(requests.map((request) => request.url)).toEqual([
      'https://clip.example.org/api/admin/pastes',
      'https://clip.example.org/api/test/admin-token',
    ]);
    expect(storage.data.has('admin_token')).toBe(false);
    expect(events.filter((event) => event.type === 'admin-token-expired')).toHaveLength(1);
  });

  it('keeps the admin session when the 403 re-check succeeds', async () => {
    const { kernel, requests, storage } = kernelWith({
      stored: { admin_token: 'T0k' },
      replies: [{ status: 403, body: { code: 403, message: 'no', success: false } }],
    });
    await expect(kernel.http.request('/admin/pastes')).rejects.toMatchObject({ status: 403 });
    await flush();
    expect(requests).toHaveLength(2);
    expect(storage.data.get('admin_token')).toBe('T0k');
  });

  it('shares one session between auth, http and the session store', async () => {
    const { kernel, storage, requests } = kernelWith({
      replies: [
        { body: { code: 200, message: 'ok', data: { username: 'admin', token: 'NewToken', expiresAt: '2025-07-02T08:00:00.000Z' } } },
      ],
    });
    await kernel.auth.loginAdmin('admin', 'admin123');
    expect(storage.data.get('admin_token')).toBe('NewToken');
    expect(kernel.session.kind).toBe('admin');
    await kernel.http.request('/admin/dashboard/stats');
    expect(requests[requests.length - 1]?.headers.get('Authorization')).toBe('Bearer NewToken');
  });

  it('announces language and theme changes on the kernel bus', async () => {
    const { kernel, events } = kernelWith();
    await kernel.i18n.setLanguage('zh-CN');
    kernel.theme.setMode('dark');
    expect(events.map((event) => event.type)).toEqual(['language-changed', 'theme-changed']);
  });
});

describe('kernel.serverFeatures', () => {
  const versionWith = (features?: unknown): Reply => ({
    body: {
      code: 200,
      message: 'ok',
      success: true,
      data: { version: '1.0.0', name: 'cloudclip', environment: 'Docker', storage: 'SQLite', features },
    },
  });

  it('asks GET /version once per page load, however many callers ask', async () => {
    const { kernel, requests } = kernelWith({ replies: [versionWith(['search'])] });
    const [first, second] = await Promise.all([kernel.serverFeatures(), kernel.serverFeatures()]);
    const third = await kernel.serverFeatures();
    expect(first.has('search')).toBe(true);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(requests.map((request) => request.url)).toEqual(['https://clip.example.org/api/version']);
  });

  it('is an empty set for a backend whose version lists no features', async () => {
    const { kernel } = kernelWith({ replies: [versionWith(undefined)] });
    expect([...(await kernel.serverFeatures())]).toEqual([]);
  });

  it('is an empty set when the version call fails, and does not ask again', async () => {
    const { kernel, requests } = kernelWith({ replies: [{ status: 404, body: { code: 404, message: 'no', success: false } }] });
    expect((await kernel.serverFeatures()).size).toBe(0);
    expect((await kernel.serverFeatures()).size).toBe(0);
    expect(requests).toHaveLength(1);
  });

  it('is asked afresh by a new kernel (a new page load)', async () => {
    const before = kernelWith({ replies: [versionWith([])] });
    expect((await before.kernel.serverFeatures()).has('search')).toBe(false);
    const after = kernelWith({ replies: [versionWith(['search'])] });
    expect((await after.kernel.serverFeatures()).has('search')).toBe(true);
  });
});
