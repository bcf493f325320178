import path from 'node:path';
import { verifyArchive } from '../archive-format';
import {
  changeOnServer,
  createRemoteConfig,
  filesBelow,
  REMOTE_KINDS,
  remoteServerForSuite,
  type RemoteServer,
} from '../../testing/remote-share-context';
import { bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from '../../testing/test-app';

/**
 * Issue 38: the backup schedule keeps its archives in a WebDAV storage (a real `rclone serve
 * webdav`) and in an SFTP storage (a real sshd), run through the admin route. The archives and
 * the other files are read on the server's disk, behind the driver's back; the files of others are
 * put there by another client.
 */

interface Run {
  status: string;
  size: number | null;
  location: string | null;
  error: string | null;
}

describe.each(REMOTE_KINDS)('scheduled backups into a %s storage', (kind) => {
  const server = remoteServerForSuite(kind);
  let t: TestApp;
  let now: Date;
  let admin: Record<string, string>;

  beforeEach(async () => {
    now = new Date('2026-11-29T03:04:05.000Z');
    t = await createTestApp({ clock: () => now });
    admin = { ...bearer(await loginAsAdmin(t.app)), 'accept-language': 'en-US' };
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const putSchedule = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/backup/schedule', headers: admin, payload });

  /** POST run (202), then the history once no run is going on any more (the run goes on after the answer). */
  async function runNow(): Promise<Run[]> {
    const started = await t.app.inject({ method: 'POST', url: '/api/admin/backup/run', headers: admin });
    expect(started.statusCode).toBe(202);
    for (;;) {
      const runs = (await t.app.inject({ method: 'GET', url: '/api/admin/backup', headers: admin })).json().data.runs as Run[];
      if (runs.every((run) => run.status !== 'running')) return runs;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('run now writes an archive that verifies into the storage; retention deletes only its own older archives there', async () => {
    const { id, remoteDir } = await createRemoteConfig(t, admin, server());
    const name = (await t.container.repositories.storageConfigs.findById(id))?.name;
    await changeOnServer(server(), remoteDir, 'backups/cloudclip-backup-20200101-000000.tar.gz', 'an older archive of ours');
    await changeOnServer(server(), remoteDir, 'backups/readme.txt', 'not an archive');
    await changeOnServer(server(), remoteDir, 'backups/nested/cloudclip-backup-20190101-000000.tar.gz', 'below the folder');
    await changeOnServer(server(), remoteDir, 'elsewhere/cloudclip-backup-20180101-000000.tar.gz', 'another folder');
    // A file share on the local storage (the default): with objects, its bytes travel in the archive.
    const share = await t.app.inject({ method: 'PUT', url: '/api/upload-direct/in-the-archive.txt', headers: admin, payload: 'shared' });
    expect(share.statusCode).toBe(200);
    expect((await putSchedule({ storageConfigId: id, folder: 'backups', keep: 2, objects: true })).statusCode).toBe(200);

    const first = await runNow();
    const firstKey = 'backups/cloudclip-backup-20261129-030405.tar.gz';
    expect(first).toEqual([expect.objectContaining({ status: 'ok', error: null, location: `${name}:${firstKey}` })]);
    const verified = await verifyArchive(path.join(remoteDir, firstKey));
    expect(verified.manifest.rowCounts.admins).toBe(1);
    expect(verified.manifest.rowCounts.storage_configs).toBe(2);
    expect(verified.manifest.objects.included).toBe(true);
    expect(Object.keys(verified.manifest.parts).filter((part) => part.endsWith('-in-the-archive.txt'))).toHaveLength(1);
    // The objects on the remote storage stay there, and the manifest says so in its own words.
    expect(verified.manifest.objects.skipped).toContainEqual(
      expect.objectContaining({
        storageConfigId: id,
        reason: `objects of ${kind === 'webdav' ? 'WebDAV' : 'SFTP'} storage stay on that server`,
      }),
    );
    const foreign = [
      'backups/cloudclip-backup-20200101-000000.tar.gz',
      'backups/nested/cloudclip-backup-20190101-000000.tar.gz',
      'backups/readme.txt',
      'elsewhere/cloudclip-backup-20180101-000000.tar.gz',
    ];
    const shareFiles = () => filesBelow(remoteDir).filter((file) => !file.startsWith('.cloudclip'));
    expect(shareFiles()).toEqual([firstKey, ...foreign].sort());

    now = new Date('2026-11-29T04:04:05.000Z');
    const second = await runNow();
    expect(second.map((run) => run.status)).toEqual(['ok', 'ok']);
    const secondKey = 'backups/cloudclip-backup-20261129-040405.tar.gz';
    // keep 2: the 2020 archive goes; the foreign file, the archive in a subfolder and the other folder stay.
    expect(shareFiles()).toEqual([firstKey, secondKey, ...foreign.slice(1)].sort());

    now = new Date('2026-11-29T05:04:05.000Z');
    await runNow();
    const thirdKey = 'backups/cloudclip-backup-20261129-050405.tar.gz';
    expect(shareFiles()).toEqual([secondKey, thirdKey, ...foreign.slice(1)].sort());
    expect((await verifyArchive(path.join(remoteDir, thirdKey))).manifest.createdAt).toBe(now.toISOString());
  }, 60_000);

  it('a run into a storage that refuses the connection is recorded as failed and leaves no archive', async () => {
    const handle = server().handle;
    const refused =
      server().kind === 'webdav'
        ? { ...server(), handle: { ...handle, password: 'not-the-password' } }
        : { ...server(), handle: { ...handle, hostKeySha256: `SHA256:${'A'.repeat(43)}` } };
    const { id, remoteDir } = await createRemoteConfig(t, admin, refused as RemoteServer);
    expect((await putSchedule({ storageConfigId: id, folder: 'backups', keep: 2 })).statusCode).toBe(200);
    const [run] = await runNow();
    expect(run).toMatchObject({ status: 'failed', location: null });
    expect(run?.error).toEqual(expect.any(String));
    expect(filesBelow(remoteDir)).toEqual([]);
  }, 60_000);
});
