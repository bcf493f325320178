import type { FsSearchData, MountIndexState } from '@cloudclip/contract';
import type { LightMyRequestResponse } from 'fastify';
import { mapLimit } from '../../lib/map-limit';
import { formBody } from '../../testing/fs-test-kit';
import { changeOnServer, createRemoteConfig, REMOTE_KINDS, remoteServerForSuite } from '../../testing/remote-share-context';
import { bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from '../../testing/test-app';

/**
 * Issue 38: search's mount index crawls a mount on a WebDAV storage (a real `rclone serve webdav`)
 * and on an SFTP storage (a real sshd). The files are written and deleted on the server by another
 * client, behind Cloudclip's back, so only a crawl can know them.
 */

const MANY = 1100;

function data<T>(response: LightMyRequestResponse): T {
  if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

describe.each(REMOTE_KINDS)('the mount index on a %s storage', (kind) => {
  const server = remoteServerForSuite(kind);
  let t: TestApp;
  let admin: Record<string, string>;
  let remoteDir: string;
  let mountId: string;

  /** Another client writes `name` on the server (a file's content: its name). */
  const place = (name: string) => changeOnServer(server(), remoteDir, name, name);

  async function search(query: string): Promise<string[]> {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/fs/search?q=${encodeURIComponent(query)}`, headers: admin });
    return data<FsSearchData>(response)
      .items.map((item) => item.path)
      .sort();
  }

  async function indexed(): Promise<string[]> {
    const rows = await t.container.db.selectFrom('mount_entries').select('path').where('mount_id', '=', mountId).execute();
    return rows.map((row) => row.path).sort();
  }

  /** Rebuild through the admin route and wait for the crawl to end; answers the index state. */
  async function recrawl(): Promise<MountIndexState> {
    data(await t.app.inject({ method: 'POST', url: `/api/admin/mounts/${mountId}/index/rebuild`, headers: admin }));
    await t.container.services.mountIndex.whenIdle();
    return data<MountIndexState>(await t.app.inject({ method: 'GET', url: `/api/admin/mounts/${mountId}/index`, headers: admin }));
  }

  beforeEach(async () => {
    t = await createTestApp();
    admin = bearer(await loginAsAdmin(t.app));
    const config = await createRemoteConfig(t, admin, server());
    remoteDir = config.remoteDir;
    await place('reports/2026/annual-ledger.txt');
    await place('photos/harbour at dusk.jpg');
    await place('top-notes.md');
    await mapLimit(
      Array.from({ length: MANY }, (_, index) => `many/item-${String(index).padStart(4, '0')}.txt`),
      8,
      place,
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mounts',
      headers: admin,
      payload: { name: `${kind} mount`, storage_type: 'S3', storage_config_id: config.id, mount_path: '/m' },
    });
    mountId = data<{ id: string }>(created).id;
    await t.container.services.mountIndex.whenIdle();
  }, 60_000);

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  it('finds the files and folders of the storage by name after the first crawl, every page of a large folder too', async () => {
    const state = data<MountIndexState>(await t.app.inject({ method: 'GET', url: `/api/admin/mounts/${mountId}/index`, headers: admin }));
    expect(state).toMatchObject({ status: 'ready', error: null });
    expect(state.entries).toBe(MANY + 3 + 4);
    expect(await search('ledger')).toEqual(['/m/reports/2026/annual-ledger.txt']);
    expect(await search('harbour')).toEqual(['/m/photos/harbour at dusk.jpg']);
    expect(await search('2026')).toEqual(['/m/reports/2026/']);
    expect(await search('item-1099')).toEqual(['/m/many/item-1099.txt']);
    const entries = await indexed();
    expect(entries.filter((entry) => entry.startsWith('many/item-'))).toHaveLength(MANY);
    expect(entries.filter((entry) => !entry.startsWith('many/item-'))).toEqual([
      'many/',
      'photos/',
      'photos/harbour at dusk.jpg',
      'reports/',
      'reports/2026/',
      'reports/2026/annual-ledger.txt',
      'top-notes.md',
    ]);
  }, 60_000);

  it('forgets a file deleted on the server and learns a new one at the next crawl; the driver’s own files are never indexed', async () => {
    // A write through Cloudclip leaves the driver's metadata on the server beside the file.
    const form = formBody([
      ['path', '/m/'],
      ['file', 'minutes', 'uploaded-minutes.txt'],
    ]);
    data(
      await t.app.inject({ method: 'POST', url: '/api/admin/fs/upload', headers: { ...admin, ...form.headers }, payload: form.payload }),
    );
    expect(await search('minutes')).toEqual(['/m/uploaded-minutes.txt']);
    await t.container.services.mountIndex.whenIdle();

    await changeOnServer(server(), remoteDir, 'reports/2026/annual-ledger.txt', null);
    await place('photos/lighthouse.jpg');
    expect(await search('ledger')).toEqual(['/m/reports/2026/annual-ledger.txt']);
    const state = await recrawl();
    expect(state.status).toBe('ready');
    expect(await search('ledger')).toEqual([]);
    expect(await search('lighthouse')).toEqual(['/m/photos/lighthouse.jpg']);
    expect(await search('minutes')).toEqual(['/m/uploaded-minutes.txt']);
    expect((await indexed()).filter((entry) => entry.includes('.cloudclip'))).toEqual([]);
    expect(await search('cloudclip')).toEqual([]);
  }, 60_000);
});
