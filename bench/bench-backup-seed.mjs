// The backup benchmark's source data (bench-backup.mjs): the deterministic rows of bench-backup-lib
// written in one transaction into a database migrated by the build itself (SQLite file, or a new
// PostgreSQL database), and every file share's object in the local storage.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupFile, backupPaste, fileBytes } from './bench-backup-lib.mjs';
import { buildFile, requireFromApi } from './bench-backup-build.mjs';

export const APP_SECRET = 'bench-backup-app-secret-0123456789abcdef';
export const CONFIG_ID = 'b0000000-0000-4000-8000-000000000001';
const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

const PG_MAX_PARAMETERS = 30_000;
const PG_MAX_ROWS_PER_INSERT = 500;

const idOf = (kind, index) => `${kind}0000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
const isoAt = (ms) => new Date(ms).toISOString();

/** Columns and row values of every seeded table, from the deterministic rows of bench-backup-lib. */
function seedPlan({ pastes, files, passwordHash, seal, now }) {
  const yearMs = 365 * 86_400_000;
  const at = (index, count) => isoAt(now - yearMs + Math.floor((index * yearMs) / count));
  const nowIso = isoAt(now);
  return {
    admin: { id: ADMIN_ID, username: 'bench-admin', password_hash: passwordHash, created_at: nowIso, updated_at: nowIso },
    config: {
      id: CONFIG_ID,
      name: 'Local storage',
      driver: 'local',
      provider_type: 'Local',
      bucket_name: 'local',
      default_folder: 'uploads',
      is_public: 1,
      is_default: 1,
      admin_id: ADMIN_ID,
      created_at: nowIso,
      updated_at: nowIso,
    },
    pastes: function* () {
      for (let index = 0; index < pastes; index += 1) {
        const paste = backupPaste(index);
        const created = at(index, pastes);
        const id = idOf('c', index);
        yield {
          row: {
            id,
            slug: `bp${index.toString(36)}`,
            content: paste.content,
            remark: paste.remark,
            password_hash: paste.hasPassword ? passwordHash : null,
            password_sealed: paste.hasPassword ? seal('bench-password') : null,
            expires_at: paste.expiresInDays === null ? null : isoAt(now + paste.expiresInDays * 86_400_000),
            max_views: paste.maxViews,
            views: paste.maxViews === null ? paste.views : Math.min(paste.views, paste.maxViews - 1),
            created_by: ADMIN_ID,
            created_at: created,
            updated_at: created,
            encryption: paste.encryption,
          },
          tags: paste.tags.map((tag, position) => ({ paste_id: id, tag, tag_key: tag.toLowerCase(), position })),
        };
      }
    },
    files: function* () {
      for (let index = 0; index < files; index += 1) {
        const file = backupFile(index);
        const created = at(index, files);
        yield {
          index,
          file,
          row: {
            id: idOf('d', index),
            filename: file.filename,
            storage_path: `uploads/${file.prefix}-${file.filename}`,
            mimetype: file.mimetype,
            size: file.size,
            s3_config_id: CONFIG_ID,
            slug: `bf${index.toString(36)}`,
            remark: file.remark,
            password_hash: file.hasPassword ? passwordHash : null,
            password_sealed: file.hasPassword ? seal('bench-password') : null,
            views: 0,
            use_proxy: 1,
            created_by: ADMIN_ID,
            created_at: created,
            updated_at: created,
          },
        };
      }
    },
  };
}

/** Writes every file share's object into the local storage of `dataDir`; returns their total bytes. */
export function seedObjects(dataDir, files) {
  let bytes = 0;
  const root = path.join(dataDir, 'storage', CONFIG_ID, 'uploads');
  mkdirSync(root, { recursive: true });
  for (let index = 0; index < files; index += 1) {
    const file = backupFile(index);
    const body = fileBytes(index, file, randomBytes);
    writeFileSync(path.join(root, `${file.prefix}-${file.filename}`), body);
    bytes += body.length;
  }
  return bytes;
}

/** A migrated, empty database made by the build itself (as the server would at its first start). */
async function migrateThroughBuild(config) {
  const { openDatabase } = requireFromApi(buildFile('db', 'database.js'));
  const { migrateToLatest } = requireFromApi(buildFile('db', 'migrate.js'));
  const opened = await openDatabase(config);
  try {
    await migrateToLatest(opened.db, undefined, opened.schema === undefined ? {} : { migrationTableSchema: opened.schema });
  } finally {
    await opened.db.destroy();
  }
}

async function seedContext() {
  const { hashPassword } = requireFromApi(buildFile('lib', 'password-hash.js'));
  const { SecretBox } = requireFromApi(buildFile('lib', 'secret-box.js'));
  const box = new SecretBox(APP_SECRET);
  return { passwordHash: await hashPassword('bench-password'), seal: (plain) => box.encrypt(plain) };
}

/** Seeds the SQLite file in one transaction; returns the rows written per table. */
export async function seedSqlite(file, sizes) {
  await migrateThroughBuild({ file });
  const plan = seedPlan({ ...sizes, ...(await seedContext()), now: Date.now() });
  const Database = requireFromApi('better-sqlite3');
  const db = new Database(file);
  const statements = new Map();
  const insert = (table, row) => {
    const columns = Object.keys(row);
    const key = `${table}(${columns.join(',')})`;
    if (!statements.has(key)) {
      statements.set(key, db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`));
    }
    statements.get(key).run(...Object.values(row));
  };
  const counts = { pastes: 0, paste_tags: 0, files: 0 };
  try {
    db.transaction(() => {
      insert('admins', plan.admin);
      insert('storage_configs', plan.config);
      for (const { row, tags } of plan.pastes()) {
        insert('pastes', row);
        counts.pastes += 1;
        for (const tag of tags) insert('paste_tags', tag);
        counts.paste_tags += tags.length;
      }
      for (const { row } of plan.files()) {
        insert('files', row);
        counts.files += 1;
      }
    })();
  } finally {
    db.close();
  }
  return counts;
}

