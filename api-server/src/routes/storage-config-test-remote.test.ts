import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createSftpConfig, createWebDavConfig } from '../testing/remote-storage-configs';
import { startRcloneWebDav, type RcloneWebDavHandle } from '../testing/rclone-webdav-server';
import { startSshd, type SshdHandle } from '../testing/sshd-server';
import type { StorageTestResult } from '../services/storage-test-service';
import { adminAppForEachTest, type TestApp } from '../testing/test-app';

jest.setTimeout(90_000);

const ORIGIN = 'https://app.example';

/** POST /api/s3-configs/{id}/test on WebDAV (rclone serve webdav) and SFTP (sshd) storage. */
describe('POST /api/s3-configs/{id}/test on WebDAV and SFTP storage', () => {
  let webdav: RcloneWebDavHandle;
  let sshd: SshdHandle;
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    [webdav, sshd] = await Promise.all([startRcloneWebDav(), startSshd()]);
  });

  afterAll(async () => {
    await Promise.all([webdav?.stop(), sshd?.stop()]);
  });

  adminAppForEachTest((app, header) => {
    t = app;
    admin = header;
  });

  async function report(id: string, language = 'en-US') {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/s3-configs/${id}/test`,
      headers: { ...admin, origin: ORIGIN, 'accept-language': language },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { message: string; data: { success: boolean; result: StorageTestResult } };
  }

  /** Files below `dir`, recursively, without the driver's internal sidecar folders. */
  function filesUnder(dir: string): string[] {
    return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Array<{ name: string; isFile(): boolean; parentPath: string }>)
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .filter((name) => !name.split(path.sep).some((segment) => segment.startsWith('.cloudclip')));
  }

  /** Puts kept.txt (12 B) into the config's storage: the test must find it and leave it in place. */
  async function putKeptObject(id: string): Promise<void> {
    const row = await t.container.repositories.storageConfigs.findById(id);
    if (!row) throw new Error('no config');
    await t.container.services.storageConfigs.driverFor(row).putObject('kept.txt', 'already here');
  }

  function expectPassingRemoteReport(data: { success: boolean; result: StorageTestResult }, kind: 'WebDAV' | 'SFTP') {
    const { result } = data;
    expect(data.success).toBe(true);
    expect(result.read).toMatchObject({ success: true, error: null, objectCount: 1 });
    expect(result.read.firstObjects).toEqual([expect.objectContaining({ key: 'kept.txt', size: '12 B' })]);
    expect(result.write).toMatchObject({ success: true, error: null, cleaned: true });
    expect(result.write.note).toMatch(/read it back/);
    // The browser talks to the api-server, not to the WebDAV/SFTP server: the step keeps its keys, skipped.
    expect(result.cors).toMatchObject({ success: true, skipped: true, allowOrigin: ORIGIN, uploadSupported: true });
    expect(result.cors.note).toMatch(new RegExp(`Skipped: browsers never talk to the ${kind} server`));
    expect(result.cors.error).toBeNull();
    expect(result.frontendSim).toMatchObject({ success: true, error: null });
    // The api-server's storage route is the "provider" here: its answer carries the quoted ETag.
    expect(result.frontendSim.steps.step2.providerHeaders).toEqual({ etag: expect.stringMatching(/^".+"$/) });
    expect(result.frontendSim.steps.step1.presignedUrl).toMatch(/^http:\/\/localhost(:80)?\/api\/storage\/local\//);
    expect(result.frontendSim.steps.step3).toMatchObject({ success: true, fileCleaned: true, contentType: 'text/plain' });
    expect(result.ranges).toMatchObject({ success: true, mode: 'native', error: null, cleaned: true });
  }

  it('WebDAV: lists, writes and reads back, uploads through the signed link, checks a byte range, leaves nothing behind', async () => {
    const id = await createWebDavConfig(t.app, admin, webdav, 'report');
    await putKeptObject(id);

    const { data } = await report(id);
    expectPassingRemoteReport(data, 'WebDAV');
    expect(data.result.ranges?.note).toMatch(/honours ranges \(206\)/);
    // rclone serve webdav reports no RFC 4331 quota
    expect(data.result.space).toEqual({ reported: false, totalBytes: null, freeBytes: null, usedBytes: null, error: null });
    expect(filesUnder(path.join(webdav.rootDir, 'report'))).toEqual(['kept.txt']);
  });

  it('WebDAV: reports an emulated range when the server ignores Range (the bytes still checked)', async () => {
    const ignoring = await startRcloneWebDav();
    // A proxy that drops the Range header, as some WebDAV servers ignore it.
    const { createServer, request } = await import('node:http');
    const target = new URL(ignoring.url);
    const proxy = createServer((incoming, outgoing) => {
      const headers = { ...incoming.headers };
      delete headers.range;
      const forwarded = request(
        { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const port = (proxy.address() as { port: number }).port;
      const id = await createWebDavConfig(t.app, admin, { ...ignoring, url: `http://127.0.0.1:${port}/` }, 'ignored');
      const { data } = await report(id);
      expect(data.result.ranges).toMatchObject({ success: true, mode: 'emulated', error: null });
      expect(data.result.ranges?.note).toMatch(/ignored the Range header/);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await ignoring.stop();
    }
  });

  it('WebDAV: a wrong password fails the test with a message that says so, in both languages', async () => {
    const id = await createWebDavConfig(t.app, admin, { ...webdav, password: 'not-the-password' }, 'wrong');
    const english = await report(id);
    expect(english.data.success).toBe(false);
    expect(english.data.result.read.success).toBe(false);
    expect(english.data.result.read.error).toMatch(/^The WebDAV server refused the user name or password: .*HTTP 401/);
    expect(english.data.result.write).toMatchObject({ success: false });
    expect(english.data.result.ranges).toMatchObject({ success: false, error: expect.stringMatching(/refused the user name or password/) });
    const chinese = await report(id, 'zh-CN');
    expect(chinese.data.result.read.error).toMatch(/^WebDAV 服务器拒绝了用户名或密码/);
  });

  it('SFTP: lists, writes and reads back, uploads through the signed link, reads a range natively, leaves nothing behind', async () => {
    const id = await createSftpConfig(t.app, admin, sshd, 'report');
    await putKeptObject(id);

    const { data } = await report(id);
    expectPassingRemoteReport(data, 'SFTP');
    expect(data.result.ranges?.note).toMatch(/natively/);
    // sshd answers statvfs@openssh.com: the disk the base folder is on
    expect(data.result.space).toMatchObject({ reported: true, error: null });
    const space = data.result.space;
    expect(space?.totalBytes).toBeGreaterThan(0);
    expect((space?.freeBytes ?? 0) + (space?.usedBytes ?? 0)).toBe(space?.totalBytes);
    expect(filesUnder(path.join(sshd.dataDir, 'report'))).toEqual(['kept.txt']);
  });

  it('SFTP: a wrong host key fingerprint refuses the connection and the report names the mismatch', async () => {
    const wrong = `SHA256:${'A'.repeat(43)}`;
    const id = await createSftpConfig(t.app, admin, { ...sshd, hostKeySha256: wrong }, 'pinned');
    const { data } = await report(id);
    expect(data.success).toBe(false);
    expect(data.result.read.success).toBe(false);
    expect(data.result.read.error).toMatch(/^The SFTP host key fingerprint does not match/);
    expect(data.result.read.error).toContain(`the server presents ${sshd.hostKeySha256}`);
    expect(data.result.read.error).toContain(`expects ${wrong}`);
    expect(data.result.write.success).toBe(false);
    expect(data.result.read.firstObjects).toEqual([]);
    expect(data.result.frontendSim).toMatchObject({ success: false, error: expect.any(String) });
    // The upload never reached a server: no answer headers.
    expect(data.result.frontendSim.steps.step2.providerHeaders).toEqual({});
    expect(data.result.ranges?.success).toBe(false);
    const chinese = await report(id, 'zh-CN');
    expect(chinese.data.result.read.error).toMatch(/^SFTP 主机密钥指纹不匹配/);
  });
});
