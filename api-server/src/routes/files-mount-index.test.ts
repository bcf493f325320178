import type { FsSearchData } from '@cloudclip/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createShareContext, putToPresignedUrl, type ShareTestContext } from '../testing/file-share-helpers';
import { formBody } from '../testing/fs-test-kit';
import { bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir } from '../testing/test-app';

/**
 * File shares write into storage configs that mounts may show (a mount's root is its bucket's root):
 * what a share stores or deletes reaches every mount of its config at once — the mount index
 * (GET …/fs/search) and the cached listings (GET …/fs/list) — as a write through the fs API does.
 */

type Headers = Record<string, string>;

function data<T>(response: LightMyRequestResponse): T {
  if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

describe('file shares and the mounts showing their storage', () => {
  let c: ShareTestContext;
  let mountId: string;

  async function mount(mountPath: string, configId = c.config.id): Promise<string> {
    const response = await c.inject({
      method: 'POST',
      url: '/api/admin/mounts',
      headers: c.admin,
      payload: { name: `mount ${mountPath}`, storage_type: 'S3', storage_config_id: configId, mount_path: mountPath },
    });
    return data<{ id: string }>(response).id;
  }

  async function search(headers: Headers, query: string): Promise<string[]> {
    const scope = headers === c.admin ? 'admin' : 'user';
    const response = await c.inject({ method: 'GET', url: `/api/${scope}/fs/search?q=${encodeURIComponent(query)}`, headers });
    return data<FsSearchData>(response).items.map((item) => item.path);
  }

  async function listing(path: string): Promise<string[]> {
    const response = await c.inject({ method: 'GET', url: `/api/admin/fs/list?path=${encodeURIComponent(path)}`, headers: c.admin });
    return data<{ items: Array<{ name: string }> }>(response).items.map((item) => item.name);
  }

  /** The index's keys of a mount. */
  async function indexed(id: string): Promise<string[]> {
    const rows = await c.t.container.db.selectFrom('mount_entries').select('path').where('mount_id', '=', id).execute();
    return rows.map((row) => row.path).sort();
  }

  /** PUT /api/upload-direct as `headers`; the share's id and object key. */
  async function uploadDirect(filename: string, query: string, headers: Headers = c.admin): Promise<{ id: string; key: string }> {
    const response = await c.inject({
      method: 'PUT',
      url: `/api/upload-direct/${encodeURIComponent(filename)}?${query}`,
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'share body',
    });
    const { id } = data<{ id: string }>(response);
    const row = await c.t.container.repositories.files.findById(id);
    return { id, key: row?.storage_path ?? '' };
  }

  beforeEach(async () => {
    c = await createShareContext('local');
    mountId = await mount('/m');
    await c.t.container.services.mountIndex.whenIdle();
  });
  afterEach(async () => {
    await c.close();
  });

  it('finds a share uploaded in one request into a mounted storage, in its folder, at once', async () => {
    const { key } = await uploadDirect('quarterly-ledger.txt', `s3_config_id=${c.config.id}&path=docs/2026`);
    expect(key).toMatch(/^docs\/2026\/[a-z0-9]{6}-quarterly-ledger\.txt$/);
    expect(await search(c.admin, 'ledger')).toEqual([`/m/${key}`]);
    expect(await search(c.admin, '2026')).toEqual(['/m/docs/2026/']);
    expect(await indexed(mountId)).toEqual(['docs/', 'docs/2026/', key].sort());
  });

  it('finds a share uploaded through presign, PUT and commit once it is committed, and a form upload', async () => {
    const presigned = await c.inject({
      method: 'POST',
      url: '/api/s3/presign',
      headers: c.admin,
      payload: { s3_config_id: c.config.id, filename: 'presigned-atlas.pdf', size: 5, path: 'maps' },
    });
    const pending = data<{ file_id: string; upload_url: string; storage_path: string; contentType: string }>(presigned);
    expect((await putToPresignedUrl(pending.upload_url, 'atlas', pending.contentType)).status).toBe(200);
    expect(await search(c.admin, 'atlas')).toEqual([]);
    data(await c.inject({ method: 'POST', url: '/api/s3/commit', headers: c.admin, payload: { file_id: pending.file_id } }));
    expect(await search(c.admin, 'atlas')).toEqual([`/m/${pending.storage_path}`]);

    const form = formBody([
      ['s3_config_id', c.config.id],
      ['path', 'maps'],
      ['file', 'relief', 'form-atlas.txt'],
    ]);
    const uploaded = data<{ id: string }>(
      await c.inject({ method: 'POST', url: '/api/upload', headers: { ...c.admin, ...form.headers }, payload: form.payload }),
    );
    const formKey = (await c.t.container.repositories.files.findById(uploaded.id))?.storage_path;
    expect(await search(c.admin, 'atlas')).toEqual([`/m/${formKey}`, `/m/${pending.storage_path}`].sort());
  });

  it('finds a share imported from a URL once it is committed, and forgets a cancelled import', async () => {
    const presign = (filename: string) =>
      c.inject({
        method: 'POST',
        url: '/api/url/presign',
        headers: c.admin,
        payload: {
          url: 'https://example.invalid/source',
          s3_config_id: c.config.id,
          metadata: { filename, contentType: 'text/plain', size: 4 },
        },
      });
    const imported = data<{ file_id: string; upload_url: string; storage_path: string }>(await presign('imported-harbour.txt'));
    await putToPresignedUrl(imported.upload_url, 'port', 'text/plain');
    data(await c.inject({ method: 'POST', url: '/api/url/commit', headers: c.admin, payload: { file_id: imported.file_id } }));
    expect(await search(c.admin, 'harbour')).toEqual([`/m/${imported.storage_path}`]);

    // An object the crawl saw before the import was cancelled: the cancel removes it from the index too.
    const cancelled = data<{ file_id: string; upload_url: string; storage_path: string }>(await presign('cancelled-harbour.txt'));
    await putToPresignedUrl(cancelled.upload_url, 'gone', 'text/plain');
    data(await c.inject({ method: 'POST', url: `/api/admin/mounts/${mountId}/index/rebuild`, headers: c.admin }));
    await c.t.container.services.mountIndex.whenIdle();
    expect(await search(c.admin, 'cancelled')).toEqual([`/m/${cancelled.storage_path}`]);
    data(await c.inject({ method: 'POST', url: '/api/url/cancel', headers: c.admin, payload: { file_id: cancelled.file_id } }));
    expect(await search(c.admin, 'harbour')).toEqual([`/m/${imported.storage_path}`]);
  });

  it("lets a key find its own share through its mount search, within the key's basic path only", async () => {
    const key = await c.key({ basicPath: '/m/team' });
    const own = await uploadDirect('team-minutes.txt', `s3_config_id=${c.config.id}`, key.headers);
    expect(own.key).toMatch(/^team\/[a-z0-9]{6}-team-minutes\.txt$/);
    const outside = await uploadDirect('board-minutes.txt', `s3_config_id=${c.config.id}&path=board`);
    expect(await search(key.headers, 'minutes')).toEqual([`/m/${own.key}`]);
    expect(await search(c.admin, 'minutes')).toEqual([`/m/${outside.key}`, `/m/${own.key}`]);
  });

  it('forgets a deleted share: admin and key deletions, and a share removed when found expired', async () => {
    const byAdmin = await uploadDirect('admin-deleted.txt', `s3_config_id=${c.config.id}`);
    const key = await c.key({ basicPath: '/m/team' });
    const byKey = await uploadDirect('key-deleted.txt', `s3_config_id=${c.config.id}`, key.headers);
    const expiring = await uploadDirect('expired-deleted.txt', `s3_config_id=${c.config.id}`);
    const kept = await uploadDirect('kept-deleted.txt', `s3_config_id=${c.config.id}`);
    expect(await search(c.admin, 'deleted')).toHaveLength(4);

    data(await c.inject({ method: 'DELETE', url: `/api/admin/files/${byAdmin.id}`, headers: c.admin }));
    data(await c.inject({ method: 'DELETE', url: `/api/user/files/${byKey.id}`, headers: key.headers }));
    const past = new Date(Date.now() - 60_000).toISOString();
    data(await c.inject({ method: 'PUT', url: `/api/admin/files/${expiring.id}`, headers: c.admin, payload: { expires_at: past } }));
    const slug = (await c.t.container.repositories.files.findById(expiring.id))?.slug ?? '';
    expect((await c.inject({ method: 'GET', url: `/api/file-download/${slug}` })).statusCode).toBe(410);

    expect(await search(c.admin, 'deleted')).toEqual([`/m/${kept.key}`]);
    expect(await search(key.headers, 'deleted')).toEqual([]);
    // team/ held only the key's share: gone from the storage, and from the index.
    expect(await indexed(mountId)).toEqual([kept.key]);
  });

  it('forgets the folders a deletion left empty, and only those', async () => {
    const deep = await uploadDirect('deep.txt', `s3_config_id=${c.config.id}&path=docs/2026`);
    const shallow = await uploadDirect('shallow.txt', `s3_config_id=${c.config.id}&path=docs`);
    data(await c.inject({ method: 'DELETE', url: `/api/admin/files/${deep.id}`, headers: c.admin }));
    expect(await indexed(mountId)).toEqual(['docs/', shallow.key]);
    expect(await search(c.admin, 'docs')).toEqual(['/m/docs/']);
    data(await c.inject({ method: 'DELETE', url: `/api/admin/files/${shallow.id}`, headers: c.admin }));
    expect(await indexed(mountId)).toEqual([]);
  });

  it("drops the mounts' cached listings, so an upload and a deletion show in the explorer at once", async () => {
    expect(await listing('/m/')).toEqual([]);
    const share = await uploadDirect('listed.txt', `s3_config_id=${c.config.id}`);
    const name = share.key;
    expect(await listing('/m/')).toEqual([name]);
    data(await c.inject({ method: 'DELETE', url: `/api/admin/files/${share.id}`, headers: c.admin }));
    expect(await listing('/m/')).toEqual([]);
  });

  it('tells every mount of the config and leaves other configs’ mounts and unmounted storage alone', async () => {
    const second = await mount('/second');
    const otherConfig = data<{ id: string }>(
      await c.inject({ method: 'POST', url: '/api/s3-configs', headers: c.admin, payload: { name: 'Other disk', provider_type: 'local' } }),
    ).id;
    const unmountedConfig = data<{ id: string }>(
      await c.inject({ method: 'POST', url: '/api/s3-configs', headers: c.admin, payload: { name: 'Loose disk', provider_type: 'local' } }),
    ).id;
    const other = await mount('/other', otherConfig);
    await c.t.container.services.mountIndex.whenIdle();
    expect(await listing('/other/')).toEqual([]);
    const cachedBefore = c.t.container.caches.directory.size;

    const loose = await uploadDirect('loose-share.txt', `s3_config_id=${unmountedConfig}&path=docs`);
    expect(loose.key).toMatch(/^docs\//);
    const entries = await c.t.container.db.selectFrom('mount_entries').select('path').execute();
    expect(entries).toEqual([]);
    expect(c.t.container.caches.directory.size).toBe(cachedBefore);

    const shared = await uploadDirect('both-mounts.txt', `s3_config_id=${c.config.id}`);
    expect(await indexed(mountId)).toEqual([shared.key]);
    expect(await indexed(second)).toEqual([shared.key]);
    expect(await indexed(other)).toEqual([]);
    expect(await search(c.admin, 'share')).toEqual([]);
    expect(await search(c.admin, 'both')).toEqual([`/m/${shared.key}`, `/second/${shared.key}`]);
  });
});

describe('the start-up cleanup of unfinished share uploads and the mounts', () => {
  it('removes the object of a presigned upload never committed from the index of the mount showing it', async () => {
    const dataDir = makeTempDir();
    try {
      const first = await createTestApp({ dataDir });
      let mountId: string;
      try {
        await first.app.listen({ port: 0, host: '127.0.0.1' });
        const address = first.app.server.address();
        if (address === null || typeof address === 'string') throw new Error('no port');
        const admin = { ...bearer(await loginAsAdmin(first.app)), host: `127.0.0.1:${address.port}` };
        const [config] = await first.container.repositories.storageConfigs.listPublic();
        if (!config) throw new Error('no default local storage');
        mountId = data<{ id: string }>(
          await first.app.inject({
            method: 'POST',
            url: '/api/admin/mounts',
            headers: admin,
            payload: { name: 'm', storage_type: 'S3', storage_config_id: config.id, mount_path: '/m' },
          }),
        ).id;
        const pending = data<{ upload_url: string; contentType: string; storage_path: string }>(
          await first.app.inject({
            method: 'POST',
            url: '/api/s3/presign',
            headers: admin,
            payload: { s3_config_id: config.id, filename: 'orphan-upload.txt', size: 6 },
          }),
        );
        const key = pending.storage_path;
        expect((await putToPresignedUrl(pending.upload_url, 'orphan', pending.contentType)).status).toBe(200);
        // A crawl saw the uploaded object before the server stopped.
        data(await first.app.inject({ method: 'POST', url: `/api/admin/mounts/${mountId}/index/rebuild`, headers: admin }));
        await first.container.services.mountIndex.whenIdle();
        const before = await first.container.db.selectFrom('mount_entries').select('path').where('mount_id', '=', mountId).execute();
        expect(before.map((row) => row.path)).toEqual([key]);
      } finally {
        await first.close();
      }

      const second = await createTestApp({ dataDir });
      try {
        const after = await second.container.db.selectFrom('mount_entries').select('path').where('mount_id', '=', mountId).execute();
        expect(after).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      removeTempDir(dataDir);
    }
  });
});