/** A URL of the same PostgreSQL server naming database `name`. */
function databaseUrlFor(baseUrl, name) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createPostgresDatabase(baseUrl, name) {
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return databaseUrlFor(baseUrl, name);
}

/** Seeds a new PostgreSQL database in one transaction (multi-row INSERTs); returns its URL and the rows per table. */
export async function seedPostgres(baseUrl, name, sizes) {
  const url = await createPostgresDatabase(baseUrl, name);
  await migrateThroughBuild({ url });
  const plan = seedPlan({ ...sizes, ...(await seedContext()), now: Date.now() });
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  const pending = new Map();
  const flush = async (table) => {
    // Tags reference their paste: the pastes still pending go first.
    if (table === 'paste_tags') await flush('pastes');
    const rows = pending.get(table) ?? [];
    if (!rows.length) return;
    pending.set(table, []);
    const columns = Object.keys(rows[0]);
    const values = [];
    const tuples = rows.map((row) => {
      const start = values.length;
      values.push(...columns.map((column) => row[column]));
      return `(${columns.map((_, i) => `$${start + i + 1}`).join(', ')})`;
    });
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  };
  const add = async (table, row) => {
    if (!pending.has(table)) pending.set(table, []);
    const rows = pending.get(table);
    rows.push(row);
    if (rows.length >= Math.min(PG_MAX_ROWS_PER_INSERT, Math.floor(PG_MAX_PARAMETERS / Object.keys(row).length))) await flush(table);
  };
  const counts = { pastes: 0, paste_tags: 0, files: 0 };
  try {
    await client.query('BEGIN');
    await add('admins', plan.admin);
    await flush('admins');
    await add('storage_configs', plan.config);
    await flush('storage_configs');
    for (const { row, tags } of plan.pastes()) {
      await add('pastes', row);
      counts.pastes += 1;
      for (const tag of tags) await add('paste_tags', tag);
      counts.paste_tags += tags.length;
    }
    await flush('pastes');
    await flush('paste_tags');
    for (const { row } of plan.files()) {
      await add('files', row);
      counts.files += 1;
    }
    await flush('files');
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return { url, counts };
}
