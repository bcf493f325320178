/** @jest-environment node */
import 'fake-indexeddb/auto';
import { createHash, webcrypto } from 'node:crypto';
import { takeSharedItem } from '@cloudclip/shared-kernel/src/pwa/share-inbox';
import type { AppCacheManifest } from './precache';
import { FakeCacheStorage, fakeFetch, type Answer } from './testing/fakes';
import { createWorker, PRECACHE_THROTTLE_MS } from './worker';

const ORIGIN = 'https://clip.example';
const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const SHELL = '<!doctype html><html lang="en"><head data-x="1"><title>Cloudclip</title></head><body><div id="root"></div></body></html>';
const SHELL_CSP = "default-src 'self'; script-src 'self' 'sha256-abc='";
const ENTRY = 'entry-1.0.0';

function sri(body: string): string {
  return `sha384-${createHash('sha384').update(body).digest('base64')}`;
}

const LIST: AppCacheManifest = {
  version: 1,
  key: 'k1',
  environment: 'production',
  host: { package: 'host-shell', version: '1.0.0' },
  shell: '/offline-shell',
  releases: [{ package: 'mfe-public', version: '1.0.0', base: '/remotes/mfe-public/1.0.0/' }],
  files: [{ url: '/main.js' }, { url: '/remotes/mfe-public/1.0.0/remoteEntry.js', integrity: sri(ENTRY) }],
};

function navigation(path: string): Request {
  const request = new Request(`${ORIGIN}${path}`);
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  Object.defineProperty(request, 'destination', { value: 'document' });
  return request;
}

