import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import type { AppDatabase, DatabaseEngine } from '../db/database';
import { SecretBox } from '../lib/secret-box';
import { isFolderKey, keySegments, localStoragePaths } from '../storage/local-keys';
import { LocalSidecars, writeJson } from '../storage/local-sidecars';
import {
  BackupError,
  MANIFEST_NAME,
  OBJECTS_PREFIX,
  OBJECT_META_PREFIX,
  TABLE_ORDER,
  decodeValue,
  isBackedUpTable,
  readArchive,
  secretFingerprint,
  tableOfPart,
  verifyArchive,
  type Manifest,
  type VerifiedArchive,
} from './archive-format';

export interface RestoreTarget {
  db: AppDatabase;
  engine: DatabaseEngine;
  /** PostgreSQL: the schema holding the tables. */
  schema?: string;
  /** DATA_DIR of the target: objects go to `<dataDir>/storage/<config-id>/<key>`. */
  dataDir: string;
  /** The target's server secret (APP_SECRET, or DATA_DIR's generated one). */
  appSecret: string;
}

export interface RestoreOptions {
  file: string;
  target: RestoreTarget;
  /** Add what is missing, report conflicts, never overwrite. Default: the target must be empty. */
  merge?: boolean;
  /** The APP_SECRET the backup was made with, when it differs from the target's: sealed values are re-sealed. */
  oldSecret?: string;
  /** The result of `verifyArchive(file)` when the caller already checked the archive (it is not read a third time). */
  verified?: VerifiedArchive;
}

export interface RestoreConflict {
  table: string;
  /** The row's id (or slug/key/token, whichever identifies it). */
  id: string;
}

