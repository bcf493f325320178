import { mkdirSync, readFileSync, writeFileSync, existsSync, readdirSync, statSync, symlinkSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import * as tar from 'tar-stream';
import { DATABASE_FILE_NAME } from '../app';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedApiKey } from '../testing/seed';
import { bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';
import { BackupError, MANIFEST_NAME, TABLE_ORDER, verifyArchive } from './archive-format';
import { exitCodeOf, messageOf, parseArgs, runBackupCli, UsageError } from './cli';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';
import { backupSourceOf, backUpWithObjects, rewriteArchive } from '../testing/backup-archive';

const SECRET = 'backup-test-secret-A';

function dumpTables(file: string): Record<string, unknown[]> {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const table of TABLE_ORDER) {
      out[table] = db.prepare(`SELECT * FROM "${table}" ORDER BY 1, 2`).all();
    }
    return out;
  } finally {
    db.close();
  }
}

async function emptyTarget(dataDir: string): Promise<void> {
  const opened = await openDatabase({ file: path.join(dataDir, DATABASE_FILE_NAME) });
  await migrateToLatest(opened.db);
  await opened.db.destroy();
}

async function restoreInto(dataDir: string, file: string, options: { merge?: boolean; oldSecret?: string; appSecret?: string } = {}) {
  const opened = await openDatabase({ file: path.join(dataDir, DATABASE_FILE_NAME) });
  try {
    return await restoreBackup({
      file,
      ...(options.merge ? { merge: true } : {}),
      ...(options.oldSecret === undefined ? {} : { oldSecret: options.oldSecret }),
      target: { db: opened.db, engine: opened.engine, dataDir, appSecret: options.appSecret ?? SECRET },
    });
  } finally {
    await opened.db.destroy();
  }
}

