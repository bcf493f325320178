import { createS3ConfigsApi } from './s3-configs';
import { API_KEY, BASE, createHarness, envelope } from './test-harness';

const config = {
  id: 'c1',
  name: 'R2',
  provider_type: 'Cloudflare R2',
  endpoint_url: 'https://r2.example',
  bucket_name: 'b',
  region: '',
  path_style: 0,
  default_folder: '',
  is_default: 1,
  total_storage_bytes: 10737418240,
  custom_host: null,
  signature_expires_in: 3600,
  created_at: '2025-07-01 08:00:00',
  updated_at: '2025-07-01 08:00:00',
};

describe('s3-configs endpoints', () => {
  it('lists configs with GET /api/s3-configs for a key holder', async () => {
    const h = createHarness('apiKey');
    h.reply(envelope([config]));
    const list = await createS3ConfigsApi(h.client).list();
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/s3-configs` });
    expect(h.last().headers.Authorization).toBe(`ApiKey ${API_KEY}`);
    expect(list).toEqual([config]);
  });

  it('creates a config and accepts body code 201', async () => {
    const h = createHarness('admin');
    h.reply({ body: { code: 201, message: 'created', success: true, data: { ...config, path_style: false, is_public: true } } });
    const body = {
      name: 'R2',
      provider_type: 'Cloudflare R2',
      endpoint_url: 'https://r2.example',
      bucket_name: 'b',
      access_key_id: 'AK',
      secret_access_key: 'SK',
      is_public: true,
    };
    const created = await createS3ConfigsApi(h.client).create(body);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/s3-configs`, body });
    expect(created.is_public).toBe(true);
  });

  it('gets, updates, sets default and deletes by id', async () => {
    const h = createHarness('admin');
    const api = createS3ConfigsApi(h.client);
    h.reply(envelope(config));
    await api.get('c1');
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/s3-configs/c1` });
    await api.update('c1', { name: 'renamed', total_storage_bytes: null });
    expect(h.last()).toMatchObject({
      method: 'PUT',
      url: `${BASE}/api/s3-configs/c1`,
      body: { name: 'renamed', total_storage_bytes: null },
    });
    await api.setDefault('c1');
    expect(h.last()).toMatchObject({ method: 'PUT', url: `${BASE}/api/s3-configs/c1/set-default`, body: undefined });
    await api.remove('c1');
    expect(h.last()).toMatchObject({ method: 'DELETE', url: `${BASE}/api/s3-configs/c1` });
  });

  it('returns the test result structure from POST /api/s3-configs/{id}/test', async () => {
    const h = createHarness('admin');
    const data = { success: false, result: { read: { success: true }, cors: { success: false }, globalNote: 'n' } };
    h.reply(envelope(data));
    const result = await createS3ConfigsApi(h.client).test('c1');
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/s3-configs/c1/test` });
    expect(result).toEqual(data);
  });

  it('returns the failure result when the test answers 500 with a result in data', async () => {
    const h = createHarness('admin');
    const data = { success: false, result: { error: 'boom', stack: 'at x' } };
    h.reply({ status: 500, body: { code: 500, message: '测试失败', success: false, data } });
    await expect(createS3ConfigsApi(h.client).test('c1')).resolves.toEqual(data);
  });

  it('rejects the test when the 500 carries no result', async () => {
    const h = createHarness('admin');
    h.reply({ status: 500, body: { code: 500, message: '配置不存在', success: false, data: null } });
    await expect(createS3ConfigsApi(h.client).test('c1')).rejects.toMatchObject({ status: 500, message: '配置不存在' });
  });

  it('creates a local-disk config with only a name and the Local provider', async () => {
    const h = createHarness('admin');
    h.reply({
      body: {
        code: 201,
        message: 'created',
        success: true,
        data: { ...config, provider_type: 'Local', driver: 'local', bucket_name: 'local' },
      },
    });
    const created = await createS3ConfigsApi(h.client).create({ name: 'Disk', provider_type: 'Local', is_public: true });
    expect(h.last()).toMatchObject({
      method: 'POST',
      url: `${BASE}/api/s3-configs`,
      body: { name: 'Disk', provider_type: 'Local', is_public: true },
    });
    expect(created.driver).toBe('local');
  });

  it('fetches an SFTP host key with POST /api/s3-configs/sftp-host-key', async () => {
    const h = createHarness('admin');
    const data = { endpoint_url: 'sftp://files.example:2222', host_key_sha256: `SHA256:${'a'.repeat(43)}`, key_type: 'ssh-ed25519' };
    h.reply(envelope(data));
    const probed = await createS3ConfigsApi(h.client).probeSftpHostKey('sftp://files.example:2222');
    expect(h.last()).toMatchObject({
      method: 'POST',
      url: `${BASE}/api/s3-configs/sftp-host-key`,
      body: { endpoint_url: 'sftp://files.example:2222' },
    });
    expect(probed).toEqual(data);
  });

  it('rejects the host key probe with the server message when the server cannot be reached', async () => {
    const h = createHarness('admin');
    const message = 'The SFTP server sftp://files.example:22 did not answer within 10 s; no host key was fetched';
    h.reply({ status: 504, body: { code: 504, message, success: false, data: null } });
    await expect(createS3ConfigsApi(h.client).probeSftpHostKey('sftp://files.example:22')).rejects.toMatchObject({ status: 504, message });
  });
});