export interface RestoreReport {
  manifest: Manifest;
  inserted: Record<string, number>;
  conflicts: RestoreConflict[];
  objects: { restored: number; conflicts: string[] };
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type ColumnTypes = Map<string, string>;

const BATCH_ROWS = 200;
const OBJECT_ID = /^[A-Za-z0-9_-]+$/;

/**
 * What a freshly started server writes by itself, before anyone uses it (seen by starting one on an
 * empty DATA_DIR and signing in once, backup-admin.test.ts): its admin account and that admin's
 * session tokens, the settings' defaults (migrations), the failed-credential and rate-limit
 * counters, the default local storage configuration, and the mount index's bookkeeping. A database
 * holding nothing else counts as empty: a restore (not a merge) replaces these rows by the
 * archive's, so the restored admin account and settings apply.
 */
export const FRESH_START_TABLES: readonly string[] = [
  'admins',
  'admin_tokens',
  'system_settings',
  'storage_configs',
  'credential_failures',
  'mount_index_state',
  'mount_index_queue',
];

export async function latestMigration(db: AppDatabase): Promise<string | undefined> {
  try {
    const result = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
    return result.rows[0]?.name;
  } catch {
    return undefined;
  }
}

async function targetColumns(target: RestoreTarget): Promise<Map<string, ColumnTypes>> {
  const tables = await target.db.introspection.getTables();
  const out = new Map<string, ColumnTypes>();
  for (const table of tables) {
    if (target.schema !== undefined && table.schema !== undefined && table.schema !== target.schema) continue;
    if (!isBackedUpTable(table.name)) continue;
    out.set(table.name, new Map(table.columns.map((column) => [column.name, column.dataType.toLowerCase()])));
  }
  return out;
}

/** Converts a value read from either engine's backup into what the target column takes. */
export function convertValue(value: unknown, dataType: string | undefined): unknown {
  const decoded = decodeValue(value);
  if (decoded === null || decoded === undefined || dataType === undefined) return decoded ?? null;
  if (dataType === 'boolean' || dataType === 'bool') {
    if (typeof decoded === 'number') return decoded !== 0;
    if (typeof decoded === 'string') return decoded === '1' || decoded.toLowerCase() === 'true';
    return decoded;
  }
  if (/^(integer|int|int2|int4|int8|bigint|smallint|real|numeric|double precision|float4|float8)$/.test(dataType)) {
    if (typeof decoded === 'boolean') return decoded ? 1 : 0;
    if (typeof decoded === 'string' && decoded.trim() !== '' && Number.isFinite(Number(decoded))) return Number(decoded);
    return decoded;
  }
  if (dataType.startsWith('timestamp') || dataType === 'date') {
    if (typeof decoded === 'number') return new Date(decoded).toISOString();
    return decoded;
  }
  if (dataType === 'json' || dataType === 'jsonb') {
    return typeof decoded === 'string' ? decoded : JSON.stringify(decoded);
  }
  // text and everything else
  if (typeof decoded === 'boolean') return decoded ? 1 : 0;
  if (typeof decoded === 'object' && !Buffer.isBuffer(decoded)) return JSON.stringify(decoded);
  return decoded;
}

/** Generated columns (`pastes.stored_bytes`): the target computes them, a restore leaves them out. */
async function generatedColumns(target: RestoreTarget, tables: Iterable<string>): Promise<Set<string>> {
  const out = new Set<string>();
  if (target.engine === 'PostgreSQL') {
    const result = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_generated = 'ALWAYS'`.execute(target.db);
    for (const row of result.rows) out.add(`${row.table_name}.${row.column_name}`);
    return out;
  }
  for (const table of tables) {
    const result = await sql<{ name: string }>`SELECT name FROM pragma_table_xinfo(${table}) WHERE hidden IN (2, 3)`.execute(target.db);
    for (const row of result.rows) out.add(`${table}.${row.name}`);
  }
  return out;
}

function rowKey(row: Record<string, unknown>): string {
  for (const column of ['id', 'slug', 'key', 'token', 'name']) {
    const value = row[column];
    if (value !== undefined && value !== null) return String(value);
  }
  return JSON.stringify(Object.values(row).slice(0, 3));
}

function objectTarget(name: string, prefix = OBJECTS_PREFIX): { configId: string; segments: string[] } | undefined {
  const rest = name.slice(prefix.length).split('/');
  const configId = rest.shift();
  if (configId === undefined || !OBJECT_ID.test(configId) || rest.length === 0) return undefined;
  if (rest.some((segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment))) return undefined;
  return { configId, segments: rest };
}

/** What a sidecar holds (storage/local-sidecars.ts); only `key`, `size` and `mtimeMs` matter here. */
interface SidecarFacts {
  key: string;
  size: number;
  mtimeMs: number;
}

function sidecarFacts(text: string): SidecarFacts | undefined {
  try {
    const value = JSON.parse(text) as Partial<SidecarFacts>;
    if (typeof value.key !== 'string' || typeof value.size !== 'number' || typeof value.mtimeMs !== 'number') return undefined;
    keySegments(value.key);
    return value as SidecarFacts;
  } catch {
    return undefined;
  }
}

/**
 * Puts one archived sidecar in place, where the target's local driver looks for it (found from the
 * key it names, never from the archive's path). Only for an object this restore put in place, or a
 * folder marker the target lacks: an existing object keeps its own metadata. The object gets the
 * recorded modification time and the sidecar the file's actual one, so the driver takes the
 * sidecar as current (same ETag) instead of computing it again. A sidecar that was already stale
 * in the source (its size differs) stays so: the driver computes the ETag again.
 */
async function restoreSidecar(dataDir: string, configId: string, stagedFile: string, restoredKeys: ReadonlySet<string>): Promise<void> {
  const meta = sidecarFacts(await readFile(stagedFile, 'utf8'));
  if (meta === undefined) return;
  const { rootDir, internalDir } = localStoragePaths(dataDir, configId);
  const destination = new LocalSidecars(internalDir).metaPath(meta.key);
  const segments = keySegments(meta.key);
  if (isFolderKey(meta.key)) {
    if (existsSync(destination)) return;
    await mkdir(path.join(rootDir, ...segments), { recursive: true });
    await writeJson(destination, meta);
    return;
  }
  if (!restoredKeys.has(`${configId}/${meta.key}`)) return;
  const objectFile = path.join(rootDir, ...segments);
  let info = await stat(objectFile);
  if (info.size === meta.size && Number.isFinite(meta.mtimeMs) && meta.mtimeMs > 0) {
    await utimes(objectFile, info.atime, meta.mtimeMs / 1000);
    info = await stat(objectFile);
    await writeJson(destination, { ...meta, mtimeMs: info.mtimeMs });
  } else {
    await writeJson(destination, meta);
  }
}

interface Resealer {
  from: SecretBox;
  to: SecretBox;
}

function checkSecret(manifest: Manifest, options: RestoreOptions): Resealer | undefined {
  const current = secretFingerprint(options.target.appSecret);
  if (manifest.secretFingerprint === current) return undefined;
  if (options.oldSecret === undefined) {
    throw new BackupError(
      'The backup was made with a different APP_SECRET: pass the old one with --secret-file FILE (its sealed passwords and storage keys are re-sealed with the current secret), or run with the old APP_SECRET',
      'secretRequired',
    );
  }
  if (secretFingerprint(options.oldSecret) !== manifest.secretFingerprint) {
    throw new BackupError('The secret in --secret-file is not the APP_SECRET this backup was made with', 'secretWrong');
  }
  return { from: new SecretBox(options.oldSecret), to: new SecretBox(options.target.appSecret) };
}

async function hasRows(db: AnyDb, table: string, atLeast = 1): Promise<boolean> {
  const rows = await db
    .selectFrom(table)
    .select(sql<number>`1`.as('one'))
    .limit(atLeast)
    .execute();
  return rows.length >= atLeast;
}

/**
 * The tables among `tables` that hold user content (empty list: the target counts as empty).
 * Fresh-start tables (FRESH_START_TABLES) never count, except `admins` with more than the one
 * account a start creates, and `storage_configs` with more than one configuration or one that is
 * not local storage (an S3 configuration is the admin's work).
 */
export async function userContentTables(db: AppDatabase, tables: Iterable<string>): Promise<string[]> {
  const anyDb = db as unknown as AnyDb;
  const found: string[] = [];
  for (const table of tables) {
    if (table === 'admins') {
      if (await hasRows(anyDb, table, 2)) found.push(table);
    } else if (table === 'storage_configs') {
      const configs = await anyDb.selectFrom(table).select('driver').limit(2).execute();
      if (configs.length > 1 || configs.some((row) => row.driver !== 'local')) found.push(table);
    } else if (!FRESH_START_TABLES.includes(table)) {
      if (await hasRows(anyDb, table)) found.push(table);
    }
  }
  return found;
}

/** Whether a restore without merge would accept `db` (see userContentTables); `tables` default: every backed-up table. */
export async function isEmptyTarget(db: AppDatabase, tables?: readonly string[]): Promise<boolean> {
  const names = tables ?? (await db.introspection.getTables()).map((table) => table.name).filter(isBackedUpTable);
  return (await userContentTables(db, names)).length === 0;
}

function notEmptyError(busy: readonly string[]): BackupError {
  return new BackupError(
    `The target database is not empty (rows in ${busy.join(', ')}): restore into an empty database, or add --merge to add only what is missing`,
    'notEmpty',
    { tables: busy.join(', ') },
  );
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Restores a backup archive. Pass one (`verifyArchive`, skipped when the caller hands its result in
 * `verified`) checks the format version and every part's SHA-256 before anything is written; then
 * the schema version and the secret. Pass two runs in ONE transaction on one connection: without
 * `merge` it first makes sure the target holds no user content (userContentTables; checked inside
 * the transaction, with writers kept out: `BEGIN IMMEDIATE` on SQLite, an EXCLUSIVE lock of the
 * archive's tables on PostgreSQL, so a server answering requests meanwhile cannot slip a row in)
 * and deletes the fresh-start rows, then inserts every row in foreign-key order (the archive's
 * order), converting values to the target's column types, and hashes every part again: a part
 * that no longer matches the manifest rolls everything back. Objects are unpacked into a staging
 * directory during that pass and moved into the local storage after the commit; an existing
 * object is never overwritten.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { target } = options;
  const { manifest } = options.verified ?? (await verifyArchive(options.file));
  const targetVersion = await latestMigration(target.db);
  if (targetVersion === undefined)
    throw new BackupError('The target database has no applied migrations: start the server on it once, or migrate it', 'schema');
  if (targetVersion !== manifest.schemaVersion) {
    throw new BackupError(
      `The backup's schema version ${manifest.schemaVersion} differs from the target database's ${targetVersion}: restore it with the Cloudclip version that made it (${manifest.appVersion})`,
      'schema',
      { backup: manifest.schemaVersion, target: targetVersion, appVersion: manifest.appVersion },
    );
  }
  const resealer = checkSecret(manifest, options);
  const columns = await targetColumns(target);
  const archiveTables = Object.keys(manifest.parts)
    .map(tableOfPart)
    .filter((table): table is string => table !== undefined);
  for (const table of archiveTables) {
    if (!columns.has(table)) throw new BackupError(`The target database has no table ${table}`, 'schema');
  }
  const generated = await generatedColumns(target, archiveTables);
  if (!options.merge) {
    // Early answer, before the archive is read again; repeated inside the transaction.
    const busy = await userContentTables(target.db, archiveTables);
    if (busy.length > 0) throw notEmptyError(busy);
  }

  const inserted: Record<string, number> = {};
  const conflicts: RestoreConflict[] = [];
  const staging = path.join(target.dataDir, 'tmp', `backup-restore-${randomBytes(6).toString('hex')}`);
  const staged: { configId: string; segments: string[] }[] = [];
  const stagedMeta: { configId: string; file: string }[] = [];
  const mismatch = (name: string): BackupError =>
    new BackupError(`Damaged backup: part ${name} does not match its SHA-256 in the manifest`, 'damaged');
  try {
    await target.db.connection().execute(async (connection) => {
      const trx = connection as unknown as AnyDb;
      await sql.raw(target.engine === 'SQLite' ? 'BEGIN IMMEDIATE' : 'BEGIN').execute(trx);
      try {
        if (!options.merge) {
          if (target.engine === 'PostgreSQL' && archiveTables.length > 0) {
            await sql.raw(`LOCK TABLE ${archiveTables.map(quoteIdentifier).join(', ')} IN EXCLUSIVE MODE`).execute(trx);
          }
          const busy = await userContentTables(connection, archiveTables);
          if (busy.length > 0) throw notEmptyError(busy);
          // Children first: admin tokens and the default storage config point at the admin.
          const replaced = [...TABLE_ORDER]
            .reverse()
            .filter((table) => FRESH_START_TABLES.includes(table) && archiveTables.includes(table));
          for (const table of replaced) await trx.deleteFrom(table).execute();
        }
        await readArchive(options.file, async (entry) => {
          if (entry.name === MANIFEST_NAME) return;
          const expected = manifest.parts[entry.name];
          if (expected === undefined) throw new BackupError(`Damaged backup: part ${entry.name} is not in the manifest`, 'damaged');
          const hash = createHash('sha256');
          let bytes = 0;
          async function* hashed(): AsyncGenerator<Buffer> {
            for await (const chunk of entry.stream) {
              hash.update(chunk);
              bytes += chunk.length;
              yield chunk;
            }
          }
          const verify = (): void => {
            if (bytes !== expected.bytes || hash.digest('hex') !== expected.sha256) throw mismatch(entry.name);
          };
          const table = tableOfPart(entry.name);
          if (table !== undefined) {
            const types = columns.get(table) ?? new Map<string, string>();
            let batch: Record<string, unknown>[] = [];
            let count = 0;
            const flush = async (): Promise<void> => {
              if (batch.length === 0) return;
              if (options.merge) {
                for (const row of batch) {
                  const result = await trx
                    .insertInto(table)
                    .values(row)
                    .onConflict((oc) => oc.doNothing())
                    .executeTakeFirst();
                  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) conflicts.push({ table, id: rowKey(row) });
                  else count += 1;
                }
              } else {
                await trx.insertInto(table).values(batch).execute();
                count += batch.length;
              }
              batch = [];
            };
            const lines = createInterface({ input: Readable.from(hashed()), crlfDelay: Infinity });
            for await (const line of lines) {
              if (line === '') continue;
              const source = JSON.parse(line) as Record<string, unknown>;
              const row: Record<string, unknown> = {};
              for (const [column, value] of Object.entries(source)) {
                if (generated.has(`${table}.${column}`)) continue;
                if (!types.has(column)) throw new BackupError(`The target table ${table} has no column ${column}`, 'schema');
                let converted = convertValue(value, types.get(column));
                if (resealer !== undefined && column.endsWith('_sealed') && typeof converted === 'string' && converted !== '') {
                  converted = resealer.to.encrypt(resealer.from.decrypt(converted));
                }
                row[column] = converted;
              }
              batch.push(row);
              if (batch.length >= BATCH_ROWS) await flush();
            }
            await flush();
            verify();
            inserted[table] = count;
            return;
          }
          if (entry.name.startsWith(OBJECTS_PREFIX)) {
            const object = objectTarget(entry.name);
            if (object === undefined) throw new BackupError(`Unusable object name in the backup: ${entry.name}`, 'damaged');
            const file = path.join(staging, object.configId, ...object.segments);
            await mkdir(path.dirname(file), { recursive: true });
            await pipeline(Readable.from(hashed()), createWriteStream(file, { mode: 0o600 }));
            verify();
            staged.push(object);
            return;
          }
          if (entry.name.startsWith(OBJECT_META_PREFIX)) {
            const meta = objectTarget(entry.name, OBJECT_META_PREFIX);
            if (meta === undefined) throw new BackupError(`Unusable object metadata name in the backup: ${entry.name}`, 'damaged');
            const file = path.join(staging, '.meta', String(stagedMeta.length));
            await mkdir(path.dirname(file), { recursive: true });
            await pipeline(Readable.from(hashed()), createWriteStream(file, { mode: 0o600 }));
            verify();
            stagedMeta.push({ configId: meta.configId, file });
          }
        });
        await sql.raw('COMMIT').execute(trx);
      } catch (error) {
        await sql
          .raw('ROLLBACK')
          .execute(trx)
          .catch(() => undefined);
        throw error;
      }
    });
    const objectConflicts: string[] = [];
    const restoredKeys = new Set<string>();
    let restored = 0;
    for (const object of staged) {
      const destination = path.join(target.dataDir, 'storage', object.configId, ...object.segments);
      const key = `${object.configId}/${object.segments.join('/')}`;
      if (existsSync(destination)) {
        objectConflicts.push(key);
        continue;
      }
      await mkdir(path.dirname(destination), { recursive: true });
      await rename(path.join(staging, object.configId, ...object.segments), destination);
      restoredKeys.add(key);
      restored += 1;
    }
    for (const meta of stagedMeta) await restoreSidecar(target.dataDir, meta.configId, meta.file, restoredKeys);
    return { manifest, inserted, conflicts, objects: { restored, conflicts: objectConflicts } };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Restore failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`, 'failed');
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
