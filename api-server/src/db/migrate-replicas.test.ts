import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { dropTestSchema, TEST_SCHEMA_PREFIX, testDatabaseUrl } from '../testing/test-database';
import { openDatabase, type OpenedDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

const url = testDatabaseUrl();
// Replicas share a PostgreSQL database; SQLite is one process, so this is PostgreSQL's case only (`pnpm test:pg`).
const describeOnPostgres = url === undefined ? describe.skip : describe;

describeOnPostgres('api-server replicas starting together on one PostgreSQL database', () => {
  const schema = `${TEST_SCHEMA_PREFIX}r_${randomBytes(6).toString('hex')}`;
  const replicas: OpenedDatabase[] = [];

  afterAll(async () => {
    for (const replica of replicas) await replica.db.destroy();
    if (url !== undefined) await dropTestSchema(url, schema);
  });

  it('migrate once between them: both start, and every migration is applied exactly once', async () => {
    // Each replica has its own pool, as separate processes would.
    for (let index = 0; index < 3; index += 1) replicas.push(await openDatabase({ url: url!, schema, poolSize: 2 }));

    const results = await Promise.all(
      replicas.map((replica) => migrateToLatest(replica.db, migrations, { migrationTableSchema: replica.schema })),
    );

    const applied = results.flatMap((result) => (result.results ?? []).filter((step) => step.status === 'Success'));
    expect(applied.map((step) => step.migrationName).sort()).toEqual(Object.keys(migrations).sort());
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(replicas[0]!.db);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    // Every replica sees the finished schema.
    for (const replica of replicas) {
      const tables = await sql<{ count: string }>`SELECT count(*) AS count FROM paste_tags`.execute(replica.db);
      expect(Number(tables.rows[0]?.count)).toBe(0);
    }
  });
});
