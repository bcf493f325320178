import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync, type WriteStream } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import os from 'node:os';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import { Client } from 'pg';
import * as tar from 'tar-stream';
import { postgresTypes } from '../db/database';
import { findPackageRoot } from '../lib/paths';
import { localStoragePaths } from '../storage/local-keys';
import {
  BackupError,
  FORMAT_VERSION,
  MANIFEST_NAME,
  OBJECTS_PREFIX,
  OBJECT_META_PREFIX,
  encodeRow,
  isBackedUpTable,
  orderTables,
  secretFingerprint,
  tablePartName,
  type DatabaseKind,
  type Manifest,
  type ManifestPart,
  type SkippedObjects,
} from './archive-format';

export interface BackupSource {
  /** DATA_DIR: local storage objects live under `<dataDir>/storage/<config-id>`. */
  dataDir: string;
  /** PostgreSQL URL; else `sqliteFile` is read. */
  databaseUrl?: string;
  /** PostgreSQL: the schema holding the tables (default: the connection's current schema). */
  databaseSchema?: string;
  sqliteFile?: string;
  appSecret: string;
}

export interface CreateBackupOptions {
  source: BackupSource;
  /**
   * A file name (written as `<out>.partial`, renamed when complete), or a stream the archive is
   * piped into (an HTTP response): ended when complete, destroyed on a failure.
   */
  out: string | Writable;
  /** Where the table rows are spooled meanwhile (default: beside `out`, or the OS temp folder for a stream). */
  tempDir?: string;
  /** Called once the rows are read and the archive's first bytes are about to be written. */
  onWriting?: () => void;
  objects?: boolean;
  /**
   * With `objects`: objects of these local storage configs whose keys start with `prefix` are left
   * out (with their metadata), named in the manifest's skipped list (e.g. the earlier archives a
   * schedule keeps in that storage).
   */
  excludeObjects?: readonly ObjectExclusion[];
  appVersion: string;
  now?: () => Date;
}

export interface ObjectExclusion {
  storageConfigId: string;
  prefix: string;
  /** Told in the manifest's skipped list (default: earlier backups kept in this storage). */
  reason?: string;
}

export const EXCLUDED_BACKUPS_REASON = 'earlier backups kept in this storage';

/** Why the objects of a storage that is not local stay out of an archive (S3, WebDAV or SFTP). */
function remoteObjectsReason(driver: string): string {
  if (driver === 'webdav') return 'objects of WebDAV storage stay on that server';
  if (driver === 'sftp') return 'objects of SFTP storage stay on that server';
  return 'objects of S3 storage stay in their bucket';
}

interface StorageConfigSummary {
  storageConfigId: string;
  name: string;
  driver: string;
}

