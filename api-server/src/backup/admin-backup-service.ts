import { createHmac, randomBytes } from 'node:crypto';
import type { BackupRestoreCheck as BackupCheckResult, BackupRestoreResult, BackupRestoreRequest } from '@cloudclip/contract';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IN_MEMORY, openSqliteDatabase, type AppDatabase, type DatabaseEngine } from '../db/database';
import { HttpError } from '../http/http-error';
import type { MessageKey } from '../i18n/messages';
import { constantTimeEqual } from '../lib/safe-equal';
import type { Clock } from '../lib/time';
import type { CredentialFailureRepository } from '../repositories/credential-failure-repository';
import { BackupError, OBJECTS_PREFIX, secretFingerprint, tableOfPart, verifyArchive, type Manifest } from './archive-format';
import { createBackup } from './create-backup';
import { restoreBackup, type RestoreReport } from './restore-backup';
import { isEmptyTarget, latestMigration } from './restore-target';

/** A download link lives this long, and works once. */
export const DOWNLOAD_TOKEN_TTL_MS = 5 * 60 * 1000;
/** An uploaded, checked archive waits this long for its restore, then it is deleted. */
export const CHECK_TTL_MS = 30 * 60 * 1000;
export const DEFAULT_BACKUP_UPLOAD_MAX_BYTES = 20 * 1024 ** 3;
const CHECK_ID = /^[0-9a-f]{32}$/;
const TOKEN_PURPOSE = 'backup-download-token';

export interface AdminBackupServiceOptions {
  dataDir: string;
  /** The server secret (its fingerprint goes into archives and is compared with theirs). */
  appSecret: string;
  /** The app's database (checks, PostgreSQL restores: a transaction on a connection of its pool). */
  db: AppDatabase;
  engine: DatabaseEngine;
  /** PostgreSQL: DATABASE_URL and the schema of the tables (the backup reads a snapshot of its own). */
  databaseUrl?: string;
  schema?: string;
  /** SQLite: the database file (backups copy it online; restores write through a connection of their own). */
  sqliteFile?: string;
  clock: Clock;
  appVersion: string;
  /** Shared fixed-window counters: a download token's nonce is counted there, so it works once on any replica. */
  counters: CredentialFailureRepository;
  /** Whether an admin account still exists (a token is bound to its admin). */
  adminExists: (adminId: string) => Promise<boolean>;
  /** After a restore committed: caches cleared on every replica, background work woken. */
  afterRestore: () => Promise<void>;
  uploadMaxBytes?: number;
}

/** `POST /api/admin/backup/restore/check` → `data` and `POST /api/admin/backup/restore` → `data`: the contract's. */
export type { BackupCheckResult, BackupRestoreResult };

interface CheckRecord {
  adminId: string;
  createdAt: number;
  manifest: Manifest;
}

interface TokenPayload {
  a: string;
  e: number;
  n: string;
  o: boolean;
}

/** The admin API's answer to a refused backup or restore, in the caller's language. */
export function httpErrorOf(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (!(error instanceof BackupError)) return new HttpError(500, 'backupAdmin.restoreFailed', { cause: error });
  const keys: Record<BackupError['reason'], [number, MessageKey]> = {
    damaged: [400, 'backupAdmin.archiveDamaged'],
    foreign: [400, 'backupAdmin.archiveForeign'],
    unsupported: [400, 'backupAdmin.formatUnsupported'],
    schema: [400, error.params.backup === undefined ? 'backupAdmin.schemaDiffers' : 'backupAdmin.schemaMismatch'],
    secretRequired: [400, 'backupAdmin.secretRequired'],
    secretWrong: [400, 'backupAdmin.secretWrong'],
    notEmpty: [409, 'backupAdmin.targetNotEmpty'],
    missing: [404, 'backupAdmin.checkNotFound'],
    failed: [500, 'backupAdmin.restoreFailed'],
  };
  const [status, key] = keys[error.reason];
  return new HttpError(status, key, { params: error.params, cause: error });
}

/**
 * The admin panel's backup download and restore (routes/admin-backup.ts).
 *
 * Download tokens are signed, not stored: HMAC-SHA256 (a key derived from the server secret) over
 * the admin's id, the expiry, a random nonce and the `objects` choice. Any replica with the same
 * APP_SECRET verifies one; "once" is the nonce counted in the shared `credential_failures` window
 * counters (one UPSERT, atomic on both engines), so a second use is refused on every replica.
 *
 * Checked uploads are files `<DATA_DIR>/tmp/backup-checks/<checkId>.tar.gz` with `<checkId>.json`
 * beside (the admin, the time, the verified manifest): a replica sharing DATA_DIR finds them.
 * Replicas on PostgreSQL with separate DATA_DIRs answer 404 for a check made on another one, so the
 * upload and the restore must reach the same replica (sticky sessions) there.
 */
