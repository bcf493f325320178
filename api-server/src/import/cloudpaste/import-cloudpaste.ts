import type { AppDatabase } from '../../db/database';
import type { SecretBox } from '../../lib/secret-box';
import { mapToCloudclip, type CloudclipImportRows, type ExistingCloudclipData, type ImportReportEntry } from './map-to-cloudclip';
import { copyObjects, locateObject, removeObjects, type ObjectOutcome, type ObjectsTarget } from './import-objects';
import { CloudPasteImportError, readCloudPaste } from './read-cloudpaste';

/**
 * Imports a CloudPaste 0.6 database into ours: read (read-only), map, then every row in one
 * transaction, so a failure leaves the target as it was. What the target holds already is never
 * overwritten: clashes are skipped and reported (map-to-cloudclip.ts).
 *
 * With `objects`, the objects of imported file shares found in a local copy of the bucket are copied
 * into our local storage first (import-objects.ts) and their rows point there; if the transaction
 * then fails, the copies are removed again.
 *
 * Not done here (callers' job): cache invalidation of a running server, and the mount index (a new
 * mount is indexed when the crawler next sees it).
 */

export interface ImportCloudPasteOptions {
  secretBox: SecretBox;
  /** CloudPaste's ENCRYPTION_SECRET (default: its default). */
  cloudpasteSecret?: string;
  /** Owner of imported configs and admin-made rows; default: the target's oldest admin. */
  adminId?: string;
  now?: Date;
  /** Map and report only; write nothing. */
  dryRun?: boolean;
  /** Copy file objects from a local copy of CloudPaste's bucket(s) into this local storage. */
  objects?: ObjectsTarget;
}

export interface ImportCloudPasteResult {
  report: ImportReportEntry[];
  /** Rows written per table (all zero on a dry run). */
  written: Record<keyof CloudclipImportRows, number>;
  /** With `objects`: per imported file share, whether its object was copied ('found' on a dry run) and why not. */
  objects: ObjectOutcome[];
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 100;

async function existingData(db: AppDatabase): Promise<ExistingCloudclipData> {
  const pastes = await db.selectFrom('pastes').select(['id', 'slug']).execute();
  const files = await db.selectFrom('files').select(['id', 'slug']).execute();
  const keys = await db.selectFrom('api_keys').select(['id', 'name', 'key']).execute();
  const mounts = await db.selectFrom('mounts').select(['id', 'mount_path']).execute();
  const configs = await db.selectFrom('storage_configs').select(['id', 'is_default']).execute();
  return {
    pasteIds: new Set(pastes.map((row) => row.id)),
    pasteSlugs: new Set(pastes.map((row) => row.slug)),
    fileIds: new Set(files.map((row) => row.id)),
    fileSlugs: new Set(files.map((row) => row.slug)),
    apiKeyIds: new Set(keys.map((row) => row.id)),
    apiKeyNames: new Set(keys.map((row) => row.name)),
    apiKeyKeys: new Set(keys.map((row) => row.key)),
    mountIds: new Set(mounts.map((row) => row.id)),
    mountPaths: new Set(mounts.map((row) => row.mount_path)),
    storageConfigIds: new Set(configs.map((row) => row.id)),
    hasDefaultStorageConfig: configs.some((row) => Number(row.is_default) === 1),
  };
}

async function ownerAdminId(db: AppDatabase, given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const admin = await db.selectFrom('admins').select('id').orderBy('created_at').orderBy('id').executeTakeFirst();
  if (admin === undefined) {
    throw new CloudPasteImportError('The target database has no admin yet: start the server once so it creates one, then import');
  }
  return admin.id;
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export async function importCloudPaste(db: AppDatabase, file: string, options: ImportCloudPasteOptions): Promise<ImportCloudPasteResult> {
  const data = readCloudPaste(file, { secret: options.cloudpasteSecret });
  const adminId = await ownerAdminId(db, options.adminId);
  const buckets = new Map(data.s3Configs.map((config) => [config.id, config.bucketName]));
  const objectsDir = options.objects?.dir;
  const { rows, report, needLocalObject } = mapToCloudclip(data, {
    secretBox: options.secretBox,
    adminId,
    now: options.now ?? new Date(),
    existing: await existingData(db),
    ...(objectsDir === undefined
      ? {}
      : { keepFileWithoutConfig: (file) => 'file' in locateObject(objectsDir, buckets.get(file.s3ConfigId) ?? '', file.storagePath) }),
  });
  const written = { storageConfigs: 0, apiKeys: 0, pastes: 0, files: 0, mounts: 0, settings: 0 };
  const dryRun = options.dryRun === true;
  let copied: string[] = [];
  let objects: ObjectOutcome[] = [];
  if (options.objects !== undefined) {
    try {
      const result = await copyObjects(rows.files, (id) => buckets.get(id) ?? '', options.objects, dryRun);
      objects = result.outcomes;
      copied = result.written;
    } catch (error) {
      throw new CloudPasteImportError(`Import failed, nothing was written: ${(error as Error).message.split('\n')[0]}`);
    }
    for (const outcome of objects) {
      const entry = report.find((e) => e.kind === 'file' && e.id === outcome.fileId);
      if (entry === undefined) continue;
      if (outcome.outcome === 'not-copied' && needLocalObject.has(outcome.fileId)) {
        // No S3 configuration to fall back on: the share is not imported after all.
        rows.files = rows.files.filter((row) => row.id !== outcome.fileId);
        entry.outcome = 'skipped';
        entry.reason = `${entry.notes?.[0]?.replace(/: imported because its object is in --objects-dir$/, '') ?? 'no storage configuration'}, and its object could not be copied: ${outcome.reason.replace(/; it stays on its S3 configuration$/, '')}`;
        delete entry.notes;
        continue;
      }
      const note =
        outcome.outcome === 'not-copied'
          ? `object not copied: ${outcome.reason}`
          : `object ${outcome.outcome === 'copied' ? 'copied' : 'would be copied'} from ${outcome.source} to local storage ${options.objects.configName} as ${outcome.key}`;
      entry.notes = [note, ...(entry.notes ?? []).filter((n) => !(outcome.outcome !== 'not-copied' && n.startsWith('the object stays')))];
    }
    // A share skipped above is reported as skipped, not as an object left on S3.
    objects = objects.filter((o) => !(o.outcome === 'not-copied' && needLocalObject.has(o.fileId)));
  }
  if (dryRun) return { report, written, objects };

  try {
    await db.transaction().execute(async (trx) => {
      // Configs before the files and mounts that refer to them.
      for (const part of chunks(rows.storageConfigs)) await trx.insertInto('storage_configs').values(part).execute();
      for (const part of chunks(rows.apiKeys)) await trx.insertInto('api_keys').values(part).execute();
      for (const part of chunks(rows.pastes)) await trx.insertInto('pastes').values(part).execute();
      for (const part of chunks(rows.files)) await trx.insertInto('files').values(part).execute();
      for (const part of chunks(rows.mounts)) await trx.insertInto('mounts').values(part).execute();
      for (const setting of rows.settings) {
        await trx
          .insertInto('system_settings')
          .values(setting)
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: setting.value, updated_at: setting.updated_at }))
          .execute();
      }
    });
  } catch (error) {
    if (options.objects !== undefined) await removeObjects(options.objects.driver, copied);
    throw new CloudPasteImportError(`Import failed, nothing was written: ${(error as Error).message.split('\n')[0]}`);
  }
  for (const key of Object.keys(written) as Array<keyof typeof written>) written[key] = rows[key].length;
  return { report, written, objects };
}
