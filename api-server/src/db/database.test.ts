import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { parseTimestamp } from '../lib/time';
import { dropTestSchema, TEST_SCHEMA_PREFIX, testDatabaseUrl } from '../testing/test-database';
import { createTestApp, removeTempDir, tempDirForEachTest } from '../testing/test-app';
import { isPostgresUrl, openDatabase, postgresTypes } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

const INT4_OID = 23;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const TEXT_OID = 25;

describe('opening the database', () => {
  let dataDir: string;
  tempDirForEachTest((dir) => {
    dataDir = dir;
  });

  it.each(['postgres://u@h/db', ' POSTGRESQL://h/db'])('recognises %j as a PostgreSQL URL', (url) => {
    expect(isPostgresUrl(url)).toBe(true);
  });

  it.each(['mysql://h/db', '/var/lib/cloudclip.db', undefined])('does not take %j for a PostgreSQL URL', (url) => {
    expect(isPostgresUrl(url)).toBe(false);
  });

  it('opens the SQLite file when no URL is given and reports the engine', async () => {
    const opened = await openDatabase({ file: path.join(dataDir, 'x.db') });
    try {
      expect(opened.engine).toBe('SQLite');
      expect(opened.schema).toBeUndefined();
      await migrateToLatest(opened.db);
      expect(await opened.db.selectFrom('system_settings').select('value').where('key', '=', 'max_upload_size').executeTakeFirst()).toEqual(
        { value: '100' },
      );
    } finally {
      await opened.db.destroy();
    }
  });

  it('refuses a URL that is not PostgreSQL and a call with neither URL nor file', async () => {
    await expect(openDatabase({ url: 'mysql://h/db', file: path.join(dataDir, 'x.db') })).rejects.toThrow(/postgres/);
    await expect(openDatabase({})).rejects.toThrow(/SQLite file/);
  });

  it('parses PostgreSQL int8 and numeric values as numbers and leaves other types to pg', () => {
    expect(postgresTypes.getTypeParser(INT8_OID, 'text')('6442450944')).toBe(6 * 1024 ** 3);
    expect(postgresTypes.getTypeParser(NUMERIC_OID, 'text')('1500')).toBe(1500);
    expect(postgresTypes.getTypeParser(INT4_OID, 'text')('42')).toBe(42);
    expect(postgresTypes.getTypeParser(TEXT_OID, 'text')('007')).toBe('007');
  });
});

const pgUrl = testDatabaseUrl();

