import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';

/**
 * The backup archive: a gzip'd tar holding
 * - `tables/<table>.jsonl`: the rows of each table, one JSON object a line, in foreign-key order;
 * - with `--objects`, `objects/<storage-config-id>/<key>`: the local storage's objects, and
 *   `objects-meta/<storage-config-id>/<path>`: their metadata sidecars (content type, content
 *   disposition, user metadata, ETag; `<DATA_DIR>/storage/.internal/<id>/meta/<path>`). Added in
 *   format 1 without a version change: an archive without them still restores (the objects then
 *   get default metadata), and a reader that does not know them only checks their hashes;
 * - `manifest.json`, written LAST (every part's hash is known only once it has been written).
 * A restore therefore reads the archive twice: a first pass hashes every part and reads the
 * manifest at the end, and only when everything matches does a second pass write anything.
 */
export const FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const TABLES_PREFIX = 'tables/';
export const OBJECTS_PREFIX = 'objects/';
export const OBJECT_META_PREFIX = 'objects-meta/';
const FINGERPRINT_MESSAGE = 'cloudclip-backup-v1';
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * Tables in an order in which every row's foreign keys point at rows of earlier tables.
 * A table the archive holds that is not listed here comes after these (and has no foreign keys
 * into later tables when a newer migration adds it to this list).
 */
export const TABLE_ORDER: readonly string[] = [
  'admins',
  'admin_tokens',
  'api_keys',
  'system_settings',
  'storage_configs',
  'pastes',
  'paste_tags',
  'files',
  'mounts',
  'upload_reservations',
  'dav_locks',
  'dav_properties',
  'dav_guards',
  'mount_entries',
  'mount_index_state',
  'mount_index_queue',
  'credential_failures',
];

/** Kysely's bookkeeping tables are never backed up: the target's own migrations are authoritative. */
export function isBackedUpTable(name: string): boolean {
  if (name === 'backup_runs' || name === 'backup_lease') return false; // this instance's backup history and lease (backup/schedule/)
  return !name.startsWith('kysely_') && !name.startsWith('sqlite_');
}

export function orderTables(names: readonly string[]): string[] {
  const known = TABLE_ORDER.filter((name) => names.includes(name));
  const others = names.filter((name) => !TABLE_ORDER.includes(name)).sort();
  return [...known, ...others];
}

export type DatabaseKind = 'sqlite' | 'postgresql';

export interface ManifestPart {
  sha256: string;
  bytes: number;
}

export interface SkippedObjects {
  storageConfigId: string;
  name: string;
  driver: string;
  reason: string;
  /** Only the objects whose keys start with this were left out (the others are in the archive). */
  prefix?: string;
}

export interface Manifest {
  formatVersion: number;
  /** Name of the latest migration applied to the source database. */
  schemaVersion: string;
  appVersion: string;
  createdAt: string;
  database: DatabaseKind;
  rowCounts: Record<string, number>;
  parts: Record<string, ManifestPart>;
  /** HMAC-SHA256(APP_SECRET, 'cloudclip-backup-v1'), hex: tells whether a restore has the same secret. */
  secretFingerprint: string;
  objects: { included: boolean; skipped: SkippedObjects[] };
}

/**
 * What kind of refusal a BackupError is, for callers that answer in other words (the admin API
 * translates it): `damaged` truncated, tampered or not gzip/tar; `foreign` not a Cloudclip backup;
 * `unsupported` another format version; `schema` another schema version than the target's;
 * `secretRequired` / `secretWrong` the APP_SECRET question; `notEmpty` the target holds user
 * content; `missing` no such file; `failed` anything else (nothing was changed).
 */
export type BackupErrorReason =
  'damaged' | 'foreign' | 'unsupported' | 'schema' | 'secretRequired' | 'secretWrong' | 'notEmpty' | 'missing' | 'failed';

/** A refusal or failure told to the operator in one line (the CLI exits 1). */
export class BackupError extends Error {
  override name = 'BackupError';
  readonly reason: BackupErrorReason;
  /** Values a translated message may name (tables, versions). */
  readonly params: Record<string, string>;

  constructor(message: string, reason: BackupErrorReason = 'failed', params: Record<string, string> = {}) {
    super(message);
    this.reason = reason;
    this.params = params;
  }
}

export function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update(FINGERPRINT_MESSAGE).digest('hex');
}

export function tablePartName(table: string): string {
  return `${TABLES_PREFIX}${table}.jsonl`;
}

export function tableOfPart(name: string): string | undefined {
  if (!name.startsWith(TABLES_PREFIX) || !name.endsWith('.jsonl')) return undefined;
  const table = name.slice(TABLES_PREFIX.length, -'.jsonl'.length);
  return /^[a-z_][a-z0-9_]*$/.test(table) ? table : undefined;
}

/** Binary column values (none today) travel as `{ "$base64": "…" }`. */
export function encodeRow(row: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (Buffer.isBuffer(value) || value instanceof Uint8Array) out[column] = { $base64: Buffer.from(value).toString('base64') };
    else if (typeof value === 'bigint') out[column] = Number(value);
    else if (value instanceof Date) out[column] = value.toISOString();
    else out[column] = value;
  }
  return `${JSON.stringify(out)}\n`;
}

