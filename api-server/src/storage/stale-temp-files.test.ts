import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, tempDirForEachTest } from '../testing/test-app';
import { removeStaleTempFiles } from './stale-temp-files';

describe('removeStaleTempFiles', () => {
  let dataDir: string;
  tempDirForEachTest((dir) => {
    dataDir = dir;
  });

  function put(relative: string): string {
    const file = path.join(dataDir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'half a write');
    return file;
  }

  it('removes the spool files of unfinished writes and nothing else', async () => {
    const spool = put('storage/.internal/11111111-1111-4111-8111-111111111111/tmp/1795698795970-67f92faf1b09d7ef');
    const form = put('tmp/form-uploads/upload-1');
    const object = put('storage/11111111-1111-4111-8111-111111111111/folder/file.bin');
    const meta = put('storage/.internal/11111111-1111-4111-8111-111111111111/meta/ab/abcdef.json');
    const part = put('storage/.internal/11111111-1111-4111-8111-111111111111/uploads/u1/part-1');

    expect(await removeStaleTempFiles(dataDir)).toBe(2);
    expect(existsSync(spool)).toBe(false);
    expect(existsSync(form)).toBe(false);
    for (const kept of [object, meta, part]) expect(existsSync(kept)).toBe(true);
  });

  it('is a no-op on a new data folder', async () => {
    expect(await removeStaleTempFiles(dataDir)).toBe(0);
  });

  it('runs when the server starts on a data folder a crash left behind', async () => {
    const spool = put('storage/.internal/11111111-1111-4111-8111-111111111111/tmp/1795698795970-67f92faf1b09d7ef');
    const t = await createTestApp({ dataDir });
    try {
      expect(existsSync(spool)).toBe(false);
    } finally {
      await t.close();
    }
  });
});
