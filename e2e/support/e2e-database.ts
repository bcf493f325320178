import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The e2e api-server's SQLite file (api-server/src/app.ts DATABASE_FILE_NAME) and its WAL and journal. */
const DATABASE_FILES = ['cloudclip.db', 'cloudclip.db-wal', 'cloudclip.db-journal'];

/** The data folders playwright.config.ts gives the api-server: `cloudclip-e2e-<pid of the runner>` in the temp folder. */
async function dataDirCandidates(): Promise<string[]> {
  const tmp = os.tmpdir();
  const names = (await readdir(tmp).catch(() => [] as string[])).filter((name) => name.startsWith('cloudclip-e2e-'));
  // The runner forks the workers, so its folder is normally the parent's: look there first.
  const own = `cloudclip-e2e-${process.ppid}`;
  return [...names.filter((name) => name === own), ...names.filter((name) => name !== own)].map((name) => path.join(tmp, name));
}

/** Everything the database of `dir` holds on disk right now (main file, WAL, rollback journal), as bytes. */
async function databaseBytes(dir: string): Promise<Buffer[]> {
  const files: Array<Buffer | null> = await Promise.all(DATABASE_FILES.map((name) => readFile(path.join(dir, name)).catch(() => null)));
  return files.filter((file) => file !== null);
}

/**
 * The on-disk bytes of the running e2e api-server's database: the data folder whose database holds
 * `probe` (something just stored, e.g. an envelope's ciphertext), so an old run's folder is never
 * taken for it. Throws when no database holds it.
 */
export async function liveDatabaseBytes(probe: string): Promise<{ dir: string; files: Buffer[] }> {
  const needle = Buffer.from(probe, 'utf8');
  for (const dir of await dataDirCandidates()) {
    const files = await databaseBytes(dir);
    if (files.some((file) => file.includes(needle))) return { dir, files };
  }
  throw new Error(`no e2e database in ${os.tmpdir()} holds ${probe}`);
}

/** Whether any of the database files contains `text` (UTF-8). */
export function bytesContain(files: Buffer[], text: string): boolean {
  const needle = Buffer.from(text, 'utf8');
  return files.some((file) => file.includes(needle));
}
