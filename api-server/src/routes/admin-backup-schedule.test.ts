import { createWriteStream, readdirSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { verifyArchive } from '../backup/archive-format';
import { BackupRunsRepository } from '../backup/schedule/backup-runs-repository';
import { DAY_MS } from '../lib/time';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, basic, bearer, createTestApp, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';

const DEFAULTS = {
  enabled: false,
  frequency: 'daily',
  hour: 3,
  weekday: 0,
  keep: 7,
  storageConfigId: null,
  folder: 'cloudclip-backups',
  objects: false,
};

describe('admin backup schedule API', () => {
  let t: TestApp;
  let now: Date;
  let token: string;
  let localConfig: { id: string; name: string };

  beforeEach(async () => {
    now = new Date('2026-11-29T03:04:05.000Z');
    t = await createTestApp({ clock: () => now });
    token = await loginAsAdmin(t.app);
    const admin = await t.container.repositories.admins.findByUsername(TEST_ADMIN.username);
    const configs = await t.container.repositories.storageConfigs.listByAdmin(admin?.id ?? '');
    const local = configs.find((row) => row.driver === 'local');
    if (local === undefined) throw new Error('no local storage configuration');
    localConfig = { id: local.id, name: local.name };
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const admin = (lang = 'en-US') => ({ ...bearer(token), 'accept-language': lang });
  const getBackup = () => t.app.inject({ method: 'GET', url: '/api/admin/backup', headers: admin() });
  const putSchedule = (payload: unknown, lang?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/backup/schedule',
      headers: { ...admin(lang), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const runNow = (lang?: string) => t.app.inject({ method: 'POST', url: '/api/admin/backup/run', headers: admin(lang) });

  /** Reads the run history until no run is going on (the run goes on after the 202). */
  async function finishedRuns(): Promise<{ status: string; size?: number }[]> {
    for (;;) {
      const runs = (getBackupData(await getBackup()) as { runs: { status: string; size?: number }[] }).runs;
      if (runs.every((run) => run.status !== 'running')) return runs;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const getBackupData = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;

  it.each([
    ['GET', '/api/admin/backup'],
    ['PUT', '/api/admin/backup/schedule'],
    ['POST', '/api/admin/backup/run'],
  ] as const)('%s %s answers 401 to anonymous callers, API keys and Basic admin credentials', async (method, url) => {
    const key = await seedApiKey(t.container.repositories.apiKeys, {
      text: true,
      file: true,
      mount: true,
      expiresAt: new Date(now.getTime() + DAY_MS).toISOString(),
    });
    for (const headers of [{}, bearer('not-a-token'), apiKeyHeader(key.key), basic(TEST_ADMIN.username, TEST_ADMIN.password)]) {
      const response = await t.app.inject({ method, url, headers, ...(method === 'PUT' ? { payload: { enabled: false } } : {}) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: expect.any(String), success: false, data: null });
    }
    expect(getBackupData(await getBackup())).toMatchObject({ schedule: DEFAULTS, runs: [] });
  });

  it('GET answers the defaults, the database and no runs on a new server', async () => {
    const response = await getBackup();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      message: 'Backup schedule and runs retrieved',
      success: true,
      data: {
        database: process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'postgresql' : 'sqlite',
        schedule: DEFAULTS,
        lastRun: null,
        runs: [],
      },
    });
  });

  it.each([
    [{ frequency: 'hourly' }, 'The backup frequency must be daily or weekly', '备份频率必须是 daily（每天）或 weekly（每周）'],
    [{ keep: 0 }, 'keep (archives to keep) must be an integer from 1 to 90', '保留份数 keep 必须是 1 到 90 之间的整数'],
    [{ keep: '7' }, 'keep (archives to keep) must be an integer from 1 to 90', '保留份数 keep 必须是 1 到 90 之间的整数'],
    [
      { hour: 24 },
      "The backup hour must be an integer from 0 to 23 (the server's local time)",
      '备份时间 hour 必须是 0 到 23 之间的整数（服务器本地时间）',
    ],
    [{ weekday: -1 }, 'The weekday must be an integer from 0 to 6 (0 is Sunday)', '星期 weekday 必须是 0 到 6 之间的整数（0 为星期日）'],
    [
      { enabled: true, storageConfigId: 'no-such-config' },
      'The chosen storage configuration does not exist: choose an existing one',
      '所选的存储配置不存在，请选择一个已有的存储配置',
    ],
    [
      { enabled: true, storageConfigId: null },
      'The chosen storage configuration does not exist: choose an existing one',
      '所选的存储配置不存在，请选择一个已有的存储配置',
    ],
    [
      { folder: 'a/../b' },
      'The backup folder must not start with /, nor contain .., a backslash or control characters',
      '备份目录不能以 / 开头，不能包含 ..、反斜杠或控制字符',
    ],
    [
      { folder: 'a\\b' },
      'The backup folder must not start with /, nor contain .., a backslash or control characters',
      '备份目录不能以 / 开头，不能包含 ..、反斜杠或控制字符',
    ],
    [
      { folder: '/backups' },
      'The backup folder must not start with /, nor contain .., a backslash or control characters',
      '备份目录不能以 / 开头，不能包含 ..、反斜杠或控制字符',
    ],
  ])('PUT %j → 400 with its message in both languages, the schedule unchanged', async (body, english, chinese) => {
    const response = await putSchedule(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: english, success: false, data: null });
    expect((await putSchedule(body, 'zh-CN')).json()).toMatchObject({ code: 400, message: chinese });
    expect(getBackupData(await getBackup())).toMatchObject({ schedule: DEFAULTS });
  });

  it('PUT stores a schedule (an unknown storage is accepted while disabled) and GET answers it', async () => {
    expect((await putSchedule({ enabled: false, storageConfigId: 'later' })).statusCode).toBe(200);
    const schedule = {
      enabled: true,
      frequency: 'weekly',
      hour: 23,
      weekday: 6,
      keep: 90,
      storageConfigId: localConfig.id,
      folder: 'nightly/db',
      objects: false,
    };
    const response = await putSchedule(schedule);
    expect(response.json()).toEqual({ code: 200, message: 'Backup schedule saved', success: true, data: schedule });
    expect(getBackupData(await getBackup())).toMatchObject({ schedule });
  });

  it('PUT accepts objects in archives kept in the local storage (the earlier archives are left out of each run)', async () => {
    const response = await putSchedule({ storageConfigId: localConfig.id, objects: true });
    expect(response.json()).toMatchObject({ code: 200, data: { storageConfigId: localConfig.id, objects: true } });
    expect(getBackupData(await getBackup())).toMatchObject({ schedule: { ...DEFAULTS, storageConfigId: localConfig.id, objects: true } });
  });

  it('POST run without a chosen storage → 400; while another replica runs one → 409', async () => {
    expect((await runNow()).json()).toEqual({
      code: 400,
      message: 'No storage configuration is chosen for backups: choose one in the backup schedule first',
      success: false,
      data: null,
    });
    await putSchedule({ storageConfigId: localConfig.id });
    await new BackupRunsRepository(t.container.db).claim('another-replica', now.getTime(), 60_000);
    const busy = await runNow('zh-CN');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ code: 409, message: '已有一个备份正在进行，请等它结束后再试', success: false, data: null });
    expect(getBackupData(await getBackup())).toMatchObject({ runs: [] });
  });

  it('POST run writes an archive into the local storage that verifyArchive accepts, and records the run with its size', async () => {
    await putSchedule({ storageConfigId: localConfig.id, folder: 'backups' });
    const response = await runNow();
    expect(response.statusCode).toBe(202);
    const run = (response.json() as { data: Record<string, unknown> }).data;
    expect(response.json()).toEqual({
      code: 202,
      message: 'Backup started',
      success: true,
      data: {
        id: expect.any(String),
        trigger: 'manual',
        startedAt: now.toISOString(),
        finishedAt: null,
        status: 'running',
        size: null,
        location: null,
        error: null,
      },
    });

    const runs = await finishedRuns();
    const key = 'backups/cloudclip-backup-20261129-030405.tar.gz';
    const finished = {
      ...run,
      status: 'ok',
      finishedAt: now.toISOString(),
      location: `${localConfig.name}:${key}`,
      error: null,
      size: expect.any(Number),
    };
    expect(runs).toEqual([finished]);
    expect(getBackupData(await getBackup())).toMatchObject({ lastRun: finished });

    const config = await t.container.repositories.storageConfigs.findById(localConfig.id);
    const driver = t.container.services.storageConfigs.driverFor(config!);
    const object = await driver.getObject(key);
    const file = path.join(t.dataDir, 'downloaded.tar.gz');
    await pipeline(object.body, createWriteStream(file));
    expect(object.size).toBe(runs[0]?.size);
    const verified = await verifyArchive(file);
    expect(verified.manifest.rowCounts.admins).toBe(1);
    expect(verified.manifest.rowCounts).not.toHaveProperty('backup_runs');
    expect(verified.manifest.createdAt).toBe(now.toISOString());
    // the rows spooled while the archive was written are gone
    expect(readdirSync(path.join(t.dataDir, 'tmp', 'backup-runs'))).toEqual([]);
  });
});
