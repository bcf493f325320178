import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE_NAME } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { SECRET_FILE_NAME, loadOrCreateServerSecret } from '../lib/secret-box';
import { BackupError, verifyArchive } from './archive-format';
import { createBackup, currentAppVersion, defaultBackupName } from './create-backup';
import { restoreBackup } from './restore-backup';
import { runImportCloudPasteCommand } from '../import/cloudpaste/import-command';
import { CloudPasteImportError } from '../import/cloudpaste/read-cloudpaste';

/**
 * `pnpm backup create [--out FILE] [--objects]` and `pnpm backup restore FILE [--merge] [--secret-file F]`,
 * on the instance the server's environment names (DATA_DIR, DATABASE_URL, APP_SECRET).
 * Exit codes: 0 done, 1 refused or failed (one line on stderr), 2 usage.
 */
export const USAGE = `Usage:
  pnpm backup create [--out FILE] [--objects]
  pnpm backup restore FILE [--merge] [--secret-file FILE]
  pnpm backup import-cloudpaste DB_FILE [--objects-dir DIR] [--cloudpaste-secret SECRET] [--dry-run] [--report FILE]

import-cloudpaste: imports a CloudPaste 0.6 SQLite database into this instance (pastes, file shares,
  API keys, S3 configurations, mounts, max upload size); what exists already is skipped and reported.
  --objects-dir DIR          a local copy of CloudPaste's bucket(s): each file's object is looked for
                             at DIR/<bucket>/<key>, then DIR/<key> (aws s3 sync / rclone copy), and
                             copied into local storage; objects not found stay on their S3 config
  --cloudpaste-secret SECRET CloudPaste's ENCRYPTION_SECRET (default: default-encryption-key)
  --dry-run                  report what would be imported; change nothing
  --report FILE              write the full report as JSON`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export type BackupCommand =
  | { command: 'create'; out?: string; objects: boolean }
  | { command: 'restore'; file: string; merge: boolean; secretFile?: string }
  | ImportCloudPasteCommand;

/** `import-cloudpaste DB_FILE …` (body: import/cloudpaste/import-command.ts). */
export interface ImportCloudPasteCommand {
  command: 'import-cloudpaste';
  file: string;
  objectsDir?: string;
  cloudpasteSecret?: string;
  dryRun: boolean;
  report?: string;
}

const IMPORT_VALUE_OPTIONS = ['--objects-dir', '--cloudpaste-secret', '--report'] as const;

function parseImportArgs(rest: readonly string[]): ImportCloudPasteCommand {
  const values = new Map<string, string>();
  const positional: string[] = [];
  let dryRun = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const inline = IMPORT_VALUE_OPTIONS.find((name) => arg.startsWith(`${name}=`));
    if (arg === '--dry-run') dryRun = true;
    else if ((IMPORT_VALUE_OPTIONS as readonly string[]).includes(arg)) {
      const value = rest[++i];
      if (value === undefined || value === '') throw new UsageError(`${arg} needs a value`);
      values.set(arg, value);
    } else if (inline !== undefined) {
      const value = arg.slice(inline.length + 1);
      if (value === '') throw new UsageError(`${inline} needs a value`);
      values.set(inline, value);
    } else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new UsageError('import-cloudpaste takes one DB_FILE (the CloudPaste SQLite database)');
  const objectsDir = values.get('--objects-dir');
  const cloudpasteSecret = values.get('--cloudpaste-secret');
  const report = values.get('--report');
  return {
    command: 'import-cloudpaste',
    file: positional[0] ?? '',
    dryRun,
    ...(objectsDir === undefined ? {} : { objectsDir }),
    ...(cloudpasteSecret === undefined ? {} : { cloudpasteSecret }),
    ...(report === undefined ? {} : { report }),
  };
}

export function parseArgs(argv: readonly string[]): BackupCommand {
  const [command, ...rest] = argv;
  if (command === 'import-cloudpaste') return parseImportArgs(rest);
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg === '--objects' || arg === '--merge') flags.add(arg);
    else if (arg === '--out' || arg === '--secret-file') {
      const value = rest[++i];
      if (value === undefined || value === '') throw new UsageError(`${arg} needs a file name`);
      values.set(arg, value);
    } else if (arg.startsWith('--out=') || arg.startsWith('--secret-file=')) {
      const at = arg.indexOf('=');
      values.set(arg.slice(0, at), arg.slice(at + 1));
    } else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  if (command === 'create') {
    if (positional.length > 0 || flags.has('--merge') || values.has('--secret-file'))
      throw new UsageError('create takes only --out FILE and --objects');
    return { command, out: values.get('--out'), objects: flags.has('--objects') };
  }
  if (command === 'restore') {
    if (positional.length !== 1 || flags.has('--objects') || values.has('--out'))
      throw new UsageError('restore takes one FILE, --merge and --secret-file FILE');
    return { command, file: positional[0] ?? '', merge: flags.has('--merge'), secretFile: values.get('--secret-file') };
  }
  throw new UsageError(command === undefined ? 'No command' : `Unknown command ${command}`);
}