/** Rows of one table, read from the snapshot a batch at a time. */
interface Snapshot {
  kind: DatabaseKind;
  tables: string[];
  schemaVersion: string;
  rows(table: string): AsyncIterable<Record<string, unknown>>;
  close(): Promise<void>;
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** SQLite: the online backup API copies a consistent image of the live database to a temp file. */
async function sqliteSnapshot(file: string, workDir: string): Promise<Snapshot> {
  if (!existsSync(file)) throw new BackupError(`No SQLite database at ${file} (check DATA_DIR)`);
  const copyFile = path.join(workDir, 'snapshot.db');
  const live = new SqliteDatabase(file, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(copyFile);
  } finally {
    live.close();
  }
  const copy = new SqliteDatabase(copyFile, { readonly: true });
  const all = copy.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table'`).all() as { name: string; sql: string | null }[];
  // Full-text indexes (virtual tables and their shadow tables) are rebuilt by the target's triggers.
  const virtual = all.filter((row) => /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(row.sql ?? '')).map((row) => row.name);
  const names = all
    .map((row) => row.name)
    .filter((name) => isBackedUpTable(name) && !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
  const latest = copy.prepare(`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`).get() as { name: string } | undefined;
  if (latest === undefined) {
    copy.close();
    throw new BackupError(`The database at ${file} has no applied migrations: nothing to back up`);
  }
  return {
    kind: 'sqlite',
    tables: orderTables(names),
    schemaVersion: latest.name,
    async *rows(table) {
      // Lazy iteration: one row in memory at a time.
      for (const row of copy.prepare(`SELECT * FROM ${quote(table)}`).iterate()) yield row as Record<string, unknown>;
    },
    close: () => {
      copy.close();
      return Promise.resolve();
    },
  };
}

/** PostgreSQL: one REPEATABLE READ, READ ONLY transaction; rows come through a server-side cursor. */
async function postgresSnapshot(url: string, schema: string | undefined): Promise<Snapshot> {
  const client = new Client({ connectionString: url, types: postgresTypes });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (schema !== undefined) await client.query(`SET LOCAL search_path TO ${quote(schema)}`);
    const tables = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const latest = await client.query<{ name: string }>(`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`);
    const schemaVersion = latest.rows[0]?.name;
    if (schemaVersion === undefined) throw new BackupError('The PostgreSQL database has no applied migrations: nothing to back up');
    let cursor = 0;
    return {
      kind: 'postgresql',
      tables: orderTables(tables.rows.map((row) => row.name).filter(isBackedUpTable)),
      schemaVersion,
      async *rows(table) {
        const name = `backup_cursor_${cursor++}`;
        await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR SELECT * FROM ${quote(table)}`);
        for (;;) {
          const batch = await client.query<Record<string, unknown>>(`FETCH 500 FROM ${name}`);
          if (batch.rows.length === 0) break;
          yield* batch.rows;
        }
        await client.query(`CLOSE ${name}`);
      },
      close: async () => {
        await client.query('ROLLBACK').catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function closeStream(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, 'close');
}

/** Files below `dir` (never following symbolic links), as keys relative to it with `/` separators. */
async function* walkFiles(dir: string, prefix = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const key = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) yield* walkFiles(path.join(dir, entry.name), key);
    else if (entry.isFile()) yield key;
  }
}

interface SidecarFacts {
  key: string;
  size?: unknown;
  mtimeMs?: unknown;
}

/** The object key (and recorded size and time) a sidecar describes; undefined for an unreadable one. */
function sidecarFacts(body: Buffer): SidecarFacts | undefined {
  try {
    const value = JSON.parse(body.toString('utf8')) as { key?: unknown; size?: unknown; mtimeMs?: unknown };
    return typeof value.key === 'string' ? { key: value.key, size: value.size, mtimeMs: value.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the object file no longer matches its sidecar (the local driver would compute its ETag again). */
async function isStale(facts: SidecarFacts, file: string): Promise<boolean> {
  try {
    const info = await lstat(file);
    return info.size !== facts.size || info.mtimeMs !== facts.mtimeMs;
  } catch {
    return false;
  }
}

function addEntry(pack: tar.Pack, name: string, size: number, source: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const sink = pack.entry({ name, size, mode: 0o600, mtime: new Date(0) }, (error) => (error ? reject(error) : resolve()));
    // A destroyed pack (the output failed) fails its entry too: that must not escape as an unhandled error.
    sink.on('error', reject);
    source.on('error', reject);
    source.pipe(sink);
  });
}

/**
 * Writes a backup archive to `out`: a file (via `<out>.partial`, renamed only when complete; a
 * failure removes the partial file) or a stream (backpressure respected). Table rows are spooled to
 * JSONL files in a temp directory (`tempDir`, else beside the file; their sizes must be known for
 * the tar headers), objects are streamed straight from the local storage, the manifest comes last.
 * Memory stays flat: one row or chunk at a time. `file` in the answer is undefined for a stream.
 */
export async function createBackup(options: CreateBackupOptions): Promise<{ file: string | undefined; manifest: Manifest }> {
  const out = typeof options.out === 'string' ? path.resolve(options.out) : undefined;
  const partial = out === undefined ? undefined : `${out}.partial`;
  const spoolParent = options.tempDir ?? (out === undefined ? os.tmpdir() : path.dirname(out));
  await mkdir(spoolParent, { recursive: true });
  const workDir = await mkdtemp(path.join(spoolParent, '.cloudclip-backup-'));
  const { source } = options;
  let packing: tar.Pack | undefined;
  try {
    const snapshot =
      source.databaseUrl !== undefined
        ? await postgresSnapshot(source.databaseUrl, source.databaseSchema)
        : await sqliteSnapshot(source.sqliteFile ?? '', workDir);
    const parts: Record<string, ManifestPart> = {};
    const rowCounts: Record<string, number> = {};
    const spooled: { name: string; file: string }[] = [];
    const storageConfigs: StorageConfigSummary[] = [];
    try {
      for (const table of snapshot.tables) {
        const file = path.join(workDir, `${table}.jsonl`);
        const stream = createWriteStream(file, { mode: 0o600 });
        const hash = createHash('sha256');
        let bytes = 0;
        let count = 0;
        try {
          for await (const row of snapshot.rows(table)) {
            const line = encodeRow(row);
            hash.update(line);
            bytes += Buffer.byteLength(line);
            count += 1;
            if (table === 'storage_configs') {
              storageConfigs.push({ storageConfigId: String(row.id), name: String(row.name), driver: String(row.driver) });
            }
            await write(stream, line);
          }
        } finally {
          await closeStream(stream);
        }
        const name = tablePartName(table);
        parts[name] = { sha256: hash.digest('hex'), bytes };
        rowCounts[table] = count;
        spooled.push({ name, file });
      }
    } finally {
      await snapshot.close();
    }
    await rm(path.join(workDir, 'snapshot.db'), { force: true });

    const skipped: SkippedObjects[] = [];
    const pack = tar.pack();
    packing = pack;
    options.onWriting?.();
    const sink: Writable = partial === undefined ? (options.out as Writable) : createWriteStream(partial, { mode: 0o600 });
    // A full disk can report more than one failed write; the pipeline below takes the first, the others must not escape.
    sink.on('error', () => undefined);
    const written = pipeline(pack, createGzip(), sink);
    // A failure of the file (e.g. a full disk) ends the pipeline early: an entry being added then
    // may never finish, so every addition races the pipeline's failure.
    // Once it failed, the pack is destroyed and refuses entries: the pipeline's error is the one to tell.
    let pipelineError: unknown;
    const failed = new Promise<never>((_, reject) => {
      written.catch((error: unknown) => {
        pipelineError = error;
        reject(error);
      });
    });
    failed.catch(() => undefined);
    const add = (name: string, size: number, stream: Readable): Promise<void> =>
      Promise.race([addEntry(pack, name, size, stream), failed]).catch((error: unknown) => {
        stream.destroy();
        throw pipelineError ?? error;
      });
    for (const part of spooled) {
      await add(part.name, (await stat(part.file)).size, createReadStream(part.file));
    }
    for (const config of storageConfigs) {
      if (config.driver !== 'local') {
        skipped.push({ ...config, reason: remoteObjectsReason(config.driver) });
        continue;
      }
      if (!options.objects) {
        skipped.push({ ...config, reason: 'created without --objects' });
        continue;
      }
      if (!/^[A-Za-z0-9_-]+$/.test(config.storageConfigId)) {
        skipped.push({ ...config, reason: 'unusable storage config id' });
        continue;
      }
      const exclusions = (options.excludeObjects ?? []).filter((rule) => rule.storageConfigId === config.storageConfigId);
      for (const rule of exclusions) skipped.push({ ...config, reason: rule.reason ?? EXCLUDED_BACKUPS_REASON, prefix: rule.prefix });
      const excluded = (key: string): boolean => exclusions.some((rule) => key.startsWith(rule.prefix));
      const root = path.join(source.dataDir, 'storage', config.storageConfigId);
      for await (const key of walkFiles(root)) {
        if (excluded(key)) continue;
        const file = path.join(root, ...key.split('/'));
        const info = await lstat(file);
        const hash = createHash('sha256');
        // Exactly the size in the tar header, even if the object grows meanwhile.
        const counted: Readable = info.size === 0 ? Readable.from([]) : createReadStream(file, { start: 0, end: info.size - 1 });
        counted.on('data', (chunk: Buffer) => hash.update(chunk));
        const name = `${OBJECTS_PREFIX}${config.storageConfigId}/${key}`;
        await add(name, info.size, counted);
        parts[name] = { sha256: hash.digest('hex'), bytes: info.size };
      }
      // The objects' sidecars (content type, disposition, user metadata, ETag): only the `meta` tree,
      // never multipart parts or temp files; a sidecar whose object is left out stays out too.
      const metaRoot = path.join(localStoragePaths(source.dataDir, config.storageConfigId).internalDir, 'meta');
      for await (const relative of walkFiles(metaRoot)) {
        if (!relative.endsWith('.json')) continue;
        let body: Buffer;
        try {
          body = await readFile(path.join(metaRoot, ...relative.split('/')));
        } catch (error) {
          if ((error as { code?: string }).code === 'ENOENT') continue; // the object was deleted meanwhile
          throw error;
        }
        const facts = sidecarFacts(body);
        if (facts === undefined || excluded(facts.key)) continue;
        if (!facts.key.endsWith('/') && (await isStale(facts, path.join(root, ...facts.key.split('/'))))) {
          // Its object changed without it: the copy says so (size -1), so the restored object's ETag is computed again.
          body = Buffer.from(JSON.stringify({ ...(JSON.parse(body.toString('utf8')) as object), size: -1 }));
        }
        const name = `${OBJECT_META_PREFIX}${config.storageConfigId}/${relative}`;
        await add(name, body.length, Readable.from([body]));
        parts[name] = { sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length };
      }
    }
    const manifest: Manifest = {
      formatVersion: FORMAT_VERSION,
      schemaVersion: snapshot.schemaVersion,
      appVersion: options.appVersion,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      database: snapshot.kind,
      rowCounts,
      parts,
      secretFingerprint: secretFingerprint(source.appSecret),
      objects: { included: options.objects === true, skipped },
    };
    const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry({ name: MANIFEST_NAME, size: body.length, mode: 0o600, mtime: new Date(0) }, body);
    pack.finalize();
    await written;
    if (partial !== undefined && out !== undefined) await rename(partial, out);
    return { file: out, manifest };
  } catch (error) {
    packing?.destroy();
    if (partial !== undefined) await rm(partial, { force: true });
    else (options.out as Writable).destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** A default archive name: `cloudclip-backup-<UTC time>-<random>.tar.gz` in the working directory. */
export function defaultBackupName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');
  return `cloudclip-backup-${stamp}-${randomBytes(3).toString('hex')}.tar.gz`;
}

/** The api-server's version (package.json), written into every manifest. */
export function currentAppVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(findPackageRoot(__dirname), 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
