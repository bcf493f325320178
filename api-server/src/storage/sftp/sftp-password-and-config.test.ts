import { generateKeyPairSync, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Server } from 'ssh2';
import { adminAppForSuite, type TestApp } from '../../testing/test-app';
import { isStorageError } from '../storage-driver';
import { openSftpSession } from './sftp-connection';
import { hostKeyFingerprint, probeHostKeyFingerprint } from './sftp-host-key';

/**
 * Password auth against ssh2's own Server in-process (sshd started as a test user cannot check a
 * password: that needs root and PAM or a shadow entry), and the SFTP fields of /api/s3-configs.
 */

jest.setTimeout(30_000);

describe('SFTP password auth (ssh2 Server in-process)', () => {
  let server: Server;
  let port: number;
  let fingerprint: string;

  beforeAll(async () => {
    const hostKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs1' }).toString();
    server = new Server({ hostKeys: [hostKey] }, (client) => {
      client.on('authentication', (ctx) => {
        const ok =
          ctx.method === 'password' &&
          ctx.username === 'alice' &&
          ctx.password.length === 'secret'.length &&
          timingSafeEqual(Buffer.from(ctx.password), Buffer.from('secret'));
        if (ok) ctx.accept();
        else ctx.reject(['password']);
      });
      client.on('ready', () => {
        client.on('session', (accept) => {
          const session = accept();
          session.on('sftp', (acceptSftp) => {
            acceptSftp();
          });
        });
      });
      client.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // The fingerprint the client computes is the one it must be configured with.
    fingerprint = await probeHostKeyFingerprint({ host: '127.0.0.1', port });
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('opens an SFTP session with the right password and refuses a wrong one', async () => {
    const session = await openSftpSession({ host: '127.0.0.1', port, username: 'alice', secret: 'secret', hostKeySha256: fingerprint });
    expect(session.closed).toBe(false);
    session.client.end();
    const error = await openSftpSession({ host: '127.0.0.1', port, username: 'alice', secret: 'wrong', hostKeySha256: fingerprint }).catch(
      (caught: unknown) => caught,
    );
    expect(isStorageError(error, 'AccessDenied')).toBe(true);
    expect((error as Error).message).toMatch(/authentication failed/);
  });
});

describe('/api/s3-configs with provider_type SFTP', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const good = hostKeyFingerprint(Buffer.from('some host key'));

  adminAppForSuite((app, admin) => {
    t = app;
    headers = admin;
  });

  const payload = (overrides: Record<string, unknown> = {}) => ({
    name: 'box',
    provider_type: 'SFTP',
    endpoint_url: 'sftp://files.example.org:2222',
    bucket_name: '',
    access_key_id: 'alice',
    secret_access_key: 'secret',
    host_key_sha256: `${good}=`,
    ...overrides,
  });

  it('creates an sftp config with a normalised fingerprint, shown to the admin, and validates the SFTP fields', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/s3-configs', headers, payload: payload() });
    expect(created.statusCode).toBeLessThan(300);
    const id = (created.json() as { data: { id: string; driver: string } }).data.id;
    expect((created.json() as { data: { driver: string } }).data.driver).toBe('sftp');
    const shown = await t.app.inject({ method: 'GET', url: `/api/s3-configs/${id}`, headers });
    expect(shown.json()).toMatchObject({ data: { driver: 'sftp', endpoint_url: 'sftp://files.example.org:2222', host_key_sha256: good } });
    expect(shown.body).not.toContain('secret');

    // A host key that is not SHA256:…, an endpoint that is not sftp://, a missing user name.
    for (const wrong of [{ host_key_sha256: 'MD5:aa:bb' }, { endpoint_url: 'https://x' }, { access_key_id: '' }]) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/s3-configs', headers, payload: payload(wrong) });
      expect(refused.statusCode).toBe(400);
    }

    const updated = await t.app.inject({ method: 'PUT', url: `/api/s3-configs/${id}`, headers, payload: { host_key_sha256: null } });
    expect(updated.statusCode).toBeLessThan(300);
    const after = await t.app.inject({ method: 'GET', url: `/api/s3-configs/${id}`, headers });
    expect((after.json() as { data: { host_key_sha256: unknown } }).data.host_key_sha256).toBeNull();
  });
});