function readSecretFile(file: string): string {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret === '') throw new BackupError(`--secret-file ${file} is empty`);
    return secret;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot read --secret-file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function runBackupCli(argv: readonly string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<void> {
  const args = parseArgs(argv);
  if (args.command === 'import-cloudpaste') {
    await runImportCloudPasteCommand(args, env, out);
    return;
  }
  const config = loadConfig(env).app;
  const dataDir = path.resolve(config.dataDir ?? '.');
  if (args.command === 'create') {
    const secret = config.appSecret ?? (existsSync(path.join(dataDir, SECRET_FILE_NAME)) ? loadOrCreateServerSecret(dataDir) : undefined);
    if (secret === undefined) throw new BackupError(`No APP_SECRET and no ${SECRET_FILE_NAME} in ${dataDir}: is DATA_DIR the server's?`);
    const target = path.resolve(args.out ?? defaultBackupName());
    const { manifest } = await createBackup({
      source: {
        dataDir,
        appSecret: secret,
        ...(config.databaseUrl === undefined
          ? { sqliteFile: path.join(dataDir, DATABASE_FILE_NAME) }
          : { databaseUrl: config.databaseUrl }),
      },
      out: target,
      objects: args.objects,
      appVersion: currentAppVersion(),
    });
    const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
    const objects = Object.keys(manifest.parts).filter((name) => name.startsWith('objects/')).length;
    out(`Backup written to ${target}: ${rows} rows, ${objects} objects (schema ${manifest.schemaVersion})`);
    for (const skipped of manifest.objects.skipped)
      out(
        `  not included: objects of storage ${skipped.name} (${skipped.storageConfigId})${skipped.prefix === undefined ? '' : ` under ${skipped.prefix}`}: ${skipped.reason}`,
      );
    return;
  }
  const oldSecret = args.secretFile === undefined ? undefined : readSecretFile(args.secretFile);
  // Checked before the target database is even opened (or created): a bad archive changes nothing.
  const file = path.resolve(args.file);
  const verified = await verifyArchive(file);
  const opened = await openDatabase(
    config.databaseUrl === undefined ? { file: path.join(dataDir, DATABASE_FILE_NAME) } : { url: config.databaseUrl },
  );
  try {
    await migrateToLatest(opened.db, undefined, opened.schema === undefined ? {} : { migrationTableSchema: opened.schema });
    const report = await restoreBackup({
      file,
      verified,
      merge: args.merge,
      ...(oldSecret === undefined ? {} : { oldSecret }),
      target: {
        db: opened.db,
        engine: opened.engine,
        ...(opened.schema === undefined ? {} : { schema: opened.schema }),
        dataDir,
        appSecret: loadOrCreateServerSecret(dataDir, config.appSecret),
      },
    });
    const rows = Object.values(report.inserted).reduce((a, b) => a + b, 0);
    out(`Restored ${rows} rows and ${report.objects.restored} objects from ${args.file}`);
    if (!args.merge && (report.inserted.admins ?? 0) > 0)
      out("  the admin account is the backup's now: sign in with its username and password");
    for (const conflict of report.conflicts) out(`  conflict, kept the existing row: ${conflict.table} ${conflict.id}`);
    for (const key of report.objects.conflicts) out(`  conflict, kept the existing object: ${key}`);
  } finally {
    await opened.db.destroy();
  }
}

export function exitCodeOf(error: unknown): number {
  return error instanceof UsageError ? 2 : 1;
}

export function messageOf(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n${USAGE}`;
  if (error instanceof BackupError || error instanceof ConfigError || error instanceof CloudPasteImportError) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return `Backup failed: ${text.split('\n')[0] ?? text}`;
}

if (require.main === module) {
  runBackupCli(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${messageOf(error)}\n`);
      process.exit(exitCodeOf(error));
    },
  );
}
