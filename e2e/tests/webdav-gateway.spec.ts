import { createHash } from 'node:crypto';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, GATEWAY_PORT } from '../playwright.config';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';

/**
 * WebDAV through the gateway, as a file manager reaches it: the gateway proxies /dav/ to the
 * api-server for every WebDAV method, streams bodies both ways with no size limit of its own, and
 * rewrites a Destination on its own origin. The protocol itself is checked by litmus and rclone
 * (e2e/webdav-clients/webdav-clients.mjs); this is the path through the product as `pnpm start` serves it.
 */

const ORIGIN = `http://127.0.0.1:${GATEWAY_PORT}`;
const BASIC = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

const api = ExplorerApi.adminForSpecFile();
let mount: Mount;
let dav: APIRequestContext;

test.beforeAll(async () => {
  mount = await api.createLocalMount(`/${uniqueName('dav')}`);
  dav = await request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { Authorization: BASIC } });
});

test.afterAll(async () => {
  await dav.dispose();
});

test('a WebDAV client works through the gateway: folders, a 24 MB file both ways, ranges, copy, delete', async () => {
  const base = `/dav${mount.mountPath}`;
  const anonymous = await request.newContext({ baseURL: ORIGIN });
  const refused = await anonymous.fetch(`${base}/`, { method: 'PROPFIND', headers: { Depth: '0' } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toContain('Basic');
  await anonymous.dispose();

  const options = await dav.fetch(`${base}/`, { method: 'OPTIONS' });
  expect(options.headers().dav).toBe('1, 2');

  expect((await dav.fetch(`${base}/Reports 2026/`, { method: 'MKCOL' })).status()).toBe(201);
  const body = Buffer.alloc(24 * 1024 * 1024);
  for (let index = 0; index < body.length; index += 997) body[index] = index % 256;
  const put = await dav.fetch(`${base}/Reports%202026/%E6%8A%A5%E5%91%8A.bin`, { method: 'PUT', data: body });
  expect(put.status()).toBe(201);

  const listing = await dav.fetch(`${base}/Reports%202026/`, { method: 'PROPFIND', headers: { Depth: '1' } });
  expect(listing.status()).toBe(207);
  const xml = await listing.text();
  expect(xml).toContain('%E6%8A%A5%E5%91%8A.bin');
  expect(xml).toContain(`<D:getcontentlength>${body.length}</D:getcontentlength>`);

  const whole = await dav.get(`${base}/Reports%202026/%E6%8A%A5%E5%91%8A.bin`);
  expect(whole.status()).toBe(200);
  expect(
    createHash('sha256')
      .update(await whole.body())
      .digest('hex'),
  ).toBe(createHash('sha256').update(body).digest('hex'));
  const part = await dav.get(`${base}/Reports%202026/%E6%8A%A5%E5%91%8A.bin`, { headers: { Range: 'bytes=997-1993' } });
  expect(part.status()).toBe(206);
  expect(Buffer.compare(await part.body(), body.subarray(997, 1994))).toBe(0);

  // The Destination names the gateway's own origin, as a client connected to it sends it.
  const copy = await dav.fetch(`${base}/Reports%202026/%E6%8A%A5%E5%91%8A.bin`, {
    method: 'COPY',
    headers: { Destination: `${ORIGIN}${base}/copy.bin` },
  });
  expect(copy.status()).toBe(201);
  expect((await dav.fetch(`${base}/copy.bin`, { method: 'HEAD' })).headers()['content-length']).toBe(String(body.length));

  expect((await dav.fetch(`${base}/Reports%202026/`, { method: 'DELETE' })).status()).toBe(204);
  expect((await dav.fetch(`${base}/Reports%202026/`, { method: 'PROPFIND', headers: { Depth: '0' } })).status()).toBe(404);
});
