import type { BackupRestoreCheck, BackupRun, BackupSchedule } from '@cloudclip/contract';
import { createBackupApi } from './backup';
import { ADMIN_TOKEN, BASE, createHarness, envelope } from './test-harness';

const schedule: BackupSchedule = {
  enabled: true,
  frequency: 'weekly',
  hour: 4,
  weekday: 1,
  keep: 5,
  storageConfigId: 'c1',
  folder: 'nightly',
  objects: false,
};

const run: BackupRun = {
  id: 'r1',
  trigger: 'manual',
  startedAt: '2026-11-29T03:00:00.000Z',
  finishedAt: null,
  status: 'running',
  size: null,
  location: null,
  error: null,
};

const check: BackupRestoreCheck = {
  checkId: '0123456789abcdef0123456789abcdef',
  manifest: {
    formatVersion: 1,
    schemaVersion: '0014_backup_runs',
    appVersion: '1.0.0',
    createdAt: '2026-11-28T03:00:00.000Z',
    database: 'sqlite',
    rowCounts: { pastes: 3, files: 2 },
    objectCount: 2,
    objectsIncluded: true,
  },
  secretMatches: false,
  schemaMatches: true,
  targetEmpty: true,
};

describe('backup endpoints', () => {
  it('reads the overview with GET /api/admin/backup and the admin token', async () => {
    const h = createHarness('admin');
    const overview = { database: 'postgresql', schedule, lastRun: run, runs: [run] };
    h.reply(envelope(overview));
    const result = await createBackupApi(h.client).overview();
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/admin/backup` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(result).toEqual(overview);
  });

  it('saves the schedule with PUT /api/admin/backup/schedule and returns the saved one', async () => {
    const h = createHarness('admin');
    h.reply(envelope({ ...schedule, folder: 'nightly' }));
    const saved = await createBackupApi(h.client).saveSchedule({ ...schedule, folder: 'nightly/' });
    expect(h.last()).toMatchObject({ method: 'PUT', url: `${BASE}/api/admin/backup/schedule`, body: { ...schedule, folder: 'nightly/' } });
    expect(saved.folder).toBe('nightly');
  });

  it('starts a run with POST /api/admin/backup/run (202) and rejects with the message of a 409', async () => {
    const h = createHarness('admin');
    const api = createBackupApi(h.client);
    h.reply({ status: 202, body: { code: 202, message: 'started', success: true, data: run } });
    await expect(api.runNow()).resolves.toEqual(run);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/backup/run` });
    h.reply({ status: 409, body: { code: 409, message: 'A backup is already running', success: false } });
    await expect(api.runNow()).rejects.toMatchObject({ status: 409, message: 'A backup is already running' });
  });

  it('asks for a download token and turns its url into an address on the API origin', async () => {
    const h = createHarness('admin');
    const api = createBackupApi(h.client);
    h.reply(envelope({ url: '/api/admin/backup/archive?token=t%2B1', expiresAt: '2026-11-29T03:05:00.000Z' }));
    const token = await api.downloadToken(true);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/backup/download-token`, body: { objects: true } });
    expect(api.archiveUrl(token.url)).toBe(`${BASE}/api/admin/backup/archive?token=t%2B1`);
    expect(api.archiveUrl('https://other.example/api/admin/backup/archive?token=x')).toBe(
      'https://other.example/api/admin/backup/archive?token=x',
    );
  });

  it('uploads the archive to POST /api/admin/backup/restore/check as gzip bytes, with progress', async () => {
    const h = createHarness('admin');
    h.xhr.replies.push(envelope(check));
    const progress: Array<number | null> = [];
    const archive = new Blob(['archive bytes'], { type: 'application/gzip' });
    const result = await createBackupApi(h.client).check(archive, { onUploadProgress: (event) => progress.push(event.percent) });
    const xhr = h.xhr.sent[0];
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe(`${BASE}/api/admin/backup/restore/check`);
    expect(xhr?.requestHeaders['Content-Type']).toBe('application/gzip');
    expect(xhr?.requestHeaders.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(xhr?.sentBody).toBe(archive);
    expect(result).toEqual(check);
    expect(progress).toContain(100);
  });

  it('restores a checked archive with POST /api/admin/backup/restore and returns the report', async () => {
    const h = createHarness('admin');
    const report = { inserted: { pastes: 3 }, conflicts: [{ table: 'files', id: 'f1' }], objects: { restored: 2, conflicts: [] } };
    h.reply(envelope(report));
    const result = await createBackupApi(h.client).restore({ checkId: check.checkId, merge: true, secret: 'old secret' });
    expect(h.last()).toMatchObject({
      method: 'POST',
      url: `${BASE}/api/admin/backup/restore`,
      body: { checkId: check.checkId, merge: true, secret: 'old secret' },
    });
    expect(result).toEqual(report);
  });
});
