/** @jest-environment node */
import { createHash, webcrypto } from 'node:crypto';
import { createPrecacher, readPrecacheState, type AppCacheManifest } from './precache';
import { FakeCacheStorage, fakeFetch, type Answer } from './testing/fakes';

const ORIGIN = 'https://clip.example';
const subtle = webcrypto.subtle as unknown as SubtleCrypto;

function sri(body: string, algorithm: 'sha256' | 'sha384' | 'sha512' = 'sha384'): string {
  return `${algorithm}-${createHash(algorithm).update(body).digest('base64')}`;
}

const BODIES: Record<string, string> = {
  '/offline-shell': '<!doctype html><html><head><title>Cloudclip</title></head><body></body></html>',
  '/main.js': 'console.log("main")',
  '/react.334b01d1.js': 'react()',
  '/icons/icon-192.png': 'png',
  '/remotes/mfe-public/1.0.0/mf-manifest.json': '{"name":"cloudclip_public"}',
  '/remotes/mfe-public/1.0.0/remoteEntry.js': 'entry-1.0.0',
  '/remotes/mfe-public/1.0.0/editor.1a2b3c4d.js': 'editor-1.0.0',
  '/remotes/mfe-public/1.1.0/mf-manifest.json': '{"name":"cloudclip_public","v":"1.1.0"}',
  '/remotes/mfe-public/1.1.0/remoteEntry.js': 'entry-1.1.0',
  '/remotes/mfe-upload/1.0.0/remoteEntry.js': 'upload-entry',
};

function manifest(key: string, publicVersion = '1.0.0', extra: Partial<AppCacheManifest> = {}): AppCacheManifest {
  const base = `/remotes/mfe-public/${publicVersion}/`;
  return {
    version: 1,
    key,
    environment: 'production',
    host: { package: 'host-shell', version: '1.0.0' },
    shell: '/offline-shell',
    releases: [
      { package: 'mfe-public', version: publicVersion, base },
      { package: 'mfe-upload', version: '1.0.0', base: '/remotes/mfe-upload/1.0.0/' },
    ],
    files: [
      { url: '/main.js' },
      { url: '/react.334b01d1.js' },
      { url: '/icons/icon-192.png' },
      { url: `${base}mf-manifest.json`, integrity: sri(BODIES[`${base}mf-manifest.json`] as string) },
      { url: `${base}remoteEntry.js`, integrity: sri(BODIES[`${base}remoteEntry.js`] as string) },
    ],
    ...extra,
  };
}

function setup(list: AppCacheManifest, overrides: Record<string, Answer> = {}) {
  const caches = new FakeCacheStorage();
  const answers: Record<string, Answer> = {};
  for (const [path, body] of Object.entries(BODIES)) answers[`${ORIGIN}${path}`] = () => new Response(body, { status: 200 });
  let current = list;
  answers[`${ORIGIN}/app-cache.json`] = () => Response.json(current);
  for (const [path, answer] of Object.entries(overrides)) answers[`${ORIGIN}${path}`] = answer;
  const network = fakeFetch(answers);
  const warn = jest.fn();
  const precacher = createPrecacher({ origin: ORIGIN, caches, fetch: network.fetch, subtle, warn });
  return {
    caches,
    network,
    warn,
    precacher,
    setList(next: AppCacheManifest) {
      current = next;
    },
  };
}

async function text(caches: FakeCacheStorage, name: string, path: string): Promise<string | undefined> {
  return (await caches.cache(name)?.match(`${ORIGIN}${path}`))?.text();
}

