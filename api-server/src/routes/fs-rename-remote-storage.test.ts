import { statSync } from 'node:fs';
import path from 'node:path';
import type { StorageDriver } from '../storage/storage-driver';
import { startRcloneWebDav, type RcloneWebDavHandle } from '../testing/rclone-webdav-server';
import { createSftpConfig, createWebDavConfig } from '../testing/remote-storage-configs';
import { startSshd, type SshdHandle } from '../testing/sshd-server';
import { bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from '../testing/test-app';

jest.setTimeout(90_000);

/**
 * POST /api/admin/fs/rename on WebDAV and SFTP mounts: the drivers' server-side move (WebDAV MOVE,
 * SFTP rename) keeps the bytes, the content type and the user metadata. The file on the server's
 * disk keeps its inode, which a copy + delete would not.
 */
describe.each(['webdav', 'sftp'] as const)('fs rename on a %s mount', (kind) => {
  let webdav: RcloneWebDavHandle | undefined;
  let sshd: SshdHandle | undefined;
  let t: TestApp;
  let admin: Record<string, string>;
  let driver: StorageDriver;
  /** The folder on the storage server's disk holding the mount's objects. */
  let diskRoot: string;

  beforeAll(async () => {
    if (kind === 'webdav') webdav = await startRcloneWebDav();
    else sshd = await startSshd();
  });

  afterAll(async () => {
    await webdav?.stop();
    await sshd?.stop();
  });

  beforeEach(async () => {
    t = await createTestApp();
    admin = bearer(await loginAsAdmin(t.app));
    const folder = `run-${Date.now()}`;
    let configId: string;
    if (webdav) {
      configId = await createWebDavConfig(t.app, admin, webdav, folder);
      diskRoot = path.join(webdav.rootDir, folder);
    } else if (sshd) {
      configId = await createSftpConfig(t.app, admin, sshd, folder);
      diskRoot = path.join(sshd.dataDir, folder);
    } else throw new Error('no server');
    const config = await t.container.repositories.storageConfigs.findById(configId);
    if (!config) throw new Error('no config');
    driver = t.container.storage.driverFor(config);
    const mounted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mounts',
      headers: admin,
      payload: { name: 'm', storage_type: 'S3', storage_config_id: configId, mount_path: '/m' },
    });
    expect(mounted.statusCode).toBe(200);
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  async function text(key: string): Promise<string> {
    const object = await driver.getObject(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function rename(oldPath: string, newPath: string) {
    return t.app.inject({ method: 'POST', url: '/api/admin/fs/rename', headers: admin, payload: { oldPath, newPath } });
  }

  async function listed(folder: string): Promise<string[]> {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/fs/list?path=${encodeURIComponent(folder)}`, headers: admin });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { items: Array<{ name: string }> } }).data.items.map((item) => item.name).sort();
  }

  const stored = { contentType: 'application/x-cloudclip-test', metadata: { origin: 'rename-test' }, contentDisposition: 'inline' };

  it('moves a file server-side, keeping its bytes, content type and metadata', async () => {
    await driver.putObject('docs/', Buffer.alloc(0), { contentType: 'application/x-directory' });
    await driver.putObject('docs/old.bin', 'the content of the file', stored);
    const inode = statSync(path.join(diskRoot, 'docs', 'old.bin')).ino;

    expect((await rename('/m/docs/old.bin', '/m/docs/new.bin')).statusCode).toBe(200);

    expect(await driver.headObject('docs/old.bin')).toBeNull();
    expect(await text('docs/new.bin')).toBe('the content of the file');
    expect(await driver.headObject('docs/new.bin')).toMatchObject({
      size: 23,
      contentType: stored.contentType,
      contentDisposition: 'inline',
      metadata: { origin: 'rename-test' },
    });
    expect(statSync(path.join(diskRoot, 'docs', 'new.bin')).ino).toBe(inode);
    expect(await listed('/m/docs/')).toEqual(['new.bin']);
  });

  it('moves a folder with everything in it, each file server-side with its metadata', async () => {
    await driver.putObject('src/', Buffer.alloc(0), { contentType: 'application/x-directory' });
    await driver.putObject('src/a.txt', 'a', stored);
    await driver.putObject('src/deep/b.txt', 'bb', { contentType: 'text/plain', metadata: { n: '2' } });
    const inode = statSync(path.join(diskRoot, 'src', 'deep', 'b.txt')).ino;

    expect((await rename('/m/src/', '/m/dst/')).statusCode).toBe(200);

    expect((await driver.listObjects({ prefix: 'src/' })).objects).toEqual([]);
    expect(await text('dst/a.txt')).toBe('a');
    expect(await text('dst/deep/b.txt')).toBe('bb');
    expect(await driver.headObject('dst/a.txt')).toMatchObject({ contentType: stored.contentType, metadata: { origin: 'rename-test' } });
    expect(await driver.headObject('dst/deep/b.txt')).toMatchObject({ contentType: 'text/plain', metadata: { n: '2' } });
    expect(statSync(path.join(diskRoot, 'dst', 'deep', 'b.txt')).ino).toBe(inode);
    expect(await listed('/m/')).toEqual(['dst']);
  });
});
