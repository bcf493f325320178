/** @jest-environment node */
import { decideCaching, factsOf, hostCacheName, isVersionedCache, type RequestFacts, type RuleContext } from './cache-rules';

const ORIGIN = 'https://clip.example';
const context: RuleContext = { origin: ORIGIN, hostVersion: '1.2.0' };

function decide(path: string, facts: Partial<RequestFacts> = {}, ctx: RuleContext = context) {
  return decideCaching({ method: 'GET', url: `${ORIGIN}${path}`, mode: 'cors', destination: 'script', cache: 'default', ...facts }, ctx);
}

describe('decideCaching', () => {
  it.each([
    '/api/pastes/abc',
    '/api',
    '/api/files?x=1',
    '/dav/',
    '/dav/docs/a.txt',
    '/csp-report',
    '/healthz',
    '/sw.js',
    '/app-cache.json',
  ])('never handles %s (straight to the network, never cached)', (path) => {
    expect(decide(path).kind).toBe('bypass');
    expect(decide(path, { mode: 'navigate', destination: 'document' }).kind).toBe('bypass');
  });

  it('does not take /api-like page addresses for the API', () => {
    expect(decide('/apiary', { mode: 'navigate' })).toEqual({ kind: 'navigation' });
    expect(decide('/david.js').kind).toBe('network-first');
  });

  it('leaves requests to other origins alone', () => {
    expect(decideCaching({ method: 'GET', url: 'https://cdn.example/remotes/mfe-public/1.0.0/remoteEntry.js' }, context)).toEqual({
      kind: 'bypass',
      reason: 'other origin',
    });
    expect(decideCaching({ method: 'GET', url: 'http://clip.example/main.js' }, context).kind).toBe('bypass');
  });

  it('leaves a request that is not a URL alone', () => {
    expect(decideCaching({ method: 'GET', url: 'not a url' }, context).kind).toBe('bypass');
  });

  it('leaves Range requests alone (media seeking), even for released files', () => {
    expect(decide('/remotes/mfe-public/1.0.0/video.3a4b5c6d.js', { range: 'bytes=0-' }).kind).toBe('bypass');
    expect(decide('/icons/icon-192.png', { range: 'bytes=10-20' }).kind).toBe('bypass');
  });

  it('takes the share sheet POST, and leaves every other POST and non-GET alone', () => {
    expect(decide('/share-target', { method: 'POST', mode: 'navigate' })).toEqual({ kind: 'share-target' });
    expect(decide('/share-target', { method: 'post', mode: 'navigate' })).toEqual({ kind: 'share-target' });
    expect(decide('/share-target/x', { method: 'POST', mode: 'navigate' }).kind).toBe('bypass');
    expect(decide('/upload', { method: 'POST' }).kind).toBe('bypass');
    expect(decide('/main.js', { method: 'PUT' }).kind).toBe('bypass');
    expect(decide('/main.js', { method: 'HEAD' }).kind).toBe('bypass');
  });

  it('treats page loads as navigations, whatever the address', () => {
    expect(decide('/', { mode: 'navigate', destination: 'document' })).toEqual({ kind: 'navigation' });
    expect(decide('/paste/abc?x=1', { mode: 'navigate', destination: 'document' })).toEqual({ kind: 'navigation' });
    expect(decide('/share-target', { mode: 'navigate' })).toEqual({ kind: 'navigation' });
  });

  it('keeps released remote files cache-first in the cache of their release', () => {
    expect(decide('/remotes/mfe-public/1.0.0/remoteEntry.js')).toEqual({ kind: 'cache-first', cacheName: 'cc-release:mfe-public@1.0.0' });
    expect(decide('/remotes/mfe-public/1.0.0/mf-manifest.json')).toEqual({ kind: 'cache-first', cacheName: 'cc-release:mfe-public@1.0.0' });
    expect(decide('/remotes/mfe-upload/2.3.4-rc.1/812.0a1b2c3d.js')).toEqual({
      kind: 'cache-first',
      cacheName: 'cc-release:mfe-upload@2.3.4-rc.1',
    });
    expect(decide('/remotes/mfe-public/1.0.1/remoteEntry.js')).toEqual({ kind: 'cache-first', cacheName: 'cc-release:mfe-public@1.0.1' });
  });

  it("fetches a workspace remote's entry and manifest first, and keeps its hashed chunks cache-first", () => {
    expect(decide('/remotes/mfe-public/workspace/remoteEntry.js')).toEqual({
      kind: 'network-first',
      cacheName: 'cc-release:mfe-public@workspace',
    });
    expect(decide('/remotes/mfe-public/workspace/mf-manifest.json')).toEqual({
      kind: 'network-first',
      cacheName: 'cc-release:mfe-public@workspace',
    });
    expect(decide('/remotes/mfe-public/workspace/editor.1f2e3d4c.js')).toEqual({
      kind: 'cache-first',
      cacheName: 'cc-release:mfe-public@workspace',
    });
    expect(decide('/remotes/mfe-public/workspace/styles.1f2e3d4c.css').kind).toBe('cache-first');
    // Not a content hash (9 characters, or not hexadecimal).
    expect(decide('/remotes/mfe-public/workspace/editor.1f2e3d4c5.js').kind).toBe('network-first');
    expect(decide('/remotes/mfe-public/workspace/editor.1f2e3d4z.js').kind).toBe('network-first');
  });

  it("keeps the host's hashed chunks cache-first and its other files network-first, in the host version's cache", () => {
    expect(decide('/react.334b01d1.js')).toEqual({ kind: 'cache-first', cacheName: 'cc-host:1.2.0' });
    expect(decide('/118.e0dfc3b4.js')).toEqual({ kind: 'cache-first', cacheName: 'cc-host:1.2.0' });
    expect(decide('/main.js')).toEqual({ kind: 'network-first', cacheName: 'cc-host:1.2.0' });
    expect(decide('/env.json')).toEqual({ kind: 'network-first', cacheName: 'cc-host:1.2.0' });
    expect(decide('/config.js')).toEqual({ kind: 'network-first', cacheName: 'cc-host:1.2.0' });
    expect(decide('/manifest.webmanifest?lang=zh-CN')).toEqual({ kind: 'network-first', cacheName: 'cc-host:1.2.0' });
    expect(decide('/icons/icon-192.png')).toEqual({ kind: 'network-first', cacheName: 'cc-host:1.2.0' });
  });

  it('uses the host fallback cache before the host version is known', () => {
    expect(decide('/main.js', {}, { origin: ORIGIN, hostVersion: null })).toEqual({ kind: 'network-first', cacheName: 'cc-host-assets' });
  });

  it("goes to the network when the request asks to skip caches (cache: 'reload' or 'no-store')", () => {
    expect(decide('/env.json', { cache: 'reload' }).kind).toBe('bypass');
    expect(decide('/env.json', { cache: 'no-store' }).kind).toBe('bypass');
    expect(decide('/remotes/mfe-public/1.0.0/remoteEntry.js', { cache: 'reload' }).kind).toBe('bypass');
    expect(decide('/env.json', { cache: 'no-cache' }).kind).toBe('network-first');
  });

  it('leaves a malformed remote address alone', () => {
    expect(decide('/remotes/%E0%A4%A/1.0.0/remoteEntry.js').kind).toBe('bypass');
  });
});

describe('factsOf', () => {
  it('reads method, address, mode, cache mode and Range from a Request', () => {
    const request = new Request(`${ORIGIN}/remotes/mfe-public/1.0.0/a.js`, { headers: { Range: 'bytes=0-9' }, cache: 'no-store' });
    expect(factsOf(request)).toMatchObject({ method: 'GET', url: `${ORIGIN}/remotes/mfe-public/1.0.0/a.js`, range: 'bytes=0-9' });
    expect(decideCaching(factsOf(request), context).kind).toBe('bypass');
    expect(decideCaching(factsOf(new Request(`${ORIGIN}/remotes/mfe-public/1.0.0/a.js`)), context).kind).toBe('cache-first');
  });
});

describe('cache names', () => {
  it('names the host cache by version, and knows which caches are versioned', () => {
    expect(hostCacheName('1.0.0')).toBe('cc-host:1.0.0');
    expect(isVersionedCache('cc-release:mfe-public@1.0.0')).toBe(true);
    expect(isVersionedCache('cc-host:workspace')).toBe(true);
    expect(isVersionedCache('cc-host-assets')).toBe(true);
    expect(isVersionedCache('cc-meta')).toBe(false);
    expect(isVersionedCache('other-app')).toBe(false);
  });
});