function setup(answers: Record<string, Answer> = {}, language = 'en-US') {
  const caches = new FakeCacheStorage();
  let list = LIST;
  const table: Record<string, Answer> = {
    '/app-cache.json': () => Response.json(list),
    '/offline-shell': () =>
      new Response(SHELL, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': SHELL_CSP } }),
    '/main.js': () => new Response('main()'),
    '/remotes/mfe-public/1.0.0/remoteEntry.js': () => new Response(ENTRY),
    '/remotes/mfe-public/1.0.0/editor.1a2b3c4d.js': () => new Response('editor()'),
    '/': () => new Response('<html>online</html>', { headers: { 'Content-Type': 'text/html' } }),
    '/paste/abc': () => new Response('<html>online</html>', { headers: { 'Content-Type': 'text/html' } }),
    ...answers,
  };
  const network = fakeFetch(new Map(Object.entries(table).map(([path, answer]) => [`${ORIGIN}${path}`, answer])));
  let online = true;
  const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    online ? network.fetch(input, init) : Promise.reject(new TypeError('offline'));
  const posted: unknown[] = [];
  let clock = 1_000_000;
  const warn = jest.fn();
  const worker = createWorker({
    origin: ORIGIN,
    caches,
    fetch,
    subtle,
    windows: async () => [{ postMessage: (message: unknown) => posted.push(message) }],
    language: () => language,
    now: () => clock,
    warn,
  });
  const pending: Promise<unknown>[] = [];
  const waitUntil = (promise: Promise<unknown>) => {
    pending.push(promise);
  };
  return {
    caches,
    network,
    posted,
    warn,
    worker,
    async respond(request: Request) {
      const response = await worker.respond(request, waitUntil);
      await Promise.all(pending.splice(0));
      return response;
    },
    goOffline() {
      online = false;
    },
    goOnline() {
      online = true;
    },
    advance(ms: number) {
      clock += ms;
    },
    setList(next: AppCacheManifest) {
      list = next;
    },
    appCacheFetches: () => network.calls.filter((call) => call.url === `${ORIGIN}/app-cache.json`).length,
  };
}

describe('page loads', () => {
  it('come from the network, and start a precache check at most every 30 seconds', async () => {
    const sw = setup();
    const response = await sw.respond(navigation('/'));
    expect(await response.text()).toBe('<html>online</html>');
    expect(sw.appCacheFetches()).toBe(1);
    await sw.respond(navigation('/paste/abc'));
    expect(sw.appCacheFetches()).toBe(1);
    sw.advance(PRECACHE_THROTTLE_MS);
    await sw.respond(navigation('/paste/abc'));
    expect(sw.appCacheFetches()).toBe(2);
    // Pages themselves are never written to a cache.
    expect(await sw.caches.match(`${ORIGIN}/paste/abc`)).toBeUndefined();
  });

  it('offline: answer with the kept shell, marked offline right after <head>, with its own policy', async () => {
    const sw = setup();
    await sw.worker.precache();
    sw.goOffline();
    const response = await sw.respond(navigation('/paste/abc'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toBe(SHELL.replace('<head data-x="1">', '<head data-x="1"><meta name="cloudclip-offline" content="1">'));
    expect(response.headers.get('content-security-policy')).toBe(SHELL_CSP);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('offline with nothing kept: the built-in offline page in the browser language', async () => {
    const zh = setup({}, 'zh-CN');
    zh.goOffline();
    const chinese = await zh.respond(navigation('/'));
    const html = await chinese.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('当前处于离线状态');
    expect(html).toContain('<meta name="cloudclip-offline" content="1">');
    expect(chinese.headers.get('content-security-policy')).toContain("default-src 'none'");
    const en = setup({}, 'en-GB');
    en.goOffline();
    expect(await (await en.respond(navigation('/'))).text()).toContain('You are offline');
  });

  it('pass a server error through instead of the offline shell', async () => {
    const sw = setup({ '/': () => new Response('bad gateway', { status: 502 }) });
    await sw.worker.precache();
    const response = await sw.respond(navigation('/'));
    expect(response.status).toBe(502);
  });
});

describe('released files (cache-first)', () => {
  const entryUrl = `${ORIGIN}/remotes/mfe-public/1.0.0/editor.1a2b3c4d.js`;

  it('are fetched once, kept, and served from the cache (offline too)', async () => {
    const sw = setup();
    expect(await (await sw.respond(new Request(entryUrl))).text()).toBe('editor()');
    expect(await sw.caches.cache('cc-release:mfe-public@1.0.0')?.match(entryUrl)).toBeDefined();
    sw.goOffline();
    expect(await (await sw.respond(new Request(entryUrl))).text()).toBe('editor()');
    expect(sw.network.calls.filter((call) => call.url === entryUrl)).toHaveLength(1);
  });

  it('are served but not kept when they do not match the digest app-cache.json lists', async () => {
    const url = `${ORIGIN}/remotes/mfe-public/1.0.0/remoteEntry.js`;
    let body = ENTRY;
    const sw = setup({ '/remotes/mfe-public/1.0.0/remoteEntry.js': () => new Response(body) });
    await sw.worker.precache();
    await sw.caches.cache('cc-release:mfe-public@1.0.0')?.delete(url);
    body = 'tampered';
    expect(await (await sw.respond(new Request(url))).text()).toBe('tampered');
    expect(await sw.caches.cache('cc-release:mfe-public@1.0.0')?.match(url)).toBeUndefined();
    expect(sw.warn).toHaveBeenCalledWith(expect.stringContaining('does not match its digest'));
  });

  it("are kept only when they match the request's integrity", async () => {
    const sw = setup();
    await sw.respond(new Request(entryUrl, { integrity: sri('something else') }));
    expect(await sw.caches.cache('cc-release:mfe-public@1.0.0')?.match(entryUrl)).toBeUndefined();
    await sw.respond(new Request(entryUrl, { integrity: sri('editor()') }));
    expect(await sw.caches.cache('cc-release:mfe-public@1.0.0')?.match(entryUrl)).toBeDefined();
  });

  it('are never kept when the answer is an error or no-store', async () => {
    const sw = setup({
      '/remotes/mfe-public/1.0.0/editor.1a2b3c4d.js': () => new Response('missing', { status: 404 }),
      '/remotes/mfe-public/1.0.0/other.1a2b3c4d.js': () => new Response('x', { headers: { 'Cache-Control': 'no-store' } }),
    });
    expect((await sw.respond(new Request(entryUrl))).status).toBe(404);
    await sw.respond(new Request(`${ORIGIN}/remotes/mfe-public/1.0.0/other.1a2b3c4d.js`));
    expect(sw.caches.cache('cc-release:mfe-public@1.0.0')?.urls() ?? []).toEqual([]);
  });

  it('still load from the network when the caches are broken', async () => {
    const sw = setup();
    jest.spyOn(sw.caches, 'open').mockRejectedValue(new Error('quota'));
    const response = await sw.respond(new Request(entryUrl));
    expect(await response.text()).toBe('editor()');
  });
});

describe('other files (network-first)', () => {
  it('come from the network while online, and from the kept copy offline', async () => {
    let version = 'v1';
    const sw = setup({ '/env.json': () => Response.json({ version }) });
    expect(await (await sw.respond(new Request(`${ORIGIN}/env.json`))).json()).toEqual({ version: 'v1' });
    version = 'v2';
    expect(await (await sw.respond(new Request(`${ORIGIN}/env.json`))).json()).toEqual({ version: 'v2' });
    sw.goOffline();
    expect(await (await sw.respond(new Request(`${ORIGIN}/env.json`))).json()).toEqual({ version: 'v2' });
  });

  it('fail as the network does when nothing is kept', async () => {
    const sw = setup();
    sw.goOffline();
    await expect(sw.respond(new Request(`${ORIGIN}/icons/icon-512.png`))).rejects.toThrow('offline');
  });

  it('are stored in the pinned host version’s cache once it is known', async () => {
    const sw = setup();
    await sw.respond(new Request(`${ORIGIN}/main.js`));
    expect(sw.caches.cache('cc-host-assets')?.urls()).toEqual([`${ORIGIN}/main.js`]);
    await sw.worker.precache();
    expect(sw.worker.decide(new Request(`${ORIGIN}/main.js`))).toEqual({ kind: 'network-first', cacheName: 'cc-host:1.0.0' });
    expect(sw.caches.names()).not.toContain('cc-host-assets');
  });
});

describe('messages', () => {
  it('report the precached key, and tell every page when a new set is precached', async () => {
    const sw = setup();
    const replies: unknown[] = [];
    await sw.worker.message({ type: 'cc:status' }, (reply) => replies.push(reply));
    expect(replies).toEqual([{ type: 'cc:status', key: null, precached: false }]);
    await sw.worker.precache();
    expect(sw.posted).toEqual([{ type: 'cc:precached', key: 'k1' }]);
    await sw.worker.message({ type: 'cc:status' }, (reply) => replies.push(reply));
    expect(replies[1]).toEqual({ type: 'cc:status', key: 'k1', precached: true });
    // The same key again: nothing new to tell.
    await sw.worker.precache();
    expect(sw.posted).toHaveLength(1);
    sw.setList({ ...LIST, key: 'k2' });
    await sw.worker.precache();
    expect(sw.posted).toEqual([
      { type: 'cc:precached', key: 'k1' },
      { type: 'cc:precached', key: 'k2' },
    ]);
  });

  it('ignore other messages', async () => {
    const sw = setup();
    const reply = jest.fn();
    await sw.worker.message({ type: 'other' }, reply);
    await sw.worker.message('cc:status', reply);
    expect(reply).not.toHaveBeenCalled();
  });

  it('remember the precached state across worker restarts', async () => {
    const sw = setup();
    await sw.worker.precache();
    const restarted = createWorker({
      origin: ORIGIN,
      caches: sw.caches,
      fetch: () => Promise.reject(new TypeError('offline')),
      windows: async () => [],
      language: () => 'en-US',
    });
    expect(await restarted.status()).toEqual({ type: 'cc:status', key: 'k1', precached: true });
    const shell = await restarted.respond(navigation('/'), () => undefined);
    expect(await shell.text()).toContain('<meta name="cloudclip-offline" content="1">');
  });
});

describe('the share sheet', () => {
  it('hands a shared text to the editor through the inbox', async () => {
    const sw = setup();
    const form = new FormData();
    form.set('text', 'from my phone');
    const request = new Request(`${ORIGIN}/share-target`, { method: 'POST', body: form });
    expect(sw.worker.decide(request).kind).toBe('share-target');
    const response = await sw.respond(request);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.pathname).toBe('/');
    expect((await takeSharedItem(location.searchParams.get('share') ?? ''))?.text).toBe('from my phone');
  });
});
