import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE_NAME } from '../../app';
import { exitCodeOf, messageOf, parseArgs, runBackupCli } from '../../backup/cli';
import { openDatabase } from '../../db/database';
import { SecretBox, loadOrCreateServerSecret } from '../../lib/secret-box';
import { StorageRegistry } from '../../storage/storage-registry';
import type { StorageDriver } from '../../storage/storage-driver';
import { createTestApp, makeTempDir, removeTempDir, type TestApp } from '../../testing/test-app';
import { buildCloudPaste06, buildCloudPaste1x, FIXTURE_S3_ID } from './fixtures/build-cloudpaste-06';
import { importCloudPaste } from './import-cloudpaste';

/**
 * `pnpm backup import-cloudpaste` end to end: a target instance made by the server itself (admin,
 * default local storage), the fixture CloudPaste database, the command through runBackupCli.
 * Always on a SQLite target (also under test:pg): the command's environment names no DATABASE_URL.
 */

const PHOTO = Buffer.alloc(12345, 7);
const PDF = Buffer.from('%PDF'.padEnd(999, '-'));

describe('pnpm backup import-cloudpaste', () => {
  let dir: string;
  let dataDir: string;
  let cloudpaste: string;
  let objectsDir: string;
  let app: TestApp | undefined;

  beforeEach(async () => {
    dir = makeTempDir('cloudclip-cp-command-');
    dataDir = path.join(dir, 'data');
    const first = await createTestApp({ dataDir, databaseFile: DATABASE_FILE_NAME });
    await first.close();
    cloudpaste = path.join(dir, 'cloudpaste.db');
    objectsDir = path.join(dir, 'objects');
    mkdirSync(objectsDir);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    removeTempDir(dir);
  });

  const env = (): NodeJS.ProcessEnv => ({ DATA_DIR: dataDir });

  async function run(argv: string[]): Promise<{ lines: string[]; error?: unknown }> {
    const lines: string[] = [];
    try {
      await runBackupCli(['import-cloudpaste', ...argv], env(), (line) => lines.push(line));
      return { lines };
    } catch (error) {
      return { lines, error };
    }
  }

  /** Rows per table and objects in local storage: what "nothing changed" compares. */
  async function state(): Promise<Record<string, number>> {
    const opened = await openDatabase({ file: path.join(dataDir, DATABASE_FILE_NAME) });
    try {
      const out: Record<string, number> = {};
      for (const table of ['pastes', 'files', 'api_keys', 'storage_configs', 'mounts', 'system_settings'] as const) {
        const row = await opened.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        out[table] = Number(row.n);
      }
      out.localObjects = objectFiles(path.join(dataDir, 'storage')).length;
      return out;
    } finally {
      await opened.db.destroy();
    }
  }

  function objectFiles(root: string): string[] {
    let found: string[] = [];
    let entries: string[];
    try {
      entries = readdirSync(root);
    } catch {
      return [];
    }
    for (const name of entries) {
      if (name === '.internal') continue;
      const full = path.join(root, name);
      if (statSync(full).isDirectory()) found = found.concat(objectFiles(full));
      else found.push(full);
    }
    return found;
  }

  function putObjects(): void {
    // Both layouts: DIR/<bucket>/<key> and DIR/<key>.
    mkdirSync(path.join(objectsDir, 'cloudpaste', 'uploads'), { recursive: true });
    writeFileSync(path.join(objectsDir, 'cloudpaste', 'uploads', 'photo-abc.jpg'), PHOTO);
    mkdirSync(path.join(objectsDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(objectsDir, 'uploads', 'report.pdf'), PDF);
  }

  it('prints a summary per kind and every skipped item with its reason, one line each', async () => {
    buildCloudPaste06(cloudpaste);
    const { lines, error } = await run([cloudpaste]);
    expect(error).toBeUndefined();
    expect(lines.slice(0, 7)).toEqual([
      `CloudPaste import from ${cloudpaste}:`,
      '  pastes: 4 imported, 1 skipped',
      '  file shares: 2 imported, 1 skipped',
      '  API keys: 2 imported, 0 skipped',
      '  S3 configurations: 1 imported, 0 skipped',
      '  mounts: 1 imported, 1 skipped',
      '  settings: 1 imported, 4 skipped',
    ]);
    const skipped = lines.filter((line) => line.startsWith('skipped '));
    expect(skipped).toHaveLength(7);
    expect(skipped).toContain('skipped paste p5 (bad slug!): its slug has characters Cloudclip does not allow in links');
    expect(skipped).toContain('skipped file share f3 (orphan): its storage configuration missing-config is not in the database');
    expect(skipped).toContain('skipped mount m2 (/dav): storage type WebDAV is not supported (S3 only)');
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    expect(await state()).toMatchObject({ pastes: 4, files: 2, api_keys: 2, mounts: 1 });
  });

  it('--dry-run writes nothing, objects included, and --report still gives the full report as JSON', async () => {
    buildCloudPaste06(cloudpaste);
    putObjects();
    const before = await state();
    const reportFile = path.join(dir, 'report.json');
    const { lines, error } = await run([cloudpaste, '--dry-run', '--objects-dir', objectsDir, '--report', reportFile]);
    expect(error).toBeUndefined();
    expect(lines[0]).toBe(`CloudPaste import from ${cloudpaste} (dry run: nothing was written):`);
    expect(lines).toContain('  pastes: 4 to import, 1 skipped');
    expect(lines).toContain('  file objects: 2 to copy to local storage "Local storage", 0 not copied');
    expect(await state()).toEqual(before);
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report.dryRun).toBe(true);
    expect(report.written.pastes).toBe(0);
    expect(report.summary.paste).toEqual({ imported: 4, skipped: 1 });
    expect(report.objects.map((o: { outcome: string }) => o.outcome)).toEqual(['found', 'found']);
  });

  it('--report writes every entry, imported and skipped, with reasons and notes', async () => {
    buildCloudPaste06(cloudpaste);
    const reportFile = path.join(dir, 'report.json');
    const { lines } = await run([cloudpaste, `--report=${reportFile}`]);
    expect(lines.at(-1)).toBe(`Full report written to ${reportFile}`);
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report.written).toEqual({ storageConfigs: 1, apiKeys: 2, pastes: 4, files: 2, mounts: 1, settings: 1 });
    expect(report.entries).toHaveLength(18);
    expect(report.entries).toContainEqual(
      expect.objectContaining({ kind: 'paste', id: 'p5', outcome: 'skipped', reason: expect.stringContaining('slug') }),
    );
    expect(report.entries).toContainEqual(
      expect.objectContaining({
        kind: 'paste',
        id: 'p2',
        outcome: 'imported',
        notes: expect.arrayContaining([expect.stringContaining('SHA-256')]),
      }),
    );
  });

  it('--objects-dir copies the objects into local storage and the shares download through the API', async () => {
    buildCloudPaste06(cloudpaste);
    putObjects();
    const { lines, error } = await run([cloudpaste, '--objects-dir', objectsDir]);
    expect(error).toBeUndefined();
    expect(lines).toContain('  file objects: 2 copied to local storage "Local storage", 0 not copied');

    app = await createTestApp({ dataDir, databaseFile: DATABASE_FILE_NAME });
    const photo = await app.app.inject({ method: 'GET', url: '/api/file-download/photo' });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(PHOTO)).toBe(true);
    expect((await app.app.inject({ method: 'GET', url: '/api/file-download/report?password=wrong' })).statusCode).toBe(403);
    const pdf = await app.app.inject({ method: 'GET', url: '/api/file-download/report?password=pdfpass' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    const rows = await app.container.db.selectFrom('files').select(['id', 's3_config_id', 'password_hash']).orderBy('id').execute();
    expect(rows.every((row) => row.s3_config_id !== FIXTURE_S3_ID)).toBe(true);
    // The imported password was upgraded by its first use.
    expect(rows.find((row) => row.id === 'f2')?.password_hash).toMatch(/^scrypt\$/);
    // And an imported paste opens with its CloudPaste password.
    const paste = await app.app.inject({ method: 'POST', url: '/api/paste/secret-note', payload: { password: 'open sesame' } });
    expect(paste.statusCode).toBe(200);
    expect(paste.json().content).toBe('behind a password');
  });

  it('objects not found or not matching the record are reported and their shares stay on the S3 configuration', async () => {
    buildCloudPaste06(cloudpaste);
    mkdirSync(path.join(objectsDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(objectsDir, 'uploads', 'photo-abc.jpg'), Buffer.alloc(10));
    const { lines } = await run([cloudpaste, '--objects-dir', objectsDir]);
    expect(lines).toContain('  file objects: 0 copied to local storage "Local storage", 2 not copied');
    const notCopied = lines.filter((line) => line.startsWith('not copied: '));
    expect(notCopied).toHaveLength(2);
    expect(notCopied[0]).toMatch(/^not copied: object of file share f1 \(photo\): .*has 10 bytes, CloudPaste recorded 12345/);
    expect(notCopied[1]).toMatch(/^not copied: object of file share f2 \(report\): object not found in --objects-dir/);
    expect(notCopied[1]).toContain(path.join(objectsDir, 'cloudpaste', 'uploads', 'report.pdf'));
    const after = await state();
    expect(after).toMatchObject({ files: 2, localObjects: 0 });
    const opened = await openDatabase({ file: path.join(dataDir, DATABASE_FILE_NAME) });
    const rows = await opened.db.selectFrom('files').select('s3_config_id').execute();
    await opened.db.destroy();
    expect(rows.map((row) => row.s3_config_id)).toEqual([FIXTURE_S3_ID, FIXTURE_S3_ID]);
  });

  it('a missing file, a file that is not CloudPaste and a CloudPaste 1.x database: one line, exit 1, nothing changed', async () => {
    const before = await state();
    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'not a database');
    const v1 = path.join(dir, 'v1.db');
    buildCloudPaste1x(v1);
    const cases: Array<[string, RegExp]> = [
      [path.join(dir, 'nope.db'), /nope\.db does not exist$/],
      [text, /is not a SQLite database, so not a CloudPaste database$/],
      [v1, /is a CloudPaste 1\.x database .*only CloudPaste 0\.6\.x is supported$/],
    ];
    for (const [file, message] of cases) {
      const { lines, error } = await run([file]);
      expect(lines).toEqual([]);
      expect(exitCodeOf(error)).toBe(1);
      expect(messageOf(error)).toMatch(message);
      expect(messageOf(error)).not.toContain('\n');
    }
    expect(await state()).toEqual(before);
  });

  it('usage errors exit 2', () => {
    for (const argv of [['import-cloudpaste'], ['import-cloudpaste', 'a.db', 'b.db'], ['import-cloudpaste', 'a.db', '--objects-dir']]) {
      let caught: unknown;
      try {
        parseArgs(argv);
      } catch (error) {
        caught = error;
      }
      expect(exitCodeOf(caught)).toBe(2);
    }
    expect(parseArgs(['import-cloudpaste', 'a.db', '--dry-run', '--cloudpaste-secret', 's'])).toEqual({
      command: 'import-cloudpaste',
      file: 'a.db',
      dryRun: true,
      cloudpasteSecret: 's',
    });
  });

  it('a wrong --cloudpaste-secret: the S3 configuration is reported and the summary says to pass the right one', async () => {
    buildCloudPaste06(cloudpaste, { secret: 'their-own-secret' });
    const wrong = await run([cloudpaste, '--dry-run']);
    expect(wrong.lines).toContain('  S3 configurations: 0 to import, 1 skipped');
    expect(wrong.lines).toContain(
      `skipped S3 configuration ${FIXTURE_S3_ID} (R2 bucket): its keys do not match the given CloudPaste secret (pass the ENCRYPTION_SECRET it ran with as --cloudpaste-secret)`,
    );
    expect(wrong.lines.at(-1)).toMatch(/pass the ENCRYPTION_SECRET CloudPaste ran with as --cloudpaste-secret SECRET$/);
    const right = await run([cloudpaste, '--cloudpaste-secret', 'their-own-secret']);
    expect(right.lines).toContain('  S3 configurations: 1 imported, 0 skipped');
    expect(right.lines.some((line) => line.includes('--cloudpaste-secret'))).toBe(false);
  });

  it('with --objects-dir, shares whose S3 configuration is skipped or missing come along when their object is there', async () => {
    buildCloudPaste06(cloudpaste, { secret: 'their-own-secret' });
    putObjects();
    writeFileSync(path.join(objectsDir, 'uploads', 'orphan.bin'), 'x');
    const { lines, error } = await run([cloudpaste, '--objects-dir', objectsDir]);
    expect(error).toBeUndefined();
    expect(lines).toContain('  S3 configurations: 0 imported, 1 skipped');
    expect(lines).toContain('  file shares: 3 imported, 0 skipped');
    expect(lines).toContain('  file objects: 3 copied to local storage "Local storage", 0 not copied');

    app = await createTestApp({ dataDir, databaseFile: DATABASE_FILE_NAME });
    for (const [slug, body] of [
      ['photo', PHOTO],
      ['orphan', Buffer.from('x')],
    ] as const) {
      const response = await app.app.inject({ method: 'GET', url: `/api/file-download/${slug}` });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(body)).toBe(true);
    }
  });

  it('such a share whose object does not match is skipped with both reasons', async () => {
    buildCloudPaste06(cloudpaste);
    mkdirSync(path.join(objectsDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(objectsDir, 'uploads', 'orphan.bin'), 'too long');
    const { lines } = await run([cloudpaste, '--objects-dir', objectsDir]);
    expect(lines).toContain('  file shares: 2 imported, 1 skipped');
    expect(lines).toContain(
      'skipped file share f3 (orphan): its storage configuration missing-config is not in the database, and its object could not be copied: ' +
        `${path.join(objectsDir, 'uploads', 'orphan.bin')} has 8 bytes, CloudPaste recorded 1`,
    );
    expect(lines.filter((line) => line.includes('(orphan)'))).toHaveLength(1);
  });

  describe('a failure part-way leaves no copied objects behind', () => {
    async function withTarget(
      use: (db: Awaited<ReturnType<typeof openDatabase>>['db'], driver: StorageDriver, id: string) => Promise<void>,
    ) {
      const opened = await openDatabase({ file: path.join(dataDir, DATABASE_FILE_NAME) });
      const secretBox = new SecretBox(loadOrCreateServerSecret(dataDir));
      const registry = new StorageRegistry({ dataDir, secretBox, clock: () => new Date() });
      try {
        const local = await opened.db.selectFrom('storage_configs').selectAll().where('driver', '=', 'local').executeTakeFirstOrThrow();
        await use(opened.db, registry.driverFor(local), local.id);
      } finally {
        registry.destroyAll();
        await opened.db.destroy();
      }
    }

    it('when copying an object fails', async () => {
      buildCloudPaste06(cloudpaste);
      putObjects();
      const before = await state();
      await withTarget(async (db, driver, id) => {
        let puts = 0;
        const failing = new Proxy(driver, {
          get(target, prop) {
            if (prop === 'putObject') {
              return (...args: Parameters<StorageDriver['putObject']>) => {
                puts += 1;
                if (puts === 2) return Promise.reject(new Error('disk full'));
                return target.putObject(...args);
              };
            }
            const value = Reflect.get(target, prop) as unknown;
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
        await expect(
          importCloudPaste(db, cloudpaste, {
            secretBox: new SecretBox(loadOrCreateServerSecret(dataDir)),
            objects: { dir: objectsDir, configId: id, configName: 'Local storage', driver: failing },
          }),
        ).rejects.toThrow(/^Import failed, nothing was written: copying .*report\.pdf into local storage: disk full$/);
        expect(puts).toBe(2);
      });
      expect(await state()).toEqual(before);
    });

    it('when the database refuses the rows after the copies', async () => {
      buildCloudPaste06(cloudpaste);
      putObjects();
      const before = await state();
      await withTarget(async (db, driver, id) => {
        const refusing = new Proxy(db, {
          get(target, prop) {
            if (prop === 'transaction') return () => ({ execute: () => Promise.reject(new Error('database is locked')) });
            const value = Reflect.get(target, prop) as unknown;
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
        await expect(
          importCloudPaste(refusing, cloudpaste, {
            secretBox: new SecretBox(loadOrCreateServerSecret(dataDir)),
            objects: { dir: objectsDir, configId: id, configName: 'Local storage', driver },
          }),
        ).rejects.toThrow('Import failed, nothing was written: database is locked');
      });
      expect(await state()).toEqual(before);
    });
  });
});
