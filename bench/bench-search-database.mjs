// The search benchmark's database side (bench-search.mjs): its rows seeded straight into the
// migrated schema of the running server (SQLite, PostgreSQL) from bench-search-lib's deterministic
// pastes and files, a connection to that database, and the search index (triggers; trigram and
// to_tsvector indexes on PostgreSQL) dropped and made again for the write-path comparison.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../scripts/lib.mjs';
import { benchFile, benchPaste } from './bench-search-lib.mjs';

export const apiDir = path.join(repoRoot, 'api-server');
const requireFromApi = createRequire(path.join(apiDir, 'package.json'));

const SQLITE_BATCH = 2000;
const PG_ROWS_PER_INSERT = 500;
const PG_ROWS_PER_TRANSACTION = 5000;

const isoAt = (ms) => new Date(ms).toISOString();

/** The rows' owners: mostly the admin, some API keys (which need no api_keys row to own a share). */
function ownerOf(index, adminId, keyIds) {
  return index % 10 < 7 ? adminId : `apikey:${keyIds[index % keyIds.length]}`;
}

function pasteValues(index, rows, adminId, keyIds, startMs) {
  const paste = benchPaste(index);
  const at = isoAt(startMs + Math.floor((index * 365 * 86_400_000) / rows));
  return [randomUUID(), `bs${index.toString(36)}`, paste.content, paste.remark, paste.encryption, ownerOf(index, adminId, keyIds), at, at];
}

function fileValues(index, rows, adminId, keyIds, startMs, configId) {
  const file = benchFile(index);
  const at = isoAt(startMs + Math.floor((index * 365 * 86_400_000) / rows));
  const id = randomUUID();
  return [
    id,
    file.filename,
    `bench/${id}`,
    file.mimetype,
    file.size,
    configId,
    `bf${index.toString(36)}`,
    file.remark,
    ownerOf(index, adminId, keyIds),
    at,
    at,
  ];
}

const PASTE_COLUMNS = 'id, slug, content, remark, encryption, created_by, created_at, updated_at';
const FILE_COLUMNS = 'id, filename, storage_path, mimetype, size, s3_config_id, slug, remark, created_by, created_at, updated_at';
const CONFIG_COLUMNS = 'id, name, driver, provider_type, bucket_name, admin_id, created_at, updated_at';

/**
 * What both seeders insert: the storage configuration row (values in CONFIG_COLUMNS order) and,
 * per table, the values of row `index` (PASTE_COLUMNS / FILE_COLUMNS order).
 */
function seedPlan(adminId, rows) {
  const keyIds = [randomUUID(), randomUUID(), randomUUID()];
  const startMs = Date.now() - 366 * 86_400_000;
  const configId = randomUUID();
  const now = isoAt(Date.now());
  return {
    configValues: [configId, 'bench', 'local', 'local', 'bench', adminId, now, now],
    valuesOf: {
      pastes: (index) => pasteValues(index, rows, adminId, keyIds, startMs),
      files: (index) => fileValues(index, rows, adminId, keyIds, startMs, configId),
    },
  };
}

/**
 * The seeding loop of both databases: pastes then files, each in batches of `batchSize` rows
 * (`insertBatch(table, from, to)` writes rows from..to-1 in one transaction); seconds per table.
 */
async function seedTables(rows, batchSize, insertBatch) {
  const seconds = {};
  for (const table of ['pastes', 'files']) {
    const started = performance.now();
    for (let from = 0; from < rows; from += batchSize) await insertBatch(table, from, Math.min(rows, from + batchSize));
    seconds[table] = (performance.now() - started) / 1000;
  }
  return { pastesSeconds: seconds.pastes, filesSeconds: seconds.files };
}

