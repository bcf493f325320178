import type { InjectOptions } from 'fastify';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { startRcloneWebDav, type RcloneWebDavHandle } from '../testing/rclone-webdav-server';
import { createSftpConfig, createWebDavConfig } from '../testing/remote-storage-configs';
import { startSshd, type SshdHandle } from '../testing/sshd-server';
import { bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

/** Short driver timeouts (BuildAppOptions.storageTimeouts, STORAGE_*_TIMEOUT_MS in production). */
const TIMEOUTS = { connectMs: 1_500, responseMs: 1_500 };
const UNAVAILABLE = 'The storage cannot be reached; try again later';
const EN = { 'accept-language': 'en-US' };

/**
 * A TCP front for a WebDAV server that can turn into a server that accepts connections and never
 * answers: `swallow()` stops forwarding on the open connections (the driver's pooled ones) and
 * leaves every new connection unanswered.
 */
interface SwallowingFront {
  url: string;
  swallow(): void;
  stop(): Promise<void>;
}

async function startSwallowingFront(target: URL): Promise<SwallowingFront> {
  let swallowing = false;
  const sockets = new Set<Socket>();
  const forwarded = new Map<Socket, Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    client.on('close', () => {
      sockets.delete(client);
      forwarded.get(client)?.destroy();
      forwarded.delete(client);
    });
    if (swallowing) return;
    const upstream = connect(Number(target.port), target.hostname);
    upstream.on('error', () => client.destroy());
    forwarded.set(client, upstream);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    swallow() {
      swallowing = true;
      for (const [client, upstream] of forwarded) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        upstream.destroy();
      }
      forwarded.clear();
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A WebDAV or SFTP storage that stops answering: the explorer's list and get and a file share's
 * download answer 503 with the storage-unavailable message once the driver's timeouts run out,
 * instead of hanging. The share's page needs no storage and still answers.
 */
describe.each(['webdav', 'sftp'] as const)('a %s storage that stops answering', (kind) => {
  let rclone: RcloneWebDavHandle | undefined;
  let front: SwallowingFront | undefined;
  let sshd: SshdHandle | undefined;
  let t: TestApp;
  let admin: Record<string, string>;

  beforeEach(async () => {
    if (kind === 'webdav') {
      rclone = await startRcloneWebDav();
      front = await startSwallowingFront(new URL(rclone.url));
    } else sshd = await startSshd();
    t = await createTestApp({ storageTimeouts: TIMEOUTS });
    admin = bearer(await loginAsAdmin(t.app));
    const configId =
      rclone && front
        ? await createWebDavConfig(t.app, admin, { ...rclone, url: front.url })
        : sshd
          ? await createSftpConfig(t.app, admin, sshd)
          : '';
    const inject = async (options: InjectOptions, what: string) => {
      const response = await t.app.inject(options);
      if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
      return response;
    };
    await inject({ method: 'PUT', url: `/api/s3-configs/${configId}/set-default`, headers: admin }, 'set-default');
    await inject(
      {
        method: 'POST',
        url: '/api/admin/mounts',
        headers: admin,
        payload: { name: 'm', storage_type: 'S3', storage_config_id: configId, mount_path: '/m' },
      },
      'mount',
    );
    await inject({ method: 'PUT', url: '/api/upload-direct/shared.txt?slug=stalled', headers: admin, payload: 'shared bytes' }, 'share');
    const config = await t.container.repositories.storageConfigs.findById(configId);
    if (!config) throw new Error('no config');
    await t.container.storage.driverFor(config).putObject('docs/a.txt', 'explorer bytes', { contentType: 'text/plain' });
  });

  afterEach(async () => {
    sshd?.resume();
    await t.close();
    removeTempDir(t.dataDir);
    await front?.stop();
    await rclone?.stop();
    await sshd?.stop();
    front = undefined;
    rclone = undefined;
    sshd = undefined;
  });

  function stall(): void {
    if (front) front.swallow();
    else sshd?.pause();
  }

  it('works while the server answers (the same requests as below)', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/fs/list?path=%2Fm%2Fdocs%2F', headers: admin });
    expect(list.statusCode).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: '/api/file-download/stalled' });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('shared bytes');
  });

  it('fs/list answers 503 storage unavailable', async () => {
    stall();
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/fs/list?path=%2Fm%2Fdocs%2F', headers: { ...admin, ...EN } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, message: UNAVAILABLE });
  });

  it('fs/get answers 503 storage unavailable', async () => {
    stall();
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/fs/get?path=%2Fm%2Fdocs%2Fa.txt', headers: { ...admin, ...EN } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, message: UNAVAILABLE });
  });

  it("a share's download answers 503 storage unavailable; its page still answers", async () => {
    stall();
    const download = await t.app.inject({ method: 'GET', url: '/api/file-download/stalled', headers: EN });
    expect(download.statusCode).toBe(503);
    expect(download.body).toBe(UNAVAILABLE);
    const page = await t.app.inject({ method: 'GET', url: '/api/public/files/stalled', headers: EN });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ data: { slug: 'stalled', filename: 'shared.txt' } });
  });
});
