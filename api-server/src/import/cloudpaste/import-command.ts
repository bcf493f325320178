import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE_NAME } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase, type AppDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { SECRET_FILE_NAME, SecretBox, loadOrCreateServerSecret } from '../../lib/secret-box';
import { StorageRegistry } from '../../storage/storage-registry';
import { importCloudPaste, type ImportCloudPasteResult } from './import-cloudpaste';
import type { ObjectsTarget } from './import-objects';
import { summariseReport, type ImportKind } from './map-to-cloudclip';
import { CLOUDPASTE_DEFAULT_SECRET, CloudPasteImportError, readCloudPaste } from './read-cloudpaste';

/**
 * `pnpm backup import-cloudpaste DB_FILE [--objects-dir DIR] [--cloudpaste-secret SECRET] [--dry-run] [--report FILE]`
 * on the instance the server's environment names (DATA_DIR, DATABASE_URL, APP_SECRET), like
 * `backup create|restore`. The CloudPaste file is checked before the target is opened, so a file
 * that is missing, not CloudPaste or CloudPaste 1.x changes nothing (one-line CloudPasteImportError).
 */

export interface ImportCommandArgs {
  file: string;
  objectsDir?: string;
  cloudpasteSecret?: string;
  dryRun: boolean;
  report?: string;
}

const KIND_LABELS: Record<ImportKind, string> = {
  paste: 'pastes',
  file: 'file shares',
  apiKey: 'API keys',
  s3Config: 'S3 configurations',
  mount: 'mounts',
  setting: 'settings',
};

const KIND_SINGULAR: Record<ImportKind, string> = {
  paste: 'paste',
  file: 'file share',
  apiKey: 'API key',
  s3Config: 'S3 configuration',
  mount: 'mount',
  setting: 'setting',
};

/** The local storage configuration objects go to: the default one if local, else the oldest local one. */
async function localTarget(db: AppDatabase): Promise<{ id: string; name: string; row: Parameters<StorageRegistry['driverFor']>[0] }> {
  const row = await db
    .selectFrom('storage_configs')
    .selectAll()
    .where('driver', '=', 'local')
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  if (row === undefined) {
    throw new CloudPasteImportError(
      '--objects-dir needs a local storage configuration in the target: start the server once (it creates "Local storage") or add one',
    );
  }
  return { id: row.id, name: row.name, row };
}

function serverSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv !== undefined && fromEnv.trim() !== '') return fromEnv.trim();
  if (!existsSync(path.join(dataDir, SECRET_FILE_NAME))) {
    throw new CloudPasteImportError(`No APP_SECRET and no ${SECRET_FILE_NAME} in ${dataDir}: is DATA_DIR the server's?`);
  }
  return loadOrCreateServerSecret(dataDir);
}

export function formatSummary(args: ImportCommandArgs, result: ImportCloudPasteResult, objectsConfigName?: string): string[] {
  const lines: string[] = [];
  lines.push(`CloudPaste import from ${args.file}${args.dryRun ? ' (dry run: nothing was written)' : ''}:`);
  const summary = summariseReport(result.report);
  for (const kind of Object.keys(KIND_LABELS) as ImportKind[]) {
    const { imported, skipped } = summary[kind];
    lines.push(`  ${KIND_LABELS[kind]}: ${imported} ${args.dryRun ? 'to import' : 'imported'}, ${skipped} skipped`);
  }
  if (args.objectsDir !== undefined) {
    const copied = result.objects.filter((o) => o.outcome !== 'not-copied').length;
    const notCopied = result.objects.length - copied;
    lines.push(
      `  file objects: ${copied} ${args.dryRun ? 'to copy' : 'copied'} to local storage "${objectsConfigName ?? ''}", ${notCopied} not copied`,
    );
  }
  for (const entry of result.report) {
    if (entry.outcome !== 'skipped') continue;
    lines.push(`skipped ${KIND_SINGULAR[entry.kind]} ${entry.id} (${entry.label}): ${entry.reason ?? 'no reason given'}`);
  }
  for (const outcome of result.objects) {
    if (outcome.outcome !== 'not-copied') continue;
    lines.push(`not copied: object of file share ${outcome.fileId} (${outcome.label}): ${outcome.reason}`);
  }
  const wrongSecret = result.report.some(
    (e) => e.kind === 's3Config' && e.outcome === 'skipped' && /CloudPaste secret/.test(e.reason ?? ''),
  );
  if (wrongSecret) {
    lines.push(
      'Some S3 configurations could not be decoded with the CloudPaste secret: pass the ENCRYPTION_SECRET CloudPaste ran with as --cloudpaste-secret SECRET',
    );
  }
  return lines;
}