export class AdminBackupService {
  private readonly checksDir: string;
  private readonly tokenKey: Buffer;
  readonly uploadMaxBytes: number;

  constructor(private readonly options: AdminBackupServiceOptions) {
    this.checksDir = path.join(options.dataDir, 'tmp', 'backup-checks');
    this.tokenKey = createHmac('sha256', options.appSecret).update(TOKEN_PURPOSE).digest();
    this.uploadMaxBytes = options.uploadMaxBytes ?? DEFAULT_BACKUP_UPLOAD_MAX_BYTES;
  }

  // ------------------------------------------------------------------ download

  private sign(payload: string): string {
    return createHmac('sha256', this.tokenKey).update(payload).digest('base64url');
  }

  /** A one-time token for `GET /api/admin/backup/archive`, bound to the admin, valid DOWNLOAD_TOKEN_TTL_MS. */
  issueDownloadToken(adminId: string, objects: boolean): { token: string; expiresAt: Date } {
    const expires = this.options.clock().getTime() + DOWNLOAD_TOKEN_TTL_MS;
    const payload: TokenPayload = { a: adminId, e: expires, n: randomBytes(16).toString('hex'), o: objects };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { token: `${body}.${this.sign(body)}`, expiresAt: new Date(expires) };
  }

  /** The grant of a token, spending it; 404 for a forged, expired or used one, or one whose admin is gone. */
  async redeemDownloadToken(token: string): Promise<{ adminId: string; objects: boolean }> {
    const unknown = (): HttpError => new HttpError(404, 'backupAdmin.tokenInvalid');
    const [body, signature, extra] = token.split('.');
    if (body === undefined || signature === undefined || extra !== undefined) throw unknown();
    if (!constantTimeEqual(signature, this.sign(body))) throw unknown();
    let payload: TokenPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    } catch {
      throw unknown();
    }
    const now = this.options.clock().getTime();
    if (typeof payload.e !== 'number' || payload.e <= now || typeof payload.n !== 'string' || typeof payload.a !== 'string')
      throw unknown();
    if (!(await this.options.adminExists(payload.a))) throw unknown();
    const use = await this.options.counters.increment(`backup-download:${payload.n}`, now, payload.e - now + 60_000);
    if (use.failures !== 1) throw unknown();
    return { adminId: payload.a, objects: payload.o === true };
  }

  /**
   * Starts writing a backup into `sink`; resolves once the rows are read and the archive's bytes
   * begin (so a failure before that is still an error answer), rejects if it failed before. A
   * failure later destroys `sink` and goes to `onLateError`.
   */
  startDownload(sink: Writable, objects: boolean, onLateError: (error: unknown) => void): Promise<void> {
    const { options } = this;
    return new Promise((resolve, reject) => {
      let writing = false;
      const source =
        options.databaseUrl !== undefined
          ? { databaseUrl: options.databaseUrl, ...(options.schema === undefined ? {} : { databaseSchema: options.schema }) }
          : { sqliteFile: options.sqliteFile ?? '' };
      createBackup({
        source: { dataDir: options.dataDir, appSecret: options.appSecret, ...source },
        out: sink,
        tempDir: path.join(options.dataDir, 'tmp'),
        objects,
        appVersion: options.appVersion,
        now: options.clock,
        onWriting: () => {
          writing = true;
          resolve();
        },
      }).catch((error: unknown) => {
        if (writing) onLateError(error);
        else reject(error);
      });
    });
  }

  // ------------------------------------------------------------------ check

  private archiveFile(checkId: string): string {
    return path.join(this.checksDir, `${checkId}.tar.gz`);
  }

  private recordFile(checkId: string): string {
    return path.join(this.checksDir, `${checkId}.json`);
  }

  /** Deletes the checks older than CHECK_TTL_MS (and uploads left behind by a crash). */
  async sweepExpiredChecks(): Promise<void> {
    const now = this.options.clock().getTime();
    for (const name of await readdir(this.checksDir).catch(() => [] as string[])) {
      const file = path.join(this.checksDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info !== undefined && now - info.mtimeMs > CHECK_TTL_MS) await rm(file, { force: true, recursive: true });
    }
  }

  /**
   * Streams an uploaded archive to disk (at most uploadMaxBytes: 413), verifies every part's hash
   * (400 and the upload deleted when it is truncated, tampered or foreign) and says what a restore
   * would meet.
   */
  async check(adminId: string, body: Readable, contentLength: number | undefined): Promise<BackupCheckResult> {
    await this.sweepExpiredChecks();
    const max = this.uploadMaxBytes;
    const tooLarge = (): HttpError => new HttpError(413, 'backupAdmin.uploadTooLarge', { params: { max: String(max) } });
    if (contentLength !== undefined && contentLength > max) {
      body.resume();
      throw tooLarge();
    }
    await mkdir(this.checksDir, { recursive: true });
    const checkId = randomBytes(16).toString('hex');
    const upload = path.join(this.checksDir, `${checkId}.upload`);
    try {
      let bytes = 0;
      let exceeded = false;
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            bytes += chunk.length;
            if (bytes > max) {
              exceeded = true;
              throw tooLarge();
            }
            yield chunk;
          }
        },
        createWriteStream(upload, { mode: 0o600 }),
      ).catch((error: unknown) => {
        throw exceeded ? tooLarge() : error;
      });
      if (bytes === 0) throw new BackupError('The upload is empty', 'foreign');
      const { manifest } = await verifyArchive(upload);
      const record: CheckRecord = { adminId, createdAt: this.options.clock().getTime(), manifest };
      await writeFile(this.recordFile(checkId), JSON.stringify(record), { mode: 0o600 });
      await rename(upload, this.archiveFile(checkId));
      const tables = Object.keys(manifest.parts)
        .map(tableOfPart)
        .filter((table): table is string => table !== undefined);
      return {
        checkId,
        manifest: {
          formatVersion: manifest.formatVersion,
          schemaVersion: manifest.schemaVersion,
          appVersion: manifest.appVersion,
          createdAt: manifest.createdAt,
          database: manifest.database,
          rowCounts: manifest.rowCounts,
          objectCount: Object.keys(manifest.parts).filter((name) => name.startsWith(OBJECTS_PREFIX)).length,
          objectsIncluded: manifest.objects.included,
        },
        secretMatches: manifest.secretFingerprint === secretFingerprint(this.options.appSecret),
        schemaMatches: (await latestMigration(this.options.db)) === manifest.schemaVersion,
        targetEmpty: await isEmptyTarget(this.options.db, tables),
      };
    } catch (error) {
      await rm(upload, { force: true });
      await rm(this.recordFile(checkId), { force: true });
      throw httpErrorOf(error);
    }
  }

  // ------------------------------------------------------------------ restore

  private async findCheck(adminId: string, checkId: string): Promise<CheckRecord> {
    const notFound = (): HttpError => new HttpError(404, 'backupAdmin.checkNotFound');
    if (!CHECK_ID.test(checkId)) throw notFound();
    let record: CheckRecord;
    try {
      record = JSON.parse(await readFile(this.recordFile(checkId), 'utf8')) as CheckRecord;
    } catch {
      throw notFound();
    }
    if (this.options.clock().getTime() - record.createdAt > CHECK_TTL_MS) {
      await this.forget(checkId);
      throw notFound();
    }
    if (record.adminId !== adminId) throw notFound();
    return record;
  }

  private async forget(checkId: string): Promise<void> {
    await rm(this.archiveFile(checkId), { force: true });
    await rm(`${this.archiveFile(checkId)}.restoring`, { force: true });
    await rm(this.recordFile(checkId), { force: true });
  }

  /**
   * Restores a checked archive into this server's database, in one transaction (restoreBackup).
   * A refusal (409 not empty, 400 secret or schema) keeps the check for another try; a success
   * deletes it and clears the caches of every replica.
   */
  async restore(adminId: string, input: BackupRestoreRequest): Promise<BackupRestoreResult> {
    const record = await this.findCheck(adminId, input.checkId);
    // Claimed by a rename: two restores of one check cannot both run.
    const archive = this.archiveFile(input.checkId);
    const claimed = `${archive}.restoring`;
    try {
      await rename(archive, claimed);
    } catch {
      throw new HttpError(404, 'backupAdmin.checkNotFound');
    }
    const { options } = this;
    // SQLite: a connection of its own, so the server keeps answering reads while the restore writes.
    const own = options.engine === 'SQLite' && options.sqliteFile !== undefined && options.sqliteFile !== IN_MEMORY;
    const db = own ? openSqliteDatabase(options.sqliteFile ?? '') : options.db;
    let report: RestoreReport;
    try {
      report = await restoreBackup({
        file: claimed,
        verified: { manifest: record.manifest },
        merge: input.merge,
        ...(input.secret === undefined || input.secret === '' ? {} : { oldSecret: input.secret }),
        target: {
          db,
          engine: options.engine,
          ...(options.schema === undefined ? {} : { schema: options.schema }),
          dataDir: options.dataDir,
          appSecret: options.appSecret,
        },
      });
    } catch (error) {
      await rename(claimed, archive).catch(() => undefined);
      throw httpErrorOf(error);
    } finally {
      if (own) await db.destroy();
    }
    await this.forget(input.checkId);
    await options.afterRestore();
    return { inserted: report.inserted, conflicts: report.conflicts, objects: report.objects };
  }
}

/** `cloudclip-backup-<UTC yyyymmdd-hhmmss>.tar.gz` */
export function downloadFileName(now: Date): string {
  const iso = now.toISOString();
  return `cloudclip-backup-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}.tar.gz`;
}
