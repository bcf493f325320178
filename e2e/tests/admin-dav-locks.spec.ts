import { request, type APIRequestContext } from '@playwright/test';
import { ADMIN, GATEWAY_PORT } from '../playwright.config';
import { expect, test } from '../support/admin-test';
import { ExplorerApi, uniqueName } from '../support/explorer-api';

/**
 * Issue 41, finding 2: a WebDAV lock that an API key took (Timeout: Infinite) could not be lifted;
 * the admin's writes got 423 until it ran out, a week later. Now the lock lasts at most a day and
 * the admin sees it in mount management and releases it there, through the gateway as `pnpm start`
 * serves it.
 */

test.use({ locale: 'en-US' });

const ORIGIN = `http://127.0.0.1:${GATEWAY_PORT}`;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const LOCK_BODY =
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype>' +
  '<D:owner><D:href>e2e editor</D:href></D:owner></D:lockinfo>';

let explorer: ExplorerApi;
let asKey: APIRequestContext;
let asAdmin: APIRequestContext;

test.afterEach(async () => {
  await asKey?.dispose();
  await asAdmin?.dispose();
  await explorer?.dispose();
});

test("the admin sees a key's WebDAV lock on a mount, releases it after confirming, and can write again", async ({ page, api, admin }) => {
  explorer = await ExplorerApi.admin();
  const mount = await explorer.createLocalMount(`/${uniqueName('locks')}`);
  const keyName = uniqueName('locker');
  const key = await explorer.createKey({ name: keyName, file_permission: true, mount_permission: true });
  asKey = await request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { Authorization: basic(key, key) } });
  asAdmin = await request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { Authorization: basic(ADMIN.username, ADMIN.password) } });

  const file = `/dav${mount.mountPath}/notes.txt`;
  expect((await asKey.fetch(file, { method: 'PUT', data: 'the key’s draft' })).status()).toBe(201);
  const lock = await asKey.fetch(file, {
    method: 'LOCK',
    headers: { Timeout: 'Infinite', 'Content-Type': 'application/xml; charset=utf-8' },
    data: LOCK_BODY,
  });
  expect(lock.status()).toBe(200);
  // Infinite is granted one day, not a week.
  expect(lock.headers()['lock-token']).toMatch(/^<opaquelocktoken:/);
  expect(await lock.text()).toContain('<D:timeout>Second-86400</D:timeout>');
  expect((await asAdmin.fetch(file, { method: 'PUT', data: 'the admin’s text' })).status()).toBe(423);

  await admin.gotoAsAdmin(api.token, '/admin/mount-management');
  await admin.row(mount.mountPath.slice(1)).getByTestId('mount-locks-open').click();
  const drawer = page.getByTestId('mount-locks');
  await expect(drawer.getByTestId('lock-path')).toContainText('notes.txt');
  await expect(drawer.getByTestId('lock-holder')).toContainText(keyName);
  await expect(drawer.getByTestId('lock-owner')).toContainText('e2e editor');

  await drawer.getByTestId('lock-release').click();
  await admin.confirm();
  await expect(admin.toast('Lock released')).toBeVisible();
  await expect(drawer).toContainText('No WebDAV locks are active in this mount');

  const write = await asAdmin.fetch(file, { method: 'PUT', data: 'the admin’s text' });
  expect([200, 201, 204]).toContain(write.status());
  expect((await asAdmin.get(file)).status()).toBe(200);
  expect(await (await asAdmin.get(file)).text()).toBe('the admin’s text');
});
