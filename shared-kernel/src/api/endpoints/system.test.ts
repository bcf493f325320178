import { createSystemApi } from './system';
import { BASE, createHarness, envelope, loginApiKey, offlineClient } from './test-harness';

describe('system endpoints', () => {
  it('reads the settings rows and saves settings with PUT', async () => {
    const h = createHarness('admin');
    const api = createSystemApi(h.client);
    const rows = [{ key: 'max_upload_size', value: '100', description: 'MB', updated_at: '2025-07-01 08:00:00' }];
    h.reply(envelope(rows));
    expect(await api.settings()).toEqual(rows);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/admin/system-settings` });
    await api.updateSettings({ max_upload_size: 200, webdav_upload_mode: 'multipart' });
    expect(h.last()).toMatchObject({
      method: 'PUT',
      url: `${BASE}/api/admin/system-settings`,
      body: { max_upload_size: 200, webdav_upload_mode: 'multipart' },
    });
  });

  it('reads max-upload-size from data.max_upload_size', async () => {
    const h = createHarness();
    h.reply(envelope({ max_upload_size: 250 }));
    expect(await createSystemApi(h.client).maxUploadSize()).toBe(250);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/system/max-upload-size` });
  });

  it('falls back to 100 MB when max-upload-size fails', async () => {
    const h = createHarness();
    h.reply({ status: 500, body: { code: 500, message: 'boom', success: false, data: null } });
    expect(await createSystemApi(h.client).maxUploadSize()).toBe(100);
  });

  it('falls back to 100 MB on a network error or a missing value', async () => {
    const h = createHarness();
    const failing = createSystemApi(offlineClient(h));
    expect(await failing.maxUploadSize()).toBe(100);
    h.reply(envelope({}));
    expect(await createSystemApi(h.client).maxUploadSize()).toBe(100);
  });

  it('reads dashboard stats and cache stats', async () => {
    const h = createHarness('admin');
    const api = createSystemApi(h.client);
    const stats = {
      totalPastes: 1,
      totalFiles: 2,
      totalApiKeys: 0,
      totalS3Configs: 1,
      totalStorageUsed: 5,
      s3Buckets: [],
      lastWeekPastes: [0, 0, 0, 0, 0, 0, 1],
      lastWeekFiles: [0, 0, 0, 0, 0, 0, 2],
    };
    h.reply(envelope(stats));
    expect(await api.dashboardStats()).toEqual(stats);
    expect(h.last().url).toBe(`${BASE}/api/admin/dashboard/stats`);
    h.reply(envelope({ cache: { directory: {}, s3Url: {} }, system: { memory: {}, uptime: 1 }, timestamp: 't' }));
    await api.cacheStats();
    expect(h.last().url).toBe(`${BASE}/api/admin/cache/stats`);
  });

  it('clears the admin cache and the user cache with their bodies', async () => {
    const h = createHarness('admin');
    const api = createSystemApi(h.client);
    h.reply(envelope({ clearedCount: 3, timestamp: '2025-07-01T08:00:00.000Z' }));
    expect(await api.adminClearCache({ mountId: 'm1' })).toEqual({ clearedCount: 3, timestamp: '2025-07-01T08:00:00.000Z' });
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/cache/clear`, body: { mountId: 'm1' } });
    loginApiKey(h);
    h.reply(envelope({ clearedCount: 0, timestamp: 't' }));
    await api.userClearCache();
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/user/cache/clear`, body: {} });
  });

  it('reads the version from data and health from the flat body', async () => {
    const h = createHarness();
    const api = createSystemApi(h.client);
    h.reply(envelope({ version: '0.6.5', name: 'x-api', environment: 'Docker', storage: 'SQLite' }));
    expect((await api.version()).version).toBe('0.6.5');
    expect(h.last().url).toBe(`${BASE}/api/version`);
    h.reply({ body: { status: 'ok', timestamp: '2025-07-01T08:00:00.000Z' } });
    expect(await api.health()).toEqual({ status: 'ok', timestamp: '2025-07-01T08:00:00.000Z' });
    expect(h.last().url).toBe(`${BASE}/api/health`);
  });

  it('lists the features of a backend that offers them, asked without credentials', async () => {
    const h = createHarness('admin');
    h.reply(envelope({ version: '1.0.0', name: 'cloudclip', environment: 'Docker', storage: 'SQLite', features: ['search', 7, 'x'] }));
    expect(await createSystemApi(h.client).features()).toEqual(['search', 'x']);
    expect(h.last().url).toBe(`${BASE}/api/version`);
    expect(h.last().headers.Authorization).toBeUndefined();
  });

  it('lists no features when the version answer has none', async () => {
    const h = createHarness();
    h.reply(envelope({ version: '0.6.5', name: 'x-api', environment: 'Docker', storage: 'SQLite' }));
    expect(await createSystemApi(h.client).features()).toEqual([]);
    h.reply(envelope({ version: '0.6.5', name: 'x-api', environment: 'Docker', storage: 'SQLite', features: 'search' }));
    expect(await createSystemApi(h.client).features()).toEqual([]);
  });

  it('lists no features when the version call fails (404 of an old backend, 500, network error)', async () => {
    const h = createHarness();
    const api = createSystemApi(h.client);
    h.reply({ status: 404, body: { code: 404, message: 'not found', success: false, data: null } });
    expect(await api.features()).toEqual([]);
    h.reply({ status: 500, body: 'boom' });
    expect(await api.features()).toEqual([]);
    const failing = createSystemApi(offlineClient(h));
    expect(await failing.features()).toEqual([]);
  });

  it('saves the guest-paste switch with the other settings', async () => {
    const h = createHarness('admin');
    h.reply(envelope(null));
    await createSystemApi(h.client).updateSettings({ max_upload_size: 100, allow_guest_pastes: true });
    expect(h.last()).toMatchObject({
      method: 'PUT',
      url: `${BASE}/api/admin/system-settings`,
      body: { max_upload_size: 100, allow_guest_pastes: true },
    });
  });
});
