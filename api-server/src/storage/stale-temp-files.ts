import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Temporary files of writes that never finished: a local-storage upload is spooled into
 * `<dataDir>/storage/.internal/<configId>/tmp` and renamed into place when whole, and form uploads
 * are buffered in `<dataDir>/tmp/form-uploads`. A process that is killed mid-write leaves them
 * behind; no reader ever sees them, but they hold disk space. Called at start-up, before the server
 * accepts requests (a data folder belongs to one api-server process), so nothing in them is live.
 * Returns how many were removed.
 */
export async function removeStaleTempFiles(dataDir: string): Promise<number> {
  const folders = [path.join(dataDir, 'tmp', 'form-uploads')];
  const internal = path.join(dataDir, 'storage', '.internal');
  for (const configId of await readdir(internal).catch(() => [] as string[])) folders.push(path.join(internal, configId, 'tmp'));
  let removed = 0;
  for (const folder of folders) {
    const entries = await readdir(folder).catch(() => [] as string[]);
    await Promise.all(entries.map((entry) => rm(path.join(folder, entry), { recursive: true, force: true })));
    removed += entries.length;
  }
  return removed;
}