export function decodeValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const b64 = (value as { $base64?: unknown }).$base64;
    if (typeof b64 === 'string' && Object.keys(value).length === 1) return Buffer.from(b64, 'base64');
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Checks the manifest's shape; throws BackupError naming what is wrong. */
export function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError('Not a Cloudclip backup: its manifest.json is not JSON', 'foreign');
  }
  if (!isRecord(value)) throw new BackupError('Not a Cloudclip backup: its manifest.json is not an object', 'foreign');
  if (value.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(
      `Unsupported backup format version ${JSON.stringify(value.formatVersion)} (this version reads format ${FORMAT_VERSION})`,
      value.formatVersion === undefined ? 'foreign' : 'unsupported',
      { version: String(value.formatVersion) },
    );
  }
  const parts = value.parts;
  if (
    typeof value.schemaVersion !== 'string' ||
    typeof value.secretFingerprint !== 'string' ||
    (value.database !== 'sqlite' && value.database !== 'postgresql') ||
    !isRecord(value.rowCounts) ||
    !isRecord(parts) ||
    !isRecord(value.objects)
  ) {
    throw new BackupError('Not a Cloudclip backup: its manifest.json lacks required fields', 'foreign');
  }
  for (const [name, part] of Object.entries(parts)) {
    if (!isRecord(part) || typeof part.sha256 !== 'string' || typeof part.bytes !== 'number') {
      throw new BackupError(`Damaged backup manifest: part ${name} has no sha256/bytes`, 'damaged');
    }
  }
  return value as unknown as Manifest;
}

export interface ArchiveEntry {
  name: string;
  size: number;
  stream: AsyncIterable<Buffer>;
}

/**
 * Reads the archive's entries one after another (streaming: one chunk in memory at a time).
 * `visit` must consume or drain each entry's stream before it returns. A truncated or
 * non-gzip/tar file throws BackupError.
 */
export async function readArchive(file: string, visit: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  let visitorError: unknown;
  const consume = (async () => {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') {
        entry.resume();
        continue;
      }
      try {
        await visit({ name: entry.header.name, size: entry.header.size ?? 0, stream: entry });
      } catch (error) {
        visitorError = error;
        extract.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
      // Whatever the visitor left unread is skipped.
      entry.resume();
    }
  })();
  // A damaged gzip or tar stream also surfaces inside the visitor (reading the entry): tell them apart.
  let streamError: unknown;
  const gunzip = createGunzip();
  const noteStreamError = (error: unknown): void => {
    if (streamError === undefined && visitorError === undefined) streamError = error;
  };
  gunzip.on('error', noteStreamError);
  extract.on('error', noteStreamError);
  try {
    await Promise.all([pipeline(createReadStream(file), gunzip, extract), consume]);
  } catch (caught) {
    if (streamError === undefined && visitorError !== undefined) throw visitorError;
    const error = streamError ?? caught;
    if (error instanceof BackupError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new BackupError(`No such backup file: ${file}`, 'missing');
    throw new BackupError(
      `The backup ${file} is truncated or damaged (not a complete gzip'd tar): ${error instanceof Error ? error.message : String(error)}`,
      'damaged',
    );
  }
}

export interface VerifiedArchive {
  manifest: Manifest;
}

/** Pass one: hashes every part and checks them against the manifest (found at the end). Writes nothing. */
export async function verifyArchive(file: string): Promise<VerifiedArchive> {
  const seen = new Map<string, ManifestPart>();
  const rows = new Map<string, number>();
  let manifestText: string | undefined;
  await readArchive(file, async (entry) => {
    if (entry.name === MANIFEST_NAME) {
      if (entry.size > MAX_MANIFEST_BYTES) throw new BackupError('Not a Cloudclip backup: its manifest.json is too large', 'foreign');
      const chunks: Buffer[] = [];
      for await (const chunk of entry.stream) chunks.push(chunk);
      manifestText = Buffer.concat(chunks).toString('utf8');
      return;
    }
    if (seen.has(entry.name)) throw new BackupError(`Damaged backup: part ${entry.name} appears twice`, 'damaged');
    const hash = createHash('sha256');
    let bytes = 0;
    let lines = 0;
    for await (const chunk of entry.stream) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    seen.set(entry.name, { sha256: hash.digest('hex'), bytes });
    const table = tableOfPart(entry.name);
    if (table !== undefined) rows.set(table, lines);
  });
  if (manifestText === undefined) throw new BackupError(`Not a Cloudclip backup (or truncated): ${file} has no manifest.json`, 'foreign');
  const manifest = parseManifest(manifestText);
  for (const [name, expected] of Object.entries(manifest.parts)) {
    const actual = seen.get(name);
    if (actual === undefined) throw new BackupError(`Damaged backup: part ${name} is missing`, 'damaged');
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
      throw new BackupError(`Damaged backup: part ${name} does not match its SHA-256 in the manifest`, 'damaged');
    }
  }
  for (const [table, count] of rows) {
    if (manifest.rowCounts[table] !== count)
      throw new BackupError(`Damaged backup: ${table} has ${count} rows, the manifest says ${manifest.rowCounts[table]}`, 'damaged');
  }
  for (const name of seen.keys()) {
    if (!(name in manifest.parts)) throw new BackupError(`Damaged backup: part ${name} is not in the manifest`, 'damaged');
  }
  return { manifest };
}
