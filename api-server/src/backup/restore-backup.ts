/**
 * Restoring a backup archive into a target database and DATA_DIR: the options and report, the
 * secret check (sealed values re-sealed under another APP_SECRET) and the one-transaction pass that
 * inserts every row and stages the objects. The target's checks live in restore-target.ts, the
 * objects' placement in restore-objects.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { SecretBox } from '../lib/secret-box';
import {
  BackupError,
  MANIFEST_NAME,
  OBJECTS_PREFIX,
  OBJECT_META_PREFIX,
  TABLE_ORDER,
  readArchive,
  secretFingerprint,
  tableOfPart,
  verifyArchive,
  type Manifest,
  type VerifiedArchive,
} from './archive-format';
import { moveStagedObjects, objectTarget, type StagedObject, type StagedSidecar } from './restore-objects';
import {
  FRESH_START_TABLES,
  generatedColumns,
  latestMigration,
  notEmptyError,
  targetColumns,
  userContentTables,
  convertValue,
  type AnyDb,
  type RestoreTarget,
} from './restore-target';

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

const BATCH_ROWS = 200;

function rowKey(row: Record<string, unknown>): string {
  for (const column of ['id', 'slug', 'key', 'token', 'name']) {
    const value = row[column];
    if (value !== undefined && value !== null) return String(value);
  }
  return JSON.stringify(Object.values(row).slice(0, 3));
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
  const staged: StagedObject[] = [];
  const stagedMeta: StagedSidecar[] = [];
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
    const objects = await moveStagedObjects(target.dataDir, staging, staged, stagedMeta);
    return { manifest, inserted, conflicts, objects };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Restore failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`, 'failed');
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