describe('precache', () => {
  it('stores the offline shell and every listed file in the cache of its release, and remembers the key', async () => {
    const { caches, precacher } = setup(manifest('k1'));
    const result = await precacher.run();
    expect(result).toMatchObject({ key: 'k1', changed: true, complete: true });
    expect(caches.names()).toEqual(['cc-host:1.0.0', 'cc-meta', 'cc-release:mfe-public@1.0.0']);
    expect(caches.cache('cc-host:1.0.0')?.urls()).toEqual(
      ['/icons/icon-192.png', '/main.js', '/offline-shell', '/react.334b01d1.js'].map((path) => `${ORIGIN}${path}`),
    );
    expect(await text(caches, 'cc-host:1.0.0', '/offline-shell')).toBe(BODIES['/offline-shell']);
    expect(await text(caches, 'cc-release:mfe-public@1.0.0', '/remotes/mfe-public/1.0.0/remoteEntry.js')).toBe('entry-1.0.0');
    const state = await readPrecacheState(caches, ORIGIN);
    expect(state.key).toBe('k1');
    expect(state.hostVersion).toBe('1.0.0');
    expect(state.digests.get(`${ORIGIN}/remotes/mfe-public/1.0.0/remoteEntry.js`)).toBe(sri('entry-1.0.0'));
  });

  it('does not store a file whose bytes do not match its digest, and says so', async () => {
    const { caches, precacher, warn } = setup(manifest('k1'), {
      '/remotes/mfe-public/1.0.0/remoteEntry.js': () => new Response('tampered entry'),
    });
    const result = await precacher.run();
    expect(result.complete).toBe(true);
    expect(await caches.cache('cc-release:mfe-public@1.0.0')?.match(`${ORIGIN}/remotes/mfe-public/1.0.0/remoteEntry.js`)).toBeUndefined();
    expect(await text(caches, 'cc-release:mfe-public@1.0.0', '/remotes/mfe-public/1.0.0/mf-manifest.json')).toBe(
      BODIES['/remotes/mfe-public/1.0.0/mf-manifest.json'],
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/remotes/mfe-public/1.0.0/remoteEntry.js does not match its digest'));
  });

  it('accepts sha256 and sha512 digests too', async () => {
    const list = manifest('k1');
    list.files = [
      { url: '/main.js', integrity: sri(BODIES['/main.js'] as string, 'sha256') },
      { url: '/icons/icon-192.png', integrity: sri(BODIES['/icons/icon-192.png'] as string, 'sha512') },
      { url: '/react.334b01d1.js', integrity: sri('something else', 'sha512') },
    ];
    const { caches, precacher } = setup(list);
    await precacher.run();
    expect(caches.cache('cc-host:1.0.0')?.urls()).toEqual([`${ORIGIN}/icons/icon-192.png`, `${ORIGIN}/main.js`, `${ORIGIN}/offline-shell`]);
  });

  it('fetches nothing but the list when its key has not changed', async () => {
    const { network, precacher } = setup(manifest('k1'));
    await precacher.run();
    network.calls.length = 0;
    const again = await precacher.run();
    expect(again).toMatchObject({ key: 'k1', changed: false, complete: true });
    expect(network.calls.map((call) => call.url)).toEqual([`${ORIGIN}/app-cache.json`]);
    expect(network.calls[0]?.init?.cache).toBe('no-store');
  });

  it('after a new pin, caches the new release and deletes the old release’s cache, keeping unrelated caches', async () => {
    const { caches, network, precacher, setList } = setup(manifest('k1', '1.0.0'));
    await precacher.run();
    await (await caches.open('someone-else')).put(`${ORIGIN}/x`, new Response('x'));
    await (await caches.open('cc-release:mfe-upload@1.0.0')).put(`${ORIGIN}/remotes/mfe-upload/1.0.0/remoteEntry.js`, new Response('u'));
    await (await caches.open('cc-release:mfe-upload@0.9.0')).put(`${ORIGIN}/remotes/mfe-upload/0.9.0/remoteEntry.js`, new Response('u'));
    await (await caches.open('cc-host-assets')).put(`${ORIGIN}/main.js`, new Response('m'));
    setList(manifest('k2', '1.1.0'));
    network.calls.length = 0;
    const result = await precacher.run();
    expect(result).toMatchObject({ key: 'k2', changed: true, complete: true });
    expect(caches.names()).toEqual([
      'cc-host:1.0.0',
      'cc-meta',
      'cc-release:mfe-public@1.1.0',
      // still pinned (listed in releases), so its lazily cached files stay
      'cc-release:mfe-upload@1.0.0',
      'someone-else',
    ]);
    expect(await text(caches, 'cc-release:mfe-public@1.1.0', '/remotes/mfe-public/1.1.0/remoteEntry.js')).toBe('entry-1.1.0');
    // An immutable host chunk already kept is not downloaded again; the host's entry is refreshed.
    const fetched = network.calls.map((call) => call.url.slice(ORIGIN.length));
    expect(fetched).not.toContain('/react.334b01d1.js');
    expect(fetched).toContain('/main.js');
    expect((await readPrecacheState(caches, ORIGIN)).key).toBe('k2');
  });

  it('keeps the previous set and key when a file cannot be fetched, and completes on the next run', async () => {
    let online = false;
    const { caches, precacher, setList } = setup(manifest('k1', '1.0.0'), {
      '/remotes/mfe-public/1.1.0/remoteEntry.js': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Response('entry-1.1.0');
      },
    });
    await precacher.run();
    setList(manifest('k2', '1.1.0'));
    const failed = await precacher.run();
    expect(failed).toMatchObject({ key: 'k1', changed: false, complete: false });
    expect(caches.names()).toContain('cc-release:mfe-public@1.0.0');
    expect((await readPrecacheState(caches, ORIGIN)).key).toBe('k1');
    online = true;
    const retried = await precacher.run();
    expect(retried).toMatchObject({ key: 'k2', changed: true, complete: true });
    expect(caches.names()).not.toContain('cc-release:mfe-public@1.0.0');
  });

  it('treats a server error as a failure to retry, and a missing file (404) as refused for good', async () => {
    const failing = setup(manifest('k1'), { '/main.js': () => new Response('busy', { status: 503 }) });
    expect(await failing.precacher.run()).toMatchObject({ changed: false, complete: false });
    const missing = setup(manifest('k1'), { '/main.js': () => new Response('no', { status: 404 }) });
    expect(await missing.precacher.run()).toMatchObject({ changed: true, complete: true });
    expect(missing.caches.cache('cc-host:1.0.0')?.urls()).not.toContain(`${ORIGIN}/main.js`);
    expect(missing.warn).toHaveBeenCalledWith(expect.stringContaining('/main.js: HTTP 404'));
  });

  it('never stores a no-store response', async () => {
    const { caches, precacher } = setup(manifest('k1'), {
      '/main.js': () => new Response('m', { headers: { 'Cache-Control': 'private, no-store' } }),
    });
    await precacher.run();
    expect(caches.cache('cc-host:1.0.0')?.urls()).not.toContain(`${ORIGIN}/main.js`);
  });

  it('replaces a kept file that does not match the digest it now has', async () => {
    const { caches, precacher } = setup(manifest('k1'));
    await (
      await caches.open('cc-release:mfe-public@1.0.0')
    ).put(`${ORIGIN}/remotes/mfe-public/1.0.0/remoteEntry.js`, new Response('stale'));
    await precacher.run();
    expect(await text(caches, 'cc-release:mfe-public@1.0.0', '/remotes/mfe-public/1.0.0/remoteEntry.js')).toBe('entry-1.0.0');
  });

  it('runs once for concurrent calls', async () => {
    const { network, precacher } = setup(manifest('k1'));
    const [a, b] = await Promise.all([precacher.run(), precacher.run()]);
    expect(a).toBe(b);
    expect(network.calls.filter((call) => call.url.endsWith('/app-cache.json'))).toHaveLength(1);
  });

  it('rejects when the list cannot be read, and changes nothing', async () => {
    const broken = setup(manifest('k1'), { '/app-cache.json': () => new Response('{"version":2}') });
    await expect(broken.precacher.run()).rejects.toThrow('app-cache.json');
    const down = setup(manifest('k1'), { '/app-cache.json': () => new Response('', { status: 502 }) });
    await expect(down.precacher.run()).rejects.toThrow('HTTP 502');
    expect(down.caches.names()).toEqual(['cc-meta']);
    expect((await readPrecacheState(down.caches, ORIGIN)).key).toBeNull();
  });

  it('skips files of other origins and the API listed by mistake', async () => {
    const list = manifest('k1');
    list.files.push({ url: 'https://cdn.example/x.js' }, { url: '/api/pastes' });
    const { caches, precacher, network, warn } = setup(list);
    await precacher.run();
    expect(network.calls.map((call) => call.url)).not.toContain('https://cdn.example/x.js');
    expect(network.calls.map((call) => call.url)).not.toContain(`${ORIGIN}/api/pastes`);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(caches.names()).toContain('cc-host:1.0.0');
  });
});