describe('backup create / restore (SQLite)', () => {
  let source: TestApp;
  let work: string;
  let archive: string;
  let objectKey: string;

  beforeAll(async () => {
    work = makeTempDir('cloudclip-backup-test-');
    source = await createTestApp({ appSecret: SECRET, databaseFile: DATABASE_FILE_NAME });
    const admin = bearer(await loginAsAdmin(source.app));
    const pastes = [
      { content: 'plain paste' },
      { content: 'with password', password: 'pw-123' },
      { content: 'burn after reading', max_views: 1 },
      { content: 'with remark', remark: 'a remark' },
    ];
    for (const payload of pastes) {
      const response = await source.app.inject({ method: 'POST', url: '/api/paste', headers: admin, payload });
      expect(response.statusCode).toBe(200);
    }
    await seedApiKey(source.container.repositories.apiKeys, { name: 'key-one', text: true, file: true });
    const [config] = await source.container.repositories.storageConfigs.listPublic();
    if (!config) throw new Error('no local storage');
    objectKey = `${config.id}/folder/object.bin`;
    const objectFile = path.join(source.dataDir, 'storage', config.id, 'folder', 'object.bin');
    mkdirSync(path.dirname(objectFile), { recursive: true });
    writeFileSync(objectFile, Buffer.from('object bytes \u0000\u0001'));
    // Made while the server is running (the app stays open).
    archive = await backUpWithObjects(source, SECRET, work);
  });

  afterAll(async () => {
    await source.close();
    removeTempDir(source.dataDir);
    removeTempDir(work);
  });

  const targets: string[] = [];
  function newTarget(): string {
    const dir = makeTempDir('cloudclip-restore-target-');
    targets.push(dir);
    return dir;
  }
  afterEach(() => {
    for (const dir of targets.splice(0)) removeTempDir(dir);
  });

  it('writes the archive under its final name only, with the manifest last and every part hashed', async () => {
    expect(existsSync(archive)).toBe(true);
    expect(existsSync(`${archive}.partial`)).toBe(false);
    expect(readdirSync(work).filter((name) => name.startsWith('.cloudclip-backup-'))).toEqual([]);
    const names: string[] = [];
    const extract = tar.extract();
    const read = pipeline(createReadStream(archive), createGunzip(), extract);
    let manifestText = '';
    for await (const entry of extract) {
      names.push(entry.header.name);
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.name === MANIFEST_NAME) manifestText = Buffer.concat(chunks).toString('utf8');
    }
    await read;
    expect(names[names.length - 1]).toBe(MANIFEST_NAME);
    expect(names).toContain(`objects/${objectKey}`);
    const manifest = JSON.parse(manifestText);
    expect(manifest.formatVersion).toBe(1);
    expect(manifest.database).toBe('sqlite');
    expect(manifest.rowCounts.pastes).toBe(4);
    expect(manifest.objects.included).toBe(true);
    expect(manifestText).not.toContain(SECRET);
    expect(Object.keys(manifest.parts).sort()).toEqual(names.filter((name) => name !== MANIFEST_NAME).sort());
  });

  it('writes into a stream as well: a complete archive, and its spool folder removed', async () => {
    const out = path.join(work, 'streamed.tar.gz');
    const spool = path.join(work, 'spool');
    const { file, manifest } = await createBackup({
      source: backupSourceOf(source, SECRET),
      out: createWriteStream(out),
      tempDir: spool,
      objects: true,
      appVersion: 'test',
    });
    expect(file).toBeUndefined();
    expect((await verifyArchive(out)).manifest).toEqual(manifest);
    expect(readdirSync(spool)).toEqual([]);
  });

  it('a full disk while writing leaves no archive under the final name (and no partial file)', async () => {
    const out = path.join(work, 'full-disk.tar.gz');
    symlinkSync('/dev/full', `${out}.partial`);
    await expect(
      createBackup({
        source: backupSourceOf(source, SECRET),
        out,
        objects: true,
        appVersion: 'test',
      }),
    ).rejects.toThrow(/ENOSPC|no space/i);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(work).filter((name) => name.startsWith('full-disk') || name.startsWith('.cloudclip-backup-'))).toEqual([]);
  });

  it('restores into an empty database: identical rows in every table, and the objects', async () => {
    const target = newTarget();
    await emptyTarget(target);
    const report = await restoreInto(target, archive);
    expect(report.conflicts).toEqual([]);
    expect(report.objects.restored).toBe(1);
    expect(dumpTables(path.join(target, DATABASE_FILE_NAME))).toEqual(dumpTables(path.join(source.dataDir, DATABASE_FILE_NAME)));
    expect(readFileSync(path.join(target, 'storage', ...objectKey.split('/')))).toEqual(Buffer.from('object bytes \u0000\u0001'));
  });

  it('the restored instance serves the password paste with the same secret', async () => {
    const target = newTarget();
    await emptyTarget(target);
    await restoreInto(target, archive);
    const restored = await createTestApp({ dataDir: target, appSecret: SECRET, databaseFile: DATABASE_FILE_NAME });
    try {
      const admin = bearer(await loginAsAdmin(restored.app));
      const list = await restored.app.inject({ method: 'GET', url: '/api/admin/pastes', headers: admin });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain('with password');
    } finally {
      await restored.close();
    }
  });

  async function expectRefusedAndUnchanged(target: string, file: string, message: RegExp, options: { appSecret?: string } = {}) {
    const before = dumpTables(path.join(target, DATABASE_FILE_NAME));
    await expect(restoreInto(target, file, options)).rejects.toThrow(message);
    await expect(restoreInto(target, file, options)).rejects.toBeInstanceOf(BackupError);
    expect(dumpTables(path.join(target, DATABASE_FILE_NAME))).toEqual(before);
    expect(existsSync(path.join(target, 'storage'))).toBe(false);
  }

  it('refuses a tampered part and changes nothing', async () => {
    const target = newTarget();
    await emptyTarget(target);
    const tampered = path.join(work, 'tampered.tar.gz');
    await rewriteArchive(archive, tampered, 'tables/pastes.jsonl', (body) =>
      Buffer.from(body.toString('utf8').replace('plain paste', 'plain pastX')),
    );
    await expectRefusedAndUnchanged(target, tampered, /pastes\.jsonl does not match its SHA-256/);
  });

  it('refuses a truncated archive and changes nothing', async () => {
    const target = newTarget();
    await emptyTarget(target);
    const truncated = path.join(work, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(archive));
    truncateSync(truncated, Math.floor(statSync(archive).size / 2));
    await expectRefusedAndUnchanged(target, truncated, /truncated or damaged/);
  });

  it('refuses a file that is not a backup', async () => {
    const target = newTarget();
    await emptyTarget(target);
    const foreign = path.join(work, 'foreign.tar.gz');
    writeFileSync(foreign, 'hello');
    await expectRefusedAndUnchanged(target, foreign, /truncated or damaged/);
  });

  it('refuses a different APP_SECRET, naming --secret-file; with the old secret it re-seals', async () => {
    const target = newTarget();
    await emptyTarget(target);
    await expectRefusedAndUnchanged(target, archive, /--secret-file/, { appSecret: 'another-secret' });
    await expect(restoreInto(target, archive, { appSecret: 'another-secret', oldSecret: 'wrong' })).rejects.toThrow(/not the APP_SECRET/);
    await restoreInto(target, archive, { appSecret: 'another-secret', oldSecret: SECRET });
    const restored = await createTestApp({ dataDir: target, appSecret: 'another-secret', databaseFile: DATABASE_FILE_NAME });
    try {
      const admin = bearer(await loginAsAdmin(restored.app));
      const list = await restored.app.inject({ method: 'GET', url: '/api/admin/pastes', headers: admin });
      expect(list.statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it('refuses a non-empty database without --merge and changes nothing', async () => {
    const target = newTarget();
    await emptyTarget(target);
    const opened = await openDatabase({ file: path.join(target, DATABASE_FILE_NAME) });
    await seedApiKey(
      {
        create: (row: Record<string, unknown>) =>
          opened.db
            .insertInto('api_keys')
            .values(row as never)
            .returningAll()
            .executeTakeFirstOrThrow(),
      } as never,
      { name: 'existing' },
    );
    await opened.db.destroy();
    const before = dumpTables(path.join(target, DATABASE_FILE_NAME));
    await expect(restoreInto(target, archive)).rejects.toThrow(/not empty \(rows in api_keys\).*--merge/);
    expect(dumpTables(path.join(target, DATABASE_FILE_NAME))).toEqual(before);
  });

  it('a freshly started server counts as empty: the CLI restores into it and the restored admin password applies', async () => {
    const target = newTarget();
    const fresh = await createTestApp({
      dataDir: target,
      appSecret: SECRET,
      databaseFile: DATABASE_FILE_NAME,
      adminPassword: 'fresh-password',
    });
    // What a first start and a first sign-in leave behind: admin, token, default storage, settings, counters.
    await loginAsAdmin(fresh.app, { username: 'admin', password: 'fresh-password' } as unknown as typeof TEST_ADMIN);
    await fresh.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password: 'wrong' } });
    await fresh.close();
    const lines: string[] = [];
    await runBackupCli(['restore', archive], { DATA_DIR: target, APP_SECRET: SECRET }, (line) => lines.push(line));
    expect(lines[0]).toMatch(/^Restored \d+ rows and 1 objects/);
    const tables = dumpTables(path.join(target, DATABASE_FILE_NAME));
    const sourceTables = dumpTables(path.join(source.dataDir, DATABASE_FILE_NAME));
    for (const table of ['admins', 'storage_configs', 'pastes', 'api_keys', 'system_settings'])
      expect(tables[table]).toEqual(sourceTables[table]);
    const restored = await createTestApp({ dataDir: target, appSecret: SECRET, databaseFile: DATABASE_FILE_NAME });
    try {
      await expect(
        loginAsAdmin(restored.app, { username: 'admin', password: 'fresh-password' } as unknown as typeof TEST_ADMIN),
      ).rejects.toThrow(/401/);
      const admin = bearer(await loginAsAdmin(restored.app));
      const list = await restored.app.inject({ method: 'GET', url: '/api/admin/pastes', headers: admin });
      expect(list.body).toContain('with password');
    } finally {
      await restored.close();
    }
  });

  it('user content beyond a fresh start refuses a restore without --merge: a second admin, an S3 storage config', async () => {
    for (const change of [
      `INSERT INTO admins (id, username, password_hash, created_at, updated_at) SELECT 'second', 'second', password_hash, created_at, updated_at FROM admins`,
      `UPDATE storage_configs SET driver = 's3'`,
    ]) {
      const target = newTarget();
      const fresh = await createTestApp({ dataDir: target, appSecret: SECRET, databaseFile: DATABASE_FILE_NAME });
      await fresh.close();
      const db = new SqliteDatabase(path.join(target, DATABASE_FILE_NAME));
      db.prepare(change).run();
      db.close();
      const before = dumpTables(path.join(target, DATABASE_FILE_NAME));
      const table = change.includes('admins') ? 'admins' : 'storage_configs';
      await expect(restoreInto(target, archive)).rejects.toThrow(new RegExp(`not empty \\(rows in ${table}\\).*--merge`));
      expect(dumpTables(path.join(target, DATABASE_FILE_NAME))).toEqual(before);
    }
  });

  it('--merge adds what is missing and reports conflicts without overwriting', async () => {
    const target = newTarget();
    await emptyTarget(target);
    await restoreInto(target, archive);
    const db = new SqliteDatabase(path.join(target, DATABASE_FILE_NAME));
    const [first, second] = db.prepare('SELECT id, slug FROM pastes ORDER BY id').all() as { id: string; slug: string }[];
    db.prepare(`UPDATE pastes SET remark = 'changed here' WHERE id = ?`).run(first?.id);
    db.prepare('DELETE FROM paste_tags WHERE paste_id = ?').run(second?.id);
    db.prepare('DELETE FROM pastes WHERE id = ?').run(second?.id);
    db.close();
    const report = await restoreInto(target, archive, { merge: true });
    expect(report.inserted.pastes).toBe(1);
    expect(report.conflicts).toEqual(expect.arrayContaining([{ table: 'pastes', id: first?.id }]));
    expect(report.objects.conflicts).toEqual([objectKey]);
    const after = new SqliteDatabase(path.join(target, DATABASE_FILE_NAME), { readonly: true });
    expect((after.prepare('SELECT remark FROM pastes WHERE id = ?').get(first?.id) as { remark: string }).remark).toBe('changed here');
    expect(after.prepare('SELECT id FROM pastes WHERE id = ?').get(second?.id)).toBeDefined();
    after.close();
  });

  it('cli: usage errors exit 2, create and restore through the environment', async () => {
    expect(() => parseArgs(['frobnicate'])).toThrow(UsageError);
    expect(() => parseArgs(['restore'])).toThrow(UsageError);
    expect(parseArgs(['create', '--out', 'x.tgz', '--objects'])).toEqual({ command: 'create', out: 'x.tgz', objects: true });
    const out = path.join(work, 'cli.tar.gz');
    const lines: string[] = [];
    await runBackupCli(['create', '--out', out], { DATA_DIR: source.dataDir, APP_SECRET: SECRET }, (line) => lines.push(line));
    expect(lines[0]).toMatch(/^Backup written to .*cli\.tar\.gz/);
    const target = newTarget();
    await runBackupCli(['restore', out], { DATA_DIR: target, APP_SECRET: SECRET }, (line) => lines.push(line));
    expect(lines.at(-2)).toMatch(/^Restored \d+ rows and 0 objects/);
    expect(lines.at(-1)).toMatch(/admin account is the backup's now/);
    expect(dumpTables(path.join(target, DATABASE_FILE_NAME))).toEqual(dumpTables(path.join(source.dataDir, DATABASE_FILE_NAME)));
    await expect(runBackupCli(['restore', out], { DATA_DIR: target, APP_SECRET: SECRET }, () => undefined)).rejects.toThrow(/not empty/);
    const untouched = newTarget();
    const bad = path.join(work, 'bad.tar.gz');
    writeFileSync(bad, 'not an archive');
    const failure = await runBackupCli(['restore', bad], { DATA_DIR: untouched }, () => undefined).catch((error: unknown) => error);
    expect(exitCodeOf(failure)).toBe(1);
    expect(messageOf(failure)).toMatch(/^The backup .* is truncated or damaged/);
    expect(messageOf(failure)).not.toContain('\n');
    expect(readdirSync(untouched)).toEqual([]);
    const usage = await runBackupCli(['create', 'extra'], {}, () => undefined).catch((error: unknown) => error);
    expect(exitCodeOf(usage)).toBe(2);
  });
});