/** Any failure as one line: CloudPasteImportError and ConfigError as they are, anything else as "Import failed: …". */
export async function runImportCloudPasteCommand(
  args: ImportCommandArgs,
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<ImportCloudPasteResult> {
  try {
    return await runImport(args, env, out);
  } catch (error) {
    if (error instanceof CloudPasteImportError || error instanceof ConfigError) throw error;
    const text = error instanceof Error ? error.message : String(error);
    throw new CloudPasteImportError(`Import failed: ${text.split('\n')[0] ?? text}`);
  }
}

async function runImport(args: ImportCommandArgs, env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<ImportCloudPasteResult> {
  const file = path.resolve(args.file);
  if (!existsSync(file)) throw new CloudPasteImportError(`${args.file} does not exist`);
  let objectsDir: string | undefined;
  if (args.objectsDir !== undefined) {
    objectsDir = path.resolve(args.objectsDir);
    if (!existsSync(objectsDir) || !statSync(objectsDir).isDirectory()) {
      throw new CloudPasteImportError(`--objects-dir ${args.objectsDir} is not a directory`);
    }
  }
  const cloudpasteSecret = args.cloudpasteSecret ?? CLOUDPASTE_DEFAULT_SECRET;
  // Checked before the target is even opened: a bad file changes nothing.
  readCloudPaste(file, { secret: cloudpasteSecret });

  const config = loadConfig(env).app;
  const dataDir = path.resolve(config.dataDir ?? '.');
  const secretBox = new SecretBox(serverSecret(dataDir, config.appSecret));
  if (config.databaseUrl === undefined && !existsSync(path.join(dataDir, DATABASE_FILE_NAME))) {
    throw new CloudPasteImportError(
      `No database at ${path.join(dataDir, DATABASE_FILE_NAME)}: is DATA_DIR the server's? (start the server once to create it)`,
    );
  }
  const opened = await openDatabase(
    config.databaseUrl === undefined ? { file: path.join(dataDir, DATABASE_FILE_NAME) } : { url: config.databaseUrl },
  );
  let registry: StorageRegistry | undefined;
  try {
    // A dry run changes nothing, not even the schema: it reads the target as it is.
    if (!args.dryRun) {
      await migrateToLatest(opened.db, undefined, opened.schema === undefined ? {} : { migrationTableSchema: opened.schema });
    }
    let objects: ObjectsTarget | undefined;
    if (objectsDir !== undefined) {
      const local = await localTarget(opened.db);
      registry = new StorageRegistry({ dataDir, secretBox, clock: () => new Date() });
      objects = { dir: objectsDir, configId: local.id, configName: local.name, driver: registry.driverFor(local.row) };
    }
    const result = await importCloudPaste(opened.db, file, {
      secretBox,
      cloudpasteSecret,
      dryRun: args.dryRun,
      ...(objects === undefined ? {} : { objects }),
    });
    for (const line of formatSummary(args, result, objects?.configName)) out(line);
    if (args.report !== undefined) {
      const reportFile = path.resolve(args.report);
      const json = {
        source: file,
        dryRun: args.dryRun,
        objectsDir: objectsDir ?? null,
        summary: summariseReport(result.report),
        written: result.written,
        entries: result.report,
        objects: result.objects,
      };
      writeFileSync(reportFile, `${JSON.stringify(json, null, 2)}\n`);
      out(`Full report written to ${reportFile}`);
    }
    return result;
  } finally {
    registry?.destroyAll();
    await opened.db.destroy();
  }
}
