import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteDatabase, type AppDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { PasteRepository } from './paste-repository';

/**
 * Burn after reading purges the content from the SQLite files themselves (issue 15): secure delete
 * zeroes the freed pages and the checkpoint empties the WAL, so the text is in neither file.
 */
describe('burning a paste on a SQLite file', () => {
  let dir: string;
  let file: string;
  let db: AppDatabase;
  let pastes: PasteRepository;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-burn-'));
    file = path.join(dir, 'cloudclip.db');
    db = openSqliteDatabase(file);
    await migrateToLatest(db);
    pastes = new PasteRepository(db, 'SQLite');
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const bytesOnDisk = (): Buffer =>
    Buffer.concat([file, `${file}-wal`].filter((name) => existsSync(name)).map((name) => readFileSync(name)));

  it('leaves no copy of the content in the database file or its WAL', async () => {
    const secret = `burn-me-${randomUUID()}`;
    const id = randomUUID();
    await pastes.insert({
      id,
      slug: 'burnme',
      content: secret.repeat(20),
      burn_after_reading: 1,
      created_at: '2025-07-01T08:00:00.000Z',
      updated_at: '2025-07-01T08:00:00.000Z',
    });
    expect(bytesOnDisk().includes(secret)).toBe(true);
    expect((await pastes.burnById(id))?.content).toBe(secret.repeat(20));
    expect(bytesOnDisk().includes(secret)).toBe(false);
    expect(await pastes.findById(id)).toBeUndefined();
  });
});