/** Runs only with TEST_DATABASE_URL / DATABASE_URL set (`pnpm test:pg`). */
(pgUrl === undefined ? describe.skip : describe)('PostgreSQL (TEST_DATABASE_URL)', () => {
  const url = pgUrl as string;
  const schemas: string[] = [];
  const newSchema = () => {
    const schema = `${TEST_SCHEMA_PREFIX}db_${randomBytes(6).toString('hex')}`;
    schemas.push(schema);
    return schema;
  };

  afterAll(async () => {
    for (const schema of schemas) await dropTestSchema(url, schema);
  });

  it('sets up every pooled connection before use: time zone UTC and search_path of the schema', async () => {
    const schema = newSchema();
    // A session time zone other than the test cluster's UTC, which each connection must override.
    const tokyo = new URL(url);
    tokyo.searchParams.set('options', '-c TimeZone=Asia/Tokyo');
    const opened = await openDatabase({ url: tokyo.toString(), schema, poolSize: 3 });
    try {
      // Three at once: three connections of the pool.
      const settings = await Promise.all(
        [1, 2, 3].map(() =>
          opened.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{ zone: string; schema: string }>`
              select current_setting('TimeZone') as zone, current_schema() as schema, pg_sleep(0.05)`.execute(trx);
            return rows[0];
          }),
        ),
      );
      expect(settings.map((row) => [row?.zone, row?.schema])).toEqual([
        ['UTC', schema],
        ['UTC', schema],
        ['UTC', schema],
      ]);
    } finally {
      await opened.db.destroy();
    }
  });

  it('applies every migration in a new schema, and nothing on the next run', async () => {
    const schema = newSchema();
    const opened = await openDatabase({ url, schema });
    try {
      expect(opened.engine).toBe('PostgreSQL');
      expect(opened.schema).toBe(schema);
      const first = await migrateToLatest(opened.db, migrations, { migrationTableSchema: opened.schema });
      expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((name) => [name, 'Success']));
      const second = await migrateToLatest(opened.db, migrations, { migrationTableSchema: opened.schema });
      expect(second.results).toEqual([]);
      const { rows } = await sql<{ table_name: string }>`
        select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(opened.db);
      expect(rows.map((row) => row.table_name)).toEqual(
        expect.arrayContaining([
          'admins',
          'api_keys',
          'files',
          'kysely_migration',
          'mounts',
          'pastes',
          'storage_configs',
          'system_settings',
        ]),
      );
    } finally {
      await opened.db.destroy();
    }
  });

  it('migrates a second schema of the same database although the first has its migration tables already', async () => {
    const a = await openDatabase({ url, schema: newSchema() });
    const b = await openDatabase({ url, schema: newSchema() });
    try {
      await migrateToLatest(a.db, migrations, { migrationTableSchema: a.schema });
      const result = await migrateToLatest(b.db, migrations, { migrationTableSchema: b.schema });
      expect(result.results).toHaveLength(Object.keys(migrations).length);
      await b.db.insertInto('pastes').values({ id: 'p1', slug: 's', content: 'x', created_at: 'x', updated_at: 'x' }).execute();
      expect(await a.db.selectFrom('pastes').selectAll().execute()).toEqual([]);
    } finally {
      await a.db.destroy();
      await b.db.destroy();
    }
  });

  it('migrates once when two servers start on the same schema at the same time', async () => {
    const schema = newSchema();
    const first = await openDatabase({ url, schema });
    const second = await openDatabase({ url, schema });
    try {
      const results = await Promise.all([
        migrateToLatest(first.db, migrations, { migrationTableSchema: schema }),
        migrateToLatest(second.db, migrations, { migrationTableSchema: schema }),
      ]);
      const applied = results.flatMap((result) => result.results ?? []).filter((result) => result.status === 'Success');
      expect(applied).toHaveLength(Object.keys(migrations).length);
    } finally {
      await first.db.destroy();
      await second.db.destroy();
    }
  });

  it('returns bigint columns and aggregates as JS numbers', async () => {
    const opened = await openDatabase({ url, schema: newSchema() });
    try {
      await migrateToLatest(opened.db, migrations, { migrationTableSchema: opened.schema });
      const at = new Date().toISOString();
      await opened.db
        .insertInto('storage_configs')
        .values({
          id: 'c1',
          name: 'c',
          provider_type: 'Other',
          bucket_name: 'b',
          admin_id: 'a',
          total_storage_bytes: 20 * 1024 ** 4,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await opened.db
        .insertInto('files')
        .values({
          id: randomUUID(),
          filename: 'f',
          storage_path: 'k',
          size: 6 * 1024 ** 3,
          s3_config_id: 'c1',
          slug: 'f1',
          created_at: at,
          updated_at: at,
        })
        .execute();
      const file = await opened.db.selectFrom('files').select('size').executeTakeFirstOrThrow();
      expect(file.size).toBe(6 * 1024 ** 3);
      const config = await opened.db.selectFrom('storage_configs').select('total_storage_bytes').executeTakeFirstOrThrow();
      expect(config.total_storage_bytes).toBe(20 * 1024 ** 4);
      const totals = await opened.db
        .selectFrom('files')
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum('size').as('sum')])
        .executeTakeFirstOrThrow();
      expect(totals).toEqual({ count: 1, sum: 6 * 1024 ** 3 });
    } finally {
      await opened.db.destroy();
    }
  });

  it('writes database-clock timestamps in UTC', async () => {
    const opened = await openDatabase({ url, schema: newSchema() });
    try {
      await migrateToLatest(opened.db, migrations, { migrationTableSchema: opened.schema });
      await sql`insert into pastes (id, slug, content) values ('p1', 's1', 'x')`.execute(opened.db);
      const row = await opened.db.selectFrom('pastes').select('created_at').executeTakeFirstOrThrow();
      expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      const parsed = parseTimestamp(row.created_at);
      expect(parsed).not.toBeNull();
      expect(Math.abs(parsed!.getTime() - Date.now())).toBeLessThan(60_000);
    } finally {
      await opened.db.destroy();
    }
  });

  it('runs a test app on PostgreSQL and reports the engine in GET /api/version', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/version' });
      expect(response.json().data.storage).toBe('PostgreSQL');
    } finally {
      await t.close();
      removeTempDir(t.dataDir);
    }
  });
});
