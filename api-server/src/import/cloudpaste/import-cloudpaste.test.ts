import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyPassword } from '../../lib/password-hash';
import { SecretBox } from '../../lib/secret-box';
import { openMigratedTestDatabase, type MigratedTestDatabase } from '../../testing/migrated-database';
import { buildCloudPaste06, buildCloudPaste1x, FIXTURE_ACCESS_KEY, FIXTURE_KEY_ID, FIXTURE_S3_ID } from './fixtures/build-cloudpaste-06';
import { importCloudPaste } from './import-cloudpaste';

const ADMIN_ID = 'target-admin';
const NOW = new Date('2026-01-01T00:00:00.000Z');

describe('importCloudPaste', () => {
  let dir: string;
  let dbFile: string;
  let target: MigratedTestDatabase;
  const box = new SecretBox('target-secret');

  const counts = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const table of ['pastes', 'files', 'api_keys', 'storage_configs', 'mounts'] as const) {
      const row = await target.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    return out;
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-cp-import-'));
    dbFile = path.join(dir, 'cloudpaste.db');
    target = await openMigratedTestDatabase();
    const at = NOW.toISOString();
    await target.db
      .insertInto('admins')
      .values({ id: ADMIN_ID, username: 'admin', password_hash: 'x', created_at: at, updated_at: at })
      .execute();
  });
  afterEach(async () => {
    await target.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the mapped rows in one go; passwords, keys and S3 credentials work afterwards', async () => {
    buildCloudPaste06(dbFile);
    const { written, report } = await importCloudPaste(target.db, dbFile, { secretBox: box, now: NOW });
    expect(written).toEqual({ storageConfigs: 1, apiKeys: 2, pastes: 4, files: 2, mounts: 1, settings: 1 });
    expect(await counts()).toEqual({ pastes: 4, files: 2, api_keys: 2, storage_configs: 1, mounts: 1 });
    expect(report.filter((e) => e.outcome === 'skipped')).toHaveLength(7);

    const paste = await target.db.selectFrom('pastes').selectAll().where('slug', '=', 'secret-note').executeTakeFirstOrThrow();
    expect(await verifyPassword('open sesame', paste.password_hash!)).toBe(true);
    expect(paste.created_by).toBe(ADMIN_ID);
    const key = await target.db.selectFrom('api_keys').selectAll().where('id', '=', FIXTURE_KEY_ID).executeTakeFirstOrThrow();
    expect(key).toMatchObject({ key: 'abcDEF123456', basic_path: '/photos' });
    const config = await target.db.selectFrom('storage_configs').selectAll().where('id', '=', FIXTURE_S3_ID).executeTakeFirstOrThrow();
    expect(box.decrypt(config.access_key_id_sealed!)).toBe(FIXTURE_ACCESS_KEY);
    expect(config.admin_id).toBe(ADMIN_ID);
    const setting = await target.db.selectFrom('system_settings').selectAll().where('key', '=', 'max_upload_size').executeTakeFirst();
    expect(setting?.value).toBe('250');
  });

  it('a second import skips everything it brought the first time and writes nothing new', async () => {
    buildCloudPaste06(dbFile);
    await importCloudPaste(target.db, dbFile, { secretBox: box, now: NOW });
    const again = await importCloudPaste(target.db, dbFile, { secretBox: box, now: NOW });
    expect(again.written).toEqual({ storageConfigs: 0, apiKeys: 0, pastes: 0, files: 0, mounts: 0, settings: 1 });
    expect(again.report.filter((e) => e.kind === 'paste' && e.outcome === 'skipped')).toHaveLength(5);
    expect(await counts()).toEqual({ pastes: 4, files: 2, api_keys: 2, storage_configs: 1, mounts: 1 });
  });

  it('a dry run writes nothing', async () => {
    buildCloudPaste06(dbFile);
    const { written, report } = await importCloudPaste(target.db, dbFile, { secretBox: box, dryRun: true });
    expect(written.pastes).toBe(0);
    expect(report.some((e) => e.outcome === 'imported')).toBe(true);
    expect(await counts()).toEqual({ pastes: 0, files: 0, api_keys: 0, storage_configs: 0, mounts: 0 });
  });

  it('refuses a 1.x database and a non-database file with one line, writing nothing', async () => {
    buildCloudPaste1x(dbFile);
    await expect(importCloudPaste(target.db, dbFile, { secretBox: box })).rejects.toThrow(/^.*CloudPaste 1\.x database[^\n]*$/);
    const text = path.join(dir, 'x.txt');
    writeFileSync(text, 'nope');
    await expect(importCloudPaste(target.db, text, { secretBox: box })).rejects.toThrow(/not a SQLite database/);
    expect(await counts()).toEqual({ pastes: 0, files: 0, api_keys: 0, storage_configs: 0, mounts: 0 });
  });

  it('a failure part-way leaves the target as it was', async () => {
    buildCloudPaste06(dbFile);
    // A file share whose slug is free but whose id is taken makes the file insert fail after the pastes.
    await target.db
      .insertInto('storage_configs')
      .values({
        id: 'own',
        name: 'own',
        provider_type: 'Other',
        bucket_name: 'b',
        admin_id: ADMIN_ID,
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();
    await target.db
      .insertInto('files')
      .values({
        id: 'f2',
        filename: 'x',
        storage_path: 'x',
        s3_config_id: 'own',
        slug: 'someone-else',
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();
    // Hide the clash from the pre-check so the database itself refuses it.
    const before = await counts();
    await expect(
      importCloudPaste(
        new Proxy(target.db, {
          get(db, prop) {
            if (prop === 'selectFrom') {
              return (table: string) => {
                const query = db.selectFrom(table as 'files');
                return table === 'files' ? query.where('id', '!=', 'f2') : query;
              };
            }
            const value = Reflect.get(db, prop) as unknown;
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value;
          },
        }),
        dbFile,
        { secretBox: box, now: NOW },
      ),
    ).rejects.toThrow(/^Import failed, nothing was written: /);
    expect(await counts()).toEqual(before);
  });
});
