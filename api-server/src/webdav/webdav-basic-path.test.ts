import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerOf, type RawAnswer } from '../testing/raw-http';
import type { FsWorld, Headers } from '../testing/fs-test-kit';
import { createConfinementWorld, expectConfined, HOSTILE, PRIVATE_TEXT, SECRET_TEXT } from '../testing/hostile-paths';
import type { StorageDriver } from '../storage/storage-driver';

/**
 * A key whose basic_path is `/docs/team` cannot leave it over WebDAV, whatever the address, the
 * Destination or the method: the same hostile paths as the fs API (testing/hostile-paths.ts).
 * Reading the root or an ancestor of the basic path shows only the way down to it. Requests go
 * over a real socket, so dot segments and double slashes reach the server exactly as written (an
 * injected request would have its URL normalised first).
 */

const PRIVATE = PRIVATE_TEXT;
const SECRET = SECRET_TEXT;

/** The URL of a path as a WebDAV client sends it: each segment percent-encoded once. */
function davUrl(path: string): string {
  return `/dav${path.split('/').map(encodeURIComponent).join('/')}`;
}

describe('API keys and basic_path over WebDAV', () => {
  let w: FsWorld;
  let key: Headers;
  let docsDriver: StorageDriver;
  let snapshot: () => Promise<string[]>;
  let port: number;
  const bodies: string[] = [];

  beforeEach(async () => {
    const world = await createConfinementWorld();
    ({ w, docsDriver, snapshot } = world);
    key = { authorization: `Basic ${Buffer.from(`${world.keyValue}:${world.keyValue}`).toString('base64')}` };
    bodies.length = 0;
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    port = (w.app.server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await w.close();
  });

  const send = async (
    method: string,
    url: string,
    headers: Headers = {},
    payload?: string,
  ): Promise<RawAnswer & { statusCode: number }> => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path: url, headers: { ...key, ...headers } });
    const answer = answerOf(outgoing);
    outgoing.end(payload);
    const response = await answer;
    bodies.push(response.body);
    return { ...response, statusCode: response.status };
  };

  const operations: Record<string, (url: string) => Promise<{ statusCode: number; body: string }>> = {
    propfind0: (url) => send('PROPFIND', url, { depth: '0' }),
    propfind1: (url) => send('PROPFIND', url, { depth: '1' }),
    get: (url) => send('GET', url),
    head: (url) => send('HEAD', url),
    put: (url) => send('PUT', url, {}, 'overwritten'),
    delete: (url) => send('DELETE', url),
    mkcol: (url) => send('MKCOL', url),
    proppatch: (url) =>
      send(
        'PROPPATCH',
        url,
        {},
        '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x xmlns="urn:x">1</x></D:prop></D:set></D:propertyupdate>',
      ),
    lock: (url) =>
      send(
        'LOCK',
        url,
        {},
        '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
      ),
    copyFrom: (url) => send('COPY', url, { destination: '/dav/docs/team/copied.txt' }),
    moveFrom: (url) => send('MOVE', url, { destination: '/dav/docs/team/moved.txt' }),
    // An absolute Destination on this server's own origin (another one is 502 before any path is looked at).
    copyTo: (url) => send('COPY', '/dav/docs/team/a.txt', { destination: `http://127.0.0.1:${port}${url}` }),
    moveTo: (url) => send('MOVE', '/dav/docs/team/a.txt', { destination: url }),
  };

  /** Reads of the root and of the basic path's ancestors: allowed, showing only the way down. */
  const WAY_DOWN = new Set(['/dav/', '/dav/docs']);

  it.each(HOSTILE)('refuses %s for every method, without touching anything', async (_label, hostile) => {
    const before = await snapshot();
    const url = davUrl(hostile);
    for (const [name, operation] of Object.entries(operations)) {
      const response = await operation(url);
      const read = ['propfind0', 'propfind1', 'get', 'head'].includes(name);
      if (read && WAY_DOWN.has(url) && [200, 207].includes(response.statusCode)) continue;
      // An address that is not below /dav/ at all reaches no WebDAV route (the API's plain 404).
      const notDav = !url.startsWith('/dav/');
      if (![400, 403, 404].includes(response.statusCode) || (response.statusCode === 404 && !read && !notDav)) {
        throw new Error(`${name} ${JSON.stringify(hostile)} → ${response.statusCode} ${response.body}`);
      }
    }
    await expectConfined({ w, snapshot }, before, bodies, [PRIVATE, SECRET, 'private', 'secret']);
  });

  it('refuses a request target with a fragment instead of acting on the folder before it', async () => {
    const response = await send('DELETE', '/dav/docs/team/#a.txt');
    expect(response.statusCode).toBe(400);
    expect(await docsDriver.headObject('team/a.txt')).not.toBeNull();
  });

  it('refuses traversal written raw on the wire (decoded once by the server)', async () => {
    for (const url of [
      '/dav/docs/team/%2e%2e/private/p.txt',
      '/dav/docs/team/..%2Fprivate%2Fp.txt',
      '/dav/docs%2Fteam/..%2F..%2Fprivate/p.txt',
      '/dav/docs/team/%252e%252e/private/p.txt',
    ]) {
      for (const method of ['GET', 'PROPFIND', 'PUT', 'DELETE']) {
        const response = await send(method, url, { depth: '0' }, method === 'PUT' ? 'x' : undefined);
        expect([400, 403, 404]).toContain(response.statusCode);
        expect(response.body).not.toContain(PRIVATE);
      }
    }
    expect(await docsDriver.headObject('private/p.txt')).toMatchObject({ size: PRIVATE.length });
  });
});