/** Seeds the SQLite file of the running server; returns seconds per table. */
export async function seedSqlite(dataDir, rows) {
  const Database = requireFromApi('better-sqlite3');
  const db = new Database(path.join(dataDir, 'cloudclip.db'));
  db.pragma('busy_timeout = 10000');
  try {
    const seed = seedPlan(db.prepare('SELECT id FROM admins LIMIT 1').get().id, rows);
    db.prepare(`INSERT INTO storage_configs (${CONFIG_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(...seed.configValues);
    const insert = {
      pastes: db.prepare(`INSERT INTO pastes (${PASTE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      files: db.prepare(`INSERT INTO files (${FILE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    };
    return await seedTables(rows, SQLITE_BATCH, (table, from, to) =>
      db.transaction(() => {
        for (let index = from; index < to; index += 1) insert[table].run(...seed.valuesOf[table](index));
      })(),
    );
  } finally {
    db.close();
  }
}

/** Seeds the PostgreSQL database of the running server; returns seconds per table. */
export async function seedPostgres(databaseUrl, rows) {
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const seed = seedPlan((await client.query('SELECT id FROM admins LIMIT 1')).rows[0].id, rows);
    await client.query(`INSERT INTO storage_configs (${CONFIG_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, seed.configValues);
    const columns = { pastes: PASTE_COLUMNS, files: FILE_COLUMNS };
    const seconds = await seedTables(rows, PG_ROWS_PER_TRANSACTION, async (table, from, to) => {
      const width = columns[table].split(',').length;
      await client.query('BEGIN');
      for (let batch = from; batch < to; batch += PG_ROWS_PER_INSERT) {
        const values = [];
        const tuples = [];
        for (let index = batch; index < Math.min(to, batch + PG_ROWS_PER_INSERT); index += 1) {
          tuples.push(`(${Array.from({ length: width }, (_, column) => `$${values.length + column + 1}`).join(', ')})`);
          values.push(...seed.valuesOf[table](index));
        }
        await client.query(`INSERT INTO ${table} (${columns[table]}) VALUES ${tuples.join(', ')}`, values);
      }
      await client.query('COMMIT');
    });
    await client.query('ANALYZE pastes');
    await client.query('ANALYZE files');
    return seconds;
  } finally {
    await client.end();
  }
}

/** Runs `work(run)` with a connection to the server's database; `run(sql)` returns the rows. */
function withConnection(db, { dataDir, databaseUrl }, work) {
  return withDatabase(db === 'sqlite' ? { sqliteFile: path.join(dataDir, 'cloudclip.db') } : { databaseUrl }, work);
}

/**
 * Runs `work(run)` with a connection to a database: the SQLite file `sqliteFile` when given, else
 * PostgreSQL at `databaseUrl`. `run(sql)` returns the rows.
 */
export async function withDatabase({ sqliteFile, databaseUrl }, work) {
  if (sqliteFile) {
    const Database = requireFromApi('better-sqlite3');
    const sqlite = new Database(sqliteFile);
    sqlite.pragma('busy_timeout = 10000');
    try {
      return await work(async (statement) => {
        const prepared = sqlite.prepare(statement);
        return prepared.reader ? prepared.all() : (prepared.run(), []);
      });
    } finally {
      sqlite.close();
    }
  }
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(async (statement) => (await client.query(statement)).rows);
  } finally {
    await client.end();
  }
}

/**
 * Switches the search index off for the write-path comparison: drops every trigger on pastes and
 * files (the schema before 0006-search has none), and on PostgreSQL every trigram (gin/gist
 * trgm_ops) or full-text (to_tsvector) index of those tables. The rows and lists keep working; only
 * the index is no longer kept current. Returns the names dropped and the statements that make them
 * again (restoreSearchIndex), read from the database's own catalogue.
 */
export async function dropSearchIndex(db, connection) {
  return withConnection(db, connection, async (run) => {
    const objects =
      db === 'sqlite'
        ? (await run("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('pastes', 'files') ORDER BY name")).map(
            ({ name, sql }) => ({ name: `trigger ${name}`, drop: `DROP TRIGGER "${name}"`, create: sql }),
          )
        : [
            ...(
              await run(
                "SELECT tgname AS name, tgrelid::regclass::text AS tbl, pg_get_triggerdef(oid) AS sql FROM pg_trigger WHERE NOT tgisinternal AND tgrelid::regclass::text IN ('pastes', 'files') ORDER BY 1",
              )
            ).map(({ name, tbl, sql }) => ({ name: `trigger ${name} on ${tbl}`, drop: `DROP TRIGGER "${name}" ON ${tbl}`, create: sql })),
            ...(
              await run(
                "SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE tablename IN ('pastes', 'files') AND (indexdef ILIKE '%trgm_ops%' OR indexdef ILIKE '%to_tsvector%') ORDER BY 1",
              )
            ).map(({ name, sql }) => ({ name: `index ${name}`, drop: `DROP INDEX "${name}"`, create: sql })),
          ];
    for (const object of objects) await run(object.drop);
    return { dropped: objects.map((object) => object.name), restore: objects.map((object) => object.create) };
  });
}

/** Makes again what dropSearchIndex dropped (indexes are rebuilt over the rows written meanwhile). */
export async function restoreSearchIndex(db, connection, statements) {
  await withConnection(db, connection, async (run) => {
    for (const statement of statements) await run(statement);
  });
}
