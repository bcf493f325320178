import { adminAppForSuite, type TestApp } from '../../testing/test-app';

/** POST/PUT /api/s3-configs with `provider_type: "WebDAV"` (issue 38): validation and the stored shape. */

let t: TestApp;
let auth: { authorization: string };

adminAppForSuite((app, admin) => {
  t = app;
  auth = admin;
});

const base = {
  name: 'NAS',
  provider_type: 'WebDAV',
  endpoint_url: 'https://nas.example/remote.php/dav/files/me/',
  access_key_id: 'me',
  secret_access_key: 'secret',
};

describe('WebDAV storage configs', () => {
  it('creates one with an empty base folder, reports driver webdav and never returns the password', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/s3-configs', headers: auth, payload: { ...base, bucket_name: '' } });
    expect(created.statusCode).toBeLessThan(300);
    const data = (created.json() as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ provider_type: 'WebDAV', driver: 'webdav', bucket_name: '' });
    expect(JSON.stringify(data)).not.toContain('secret');
    const row = await t.container.repositories.storageConfigs.findById(data.id as string);
    expect(row?.secret_access_key_sealed).not.toContain('secret');

    // An update that clears the base folder keeps it empty (it does not become the local driver's "local").
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/s3-configs/${String(data.id)}`,
      headers: auth,
      payload: { bucket_name: '' },
    });
    expect(updated.statusCode).toBeLessThan(300);
    expect((await t.container.repositories.storageConfigs.findById(data.id as string))?.bucket_name).toBe('');
  });

  it('requires the URL, the user and the password', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/s3-configs',
      headers: auth,
      payload: { name: 'NAS', provider_type: 'webdav' },
    });
    expect(missing.statusCode).toBe(400);
    for (const field of ['endpoint_url', 'access_key_id', 'secret_access_key']) expect(missing.body).toContain(field);
    expect(missing.body).not.toContain('bucket_name');
  });
});
