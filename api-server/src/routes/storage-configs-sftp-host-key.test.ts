import { seedApiKey } from '../testing/seed';
import { freePort, startSshd, type SshdHandle } from '../testing/sshd-server';
import { apiKeyHeader, bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from '../testing/test-app';
import { okEnvelope } from '../testing/expectations';

/**
 * POST /api/s3-configs/sftp-host-key (issue 38) against a real OpenSSH server: the fingerprint the
 * admin compares with `ssh-keygen -l` before pinning it, and the errors of a bad or silent endpoint.
 */

jest.setTimeout(60_000);

describe('POST /api/s3-configs/sftp-host-key', () => {
  let t: TestApp;
  let sshd: SshdHandle;
  let admin: Record<string, string>;

  beforeAll(async () => {
    [t, sshd] = await Promise.all([createTestApp(), startSshd()]);
    admin = bearer(await loginAsAdmin(t.app));
  });

  afterAll(async () => {
    await Promise.all([t.close(), sshd.stop()]);
    removeTempDir(t.dataDir);
  });

  const probe = (endpoint_url: unknown, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: '/api/s3-configs/sftp-host-key', headers, payload: { endpoint_url } });

  it('answers the fingerprint ssh-keygen -l prints for the server host key, and its type', async () => {
    const response = await probe(`sftp://${sshd.host}:${sshd.port}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      okEnvelope({ endpoint_url: `sftp://${sshd.host}:${sshd.port}`, host_key_sha256: sshd.hostKeySha256, key_type: 'ssh-ed25519' }),
    );
  });

  it('takes host:port without the scheme and answers it normalised', async () => {
    const response = await probe(` ${sshd.host}:${sshd.port} `);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.endpoint_url).toBe(`sftp://${sshd.host}:${sshd.port}`);
  });

  it('the fetched fingerprint, once pinned, lets a config connect (connection test reads)', async () => {
    const fetched = (await probe(`sftp://${sshd.host}:${sshd.port}`)).json().data.host_key_sha256 as string;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/s3-configs',
      headers: admin,
      payload: {
        name: 'ssh box',
        provider_type: 'SFTP',
        endpoint_url: `sftp://${sshd.host}:${sshd.port}`,
        access_key_id: sshd.username,
        secret_access_key: sshd.privateKey,
        bucket_name: sshd.dataDir,
        host_key_sha256: fetched,
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as string;
    const shown = await t.app.inject({ method: 'GET', url: `/api/s3-configs/${id}`, headers: admin });
    expect(shown.json().data.host_key_sha256).toBe(sshd.hostKeySha256);
    const tested = await t.app.inject({ method: 'POST', url: `/api/s3-configs/${id}/test`, headers: admin });
    expect(tested.json().data.result.read.success).toBe(true);
  });

  it('refuses an endpoint that is not sftp://host:port with 400', async () => {
    for (const endpoint of ['http://example.org', '', 'sftp://', 'sftp://host:99999', 42]) {
      const response = await probe(endpoint);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, success: false });
    }
  });

  it('is for admins only: 403 for an API key and anonymous callers', async () => {
    const key = await seedApiKey(t.container.repositories.apiKeys, { file: true });
    expect((await probe(`sftp://${sshd.host}:${sshd.port}`, apiKeyHeader(key.key))).statusCode).toBe(403);
    expect((await probe(`sftp://${sshd.host}:${sshd.port}`, {})).statusCode).toBe(403);
  });

  it('answers 502 naming the endpoint when nothing listens there', async () => {
    const port = await freePort();
    const response = await probe(`sftp://127.0.0.1:${port}`, { ...admin, 'accept-language': 'en-US' });
    expect(response.statusCode).toBe(502);
    const body = response.json();
    expect(body).toMatchObject({ code: 502, success: false, data: null });
    expect(body.message).toContain(`sftp://127.0.0.1:${port}`);
    expect(body.message).toMatch(/ECONNREFUSED/);
  });

  it('answers 504 when the server accepts the connection but never speaks SSH', async () => {
    sshd.pause();
    try {
      const response = await probe(`sftp://${sshd.host}:${sshd.port}`, { ...admin, 'accept-language': 'en-US' });
      expect(response.statusCode).toBe(504);
      expect(response.json().message).toBe(
        `The SFTP server sftp://${sshd.host}:${sshd.port} did not answer within 10 s; no host key was fetched`,
      );
    } finally {
      sshd.resume();
    }
  });
});
