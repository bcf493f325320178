// Backup and restore end to end (issue 37, "Tests and figures"), against the built api-server
// (api-server/dist) and its command line `node api-server/dist/backup/cli.js`:
//
// 1. SQLite → PostgreSQL: an instance on SQLite is populated through the HTTP API (pastes: plain,
//    tagged, password, end-to-end encrypted, burn after reading, max views, expiring, made with an
//    API key; file shares in the local storage incl. a ~3 MB binary and one with a password; API keys
//    with permissions and a base path; a mount; changed settings and storage configuration).
//    `backup create --objects` runs while a load keeps reading and writing; the archive is restored
//    into a new PostgreSQL database (a second DATA_DIR for the objects, same APP_SECRET), a server is
//    started on it and both are compared through the admin API: every list paged to its end and
//    every detail. Then through the public API: every file downloads byte for byte, passwords open
//    and a wrong one is refused, the API keys keep their permissions and base path, the burn paste
//    burns once, view counts are the same.
// 2. PostgreSQL → SQLite: the same, the other way round.
// 3. SIGKILL during a restore (in its insert phase: the SQLite WAL of the target grows) leaves the
//    target as it was (row counts per table, no restored objects); a second restore succeeds.
// 4. Bad input through the CLI — truncated, tampered (one byte of a table part, re-gzipped, so only
//    the hash catches it), foreign and random archives, the wrong APP_SECRET (then --secret-file),
//    a non-empty target without --merge, a write failing part-way through `--out` (RLIMIT_FSIZE):
//    each one line on stderr, exit 1, the target unchanged, no archive or .partial left.
//
// Fields that legitimately differ between the two instances: links carry the answering server's
// origin, and a local file's stored `s3_url` the origin of the server that took the upload (both
// replaced by <origin> before comparing); the views of the one paste the load kept reading
// during the backup (the archive holds the count of the snapshot); pastes the load created after
// the snapshot (absent from the restore; every other row must be there).
//
//   pnpm test:backup       (needs the api-server build and Debian's postgresql)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { call, requireFromApiServer, runBackupCli, startApiServer, startPostgres } from '../support/api-process.mjs';
import {
  ADMIN,
  FILE_PASSWORD,
  LOAD_PREFIX,
  MOUNT_PATH,
  PASTE_PASSWORD,
  decryptPaste,
  download,
  login,
  ok,
  populate,
  sha256,
  snapshot,
  startLoad,
} from './lib/instance.mjs';

const APP_SECRET = 'round-trip-app-secret-0123456789abcdef';
const OTHER_SECRET = 'another-app-secret-fedcba9876543210';
const DATABASE_FILE = 'cloudclip.db';
/** Rows added to the archive of scenario 3, so that its restore is still writing when it is killed. */
const BIG_PASTES = 8_000;
/** The target's WAL size that shows the restore is inserting (SQLite spills the transaction's pages there). */
const INSERTING_WAL_BYTES = 4 * 1024 * 1024;

/** The tables of what users made and of the accounts: none of their rows may come from a refused restore. */
const CONTENT_TABLES = ['admins', 'admin_tokens', 'api_keys', 'storage_configs', 'pastes', 'paste_tags', 'files', 'mounts'];

const temporary = [];
const servers = [];
let postgres;
/** Scenario 1's source: its DATA_DIR (SQLite, server stopped) and its archive; used by 3 and 4. */
let sqliteSource;

function tempDir(name) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `cloudclip-backup-${name}-`));
  temporary.push(dir);
  return dir;
}

async function serve(options) {
  const server = await startApiServer({ appSecret: APP_SECRET, admin: ADMIN, ...options });
  servers.push(server);
  return server;
}

before(async () => {
  postgres = await startPostgres();
});

after(async () => {
  for (const server of servers) await server.stop();
  if (postgres) await postgres.stop();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** Whether a paste row (list item or detail) was made by the load. */
const byLoad = (row) => String(row.content_preview ?? row.content ?? '').startsWith(LOAD_PREFIX);

/** `row` without the view counts (the load kept reading that paste while the backup ran). */
function withoutViews(row) {
  const { views: _views, view_count: _viewCount, ...rest } = row;
  return rest;
}

/** Backs up `source` while the load runs, restores into `target`, serves it; returns both snapshots. */
async function roundTrip({ source, target }) {
  const sourceDir = tempDir('source');
  const sourceServer = await serve({ dataDir: sourceDir, databaseUrl: source.databaseUrl });
  const sourceAuth = await login(sourceServer.origin);
  const made = await populate(sourceServer.origin, sourceAuth);

  const archive = path.join(tempDir('archive'), 'backup.tar.gz');
  const load = startLoad(sourceServer.origin, sourceAuth, made.pastes.loadTarget);
  const roundsBefore = load.rounds();
  const created = await runBackupCli(['create', '--objects', '--out', archive], {
    dataDir: sourceDir,
    databaseUrl: source.databaseUrl,
    appSecret: APP_SECRET,
  });
  const roundsDuring = load.rounds() - roundsBefore;
  await load.stop();
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, /Backup written to/);
  assert.ok(roundsDuring > 0, 'the server answered the load while the backup was made');
  const before = await snapshot(sourceServer.origin, sourceAuth);
  await sourceServer.stop();

  const targetDir = tempDir('target');
  const restored = await runBackupCli(['restore', archive], { dataDir: targetDir, databaseUrl: target.databaseUrl, appSecret: APP_SECRET });
  assert.equal(restored.code, 0, restored.stderr);
  assert.match(restored.stdout, /Restored \d+ rows and [1-9]\d* objects/);
  const targetServer = await serve({ dataDir: targetDir, databaseUrl: target.databaseUrl });
  const targetAuth = await login(targetServer.origin);
  const afterwards = await snapshot(targetServer.origin, targetAuth, [sourceServer.origin]);

  compareSnapshots(before, afterwards, made);
  await checkBehaviour(targetServer.origin, targetAuth, made);
  await targetServer.stop();
  return { sourceDir, archive };
}

function compareSnapshots(before, afterwards, made) {
  const restoredIds = new Set(afterwards.pastes.map((row) => row.id));
  const sourceIds = new Set(before.pastes.map((row) => row.id));
  for (const row of afterwards.pastes) assert.ok(sourceIds.has(row.id), `restored paste ${row.slug} exists in the source`);
  const missing = before.pastes.filter((row) => !restoredIds.has(row.id));
  assert.deepEqual(
    missing.filter((row) => !byLoad(row)).map((row) => row.slug),
    [],
    'every paste but those the load made after the snapshot is restored',
  );
  const loadTargetId = before.pastes.find((row) => row.slug === made.pastes.loadTarget)?.id;
  const mask = (row) => (row.id === loadTargetId ? withoutViews(row) : row);
  assert.deepEqual(
    afterwards.pastes.map(mask),
    before.pastes.filter((row) => restoredIds.has(row.id)).map(mask),
    'the admin paste list, in order',
  );
  for (const id of restoredIds) assert.deepEqual(mask(afterwards.pasteDetails[id]), mask(before.pasteDetails[id]), `paste detail ${id}`);
  assert.deepEqual(afterwards.pasteTags, before.pasteTags, 'tag counts');
  assert.deepEqual(afterwards.files, before.files, 'the admin file list');
  assert.deepEqual(afterwards.fileDetails, before.fileDetails, 'file details');
  assert.deepEqual(afterwards.apiKeys, before.apiKeys, 'API keys');
  assert.deepEqual(afterwards.mounts, before.mounts, 'mounts');
  assert.deepEqual(afterwards.mountDetails, before.mountDetails, 'mount details');
  assert.deepEqual(afterwards.settings, before.settings, 'system settings');
  assert.deepEqual(afterwards.storageConfigs, before.storageConfigs, 'storage configurations');
  assert.deepEqual(afterwards.storageConfigDetails, before.storageConfigDetails, 'storage configuration details');
  // The populated rows are really there (not two equal empty lists).
  assert.equal(afterwards.files.length, Object.keys(made.files).length);
  assert.ok(afterwards.mounts.some((mount) => mount.mount_path === MOUNT_PATH));
  assert.equal(afterwards.apiKeys.length, 2);
  const limited = afterwards.pastes.find((row) => row.slug === made.pastes.limited);
  assert.equal(limited.view_count, 2, 'view counts are restored');
  const tagged = afterwards.pastes.find((row) => row.slug === made.pastes.tagged);
  assert.deepEqual(afterwards.pasteDetails[tagged.id].tags, ['work', 'notes', '工作']);
}

/** What users and key holders observe on the restored instance. */
async function checkBehaviour(origin, auth, made) {
  for (const [name, file] of Object.entries(made.files)) {
    const query = name === 'password' ? `?password=${FILE_PASSWORD}` : '';
    const answer = await download(origin, `/api/file-download/${file.slug}${query}`);
    assert.equal(answer.status, 200, `download of ${name}`);
    assert.equal(answer.bytes.length, file.size, `size of ${name}`);
    assert.equal(sha256(answer.bytes), file.sha256, `bytes of ${name}`);
  }
  assert.equal((await download(origin, `/api/file-download/${made.files.password.slug}?password=wrong`)).status, 403);
  assert.equal((await download(origin, `/api/file-download/${made.files.password.slug}`)).status, 401);

  const wrong = await call(origin, 'POST', `/api/paste/${made.pastes.password}`, { body: { password: 'wrong' } });
  assert.equal(wrong.status, 401, wrong.text);
  const right = await call(origin, 'POST', `/api/paste/${made.pastes.password}`, { body: { password: PASTE_PASSWORD } });
  assert.equal(right.status, 200, right.text);
  assert.equal(right.json.content, 'behind a password');

  const envelope = await call(origin, 'GET', `/api/paste/${made.pastes.encrypted}`);
  assert.equal(envelope.status, 200, envelope.text);
  assert.equal(await decryptPaste(envelope.json.content, made.encrypted.key), made.encrypted.text);

  const limited = await ok(origin, 'GET', `/api/paste/${made.pastes.limited}`);
  assert.equal(limited.views, 3, 'the third view after two before the backup');

  const burned = await call(origin, 'GET', `/api/paste/${made.pastes.burn}`);
  assert.equal(burned.status, 200, burned.text);
  assert.equal(burned.json.content, 'read me once');
  assert.equal(burned.json.burned, true);
  assert.equal((await call(origin, 'GET', `/api/paste/${made.pastes.burn}`)).status, 404, 'burned once');

  // The API keys: permissions and base path as they were; their own rows still theirs.
  const keyHeader = { authorization: `ApiKey ${made.key.value}` };
  const info = await ok(origin, 'GET', '/api/test/api-key', { headers: keyHeader });
  assert.deepEqual(
    { basic_path: info.data.basic_path, permissions: info.data.permissions },
    { basic_path: '/', permissions: { text: true, file: true, mount: false } },
  );
  const own = await ok(origin, 'GET', '/api/user/pastes', { headers: keyHeader });
  assert.deepEqual(
    own.data.map((row) => row.slug),
    [made.pastes.byKey],
  );
  const ownFiles = await ok(origin, 'GET', '/api/user/files', { headers: keyHeader });
  assert.deepEqual(
    ownFiles.data.files.map((row) => row.slug),
    [made.files.byKey.slug],
  );
  assert.equal((await call(origin, 'GET', '/api/user/mounts', { headers: keyHeader })).status, 403, 'no mount permission');
  const newPaste = await call(origin, 'POST', '/api/paste', { body: { content: 'after the restore' }, headers: keyHeader });
  assert.equal(newPaste.status, 200, newPaste.text);

  const basedHeader = { authorization: `ApiKey ${made.basedKey.value}` };
  const basedInfo = await ok(origin, 'GET', '/api/test/api-key', { headers: basedHeader });
  assert.equal(basedInfo.data.basic_path, MOUNT_PATH);
  const visible = await ok(origin, 'GET', '/api/user/mounts', { headers: basedHeader });
  assert.deepEqual(
    visible.data.map((mount) => mount.mount_path),
    [MOUNT_PATH],
  );
  assert.equal((await call(origin, 'GET', '/api/admin/pastes', { headers: basedHeader })).status, 403, 'a key is no admin');
  assert.ok(auth.authorization);
}

test('SQLite → PostgreSQL: backed up while serving, restored, equal through the API', async () => {
  const target = { databaseUrl: await postgres.createDatabase('restored_from_sqlite') };
  sqliteSource = await roundTrip({ source: { databaseUrl: '' }, target });
});

test('PostgreSQL → SQLite: the same comparison the other way round', async () => {
  const source = { databaseUrl: await postgres.createDatabase('source_of_sqlite') };
  await roundTrip({ source, target: { databaseUrl: '' } });
});

// --- scenarios 3 and 4 on SQLite targets -----------------------------------------------------------

const Sqlite = requireFromApiServer('better-sqlite3');

/** Rows per table of the SQLite database in `dataDir` ({} when there is none). */
function rowCounts(dataDir) {
  const file = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return {};
  const db = new Sqlite(file, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all()
      .map((row) => row.name);
    return Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT count(*) AS n FROM "${table}"`).get().n]));
  } finally {
    db.close();
  }
}

/** Every file under `<dataDir>/storage` (the local storage's objects), relative. */
function storedObjects(dataDir) {
  const root = path.join(dataDir, 'storage');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((name) => statSync(path.join(root, name)).isFile())
    .sort();
}

/** What a target holds: its rows per table and its objects. */
const stateOf = (dataDir) => ({ rows: rowCounts(dataDir), objects: storedObjects(dataDir) });

/**
 * A restore refused by a target that did not exist: the CLI has created and migrated its database
 * (the archive was sound, the secret was checked next), and no row or object was restored.
 */
async function refusedOnFresh(args, { dataDir, appSecret }, message) {
  const answer = await runBackupCli(args, { dataDir, appSecret });
  assert.equal(answer.code, 1, `${args.join(' ')}: exit ${answer.code}\n${answer.stdout}${answer.stderr}`);
  assert.equal(answer.stderr.trimEnd().split('\n').length, 1, `one line: ${answer.stderr}`);
  assert.match(answer.stderr, message);
  const { rows, objects } = stateOf(dataDir);
  // The tables of users' content and accounts (the migrations fill bookkeeping tables of their own).
  const restored = CONTENT_TABLES.filter((table) => rows[table] !== 0);
  assert.deepEqual(restored, [], 'no row restored');
  assert.deepEqual(objects, [], 'no object restored');
}

/** A copy of scenario 1's source with BIG_PASTES more pastes, and its backup. */
async function bigArchive() {
  assert.ok(sqliteSource, 'scenario 1 made the SQLite source');
  const dir = tempDir('big');
  cpSync(sqliteSource.sourceDir, dir, { recursive: true });
  const db = new Sqlite(path.join(dir, DATABASE_FILE));
  try {
    const columns = db
      .prepare("SELECT name FROM pragma_table_xinfo('pastes') WHERE hidden = 0")
      .all()
      .map((row) => row.name);
    // Copies of the encrypted paste: its content is not in the full-text index, so they are quick to write.
    const model = db.prepare('SELECT id FROM pastes WHERE encryption IS NOT NULL').get();
    const value = (column) => {
      if (column === 'id') return "id || '-' || n";
      if (column === 'slug') return "slug || '-' || n";
      if (column === 'content') return 'hex(randomblob(1024))'; // 2 KB a row
      return `"${column}"`;
    };
    db.prepare(
      `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${BIG_PASTES})
       INSERT INTO pastes (${columns.map((column) => `"${column}"`).join(', ')})
       SELECT ${columns.map(value).join(', ')} FROM pastes, seq WHERE pastes.id = ?`,
    ).run(model.id);
  } finally {
    db.close();
  }
  const archive = path.join(dir, 'big.tar.gz');
  const created = await runBackupCli(['create', '--objects', '--out', archive], { dataDir: dir, appSecret: APP_SECRET });
  assert.equal(created.code, 0, created.stderr);
  return archive;
}

/** Runs a restore that must be refused: one line on stderr, exit 1, the target as it was. */
async function refused(args, { dataDir, appSecret = APP_SECRET }, message) {
  const before = stateOf(dataDir);
  const answer = await runBackupCli(args, { dataDir, appSecret });
  assert.equal(answer.code, 1, `${args.join(' ')}: exit ${answer.code}\n${answer.stdout}${answer.stderr}`);
  assert.equal(answer.stderr.trimEnd().split('\n').length, 1, `one line: ${answer.stderr}`);
  assert.match(answer.stderr, message);
  assert.deepEqual(stateOf(dataDir), before, 'the target is unchanged');
  return answer.stderr;
}

test('SIGKILL during a restore leaves the target as it was; a second restore succeeds', async () => {
  const archive = await bigArchive();
  const target = tempDir('killed');
  // The target database is created and migrated by a first restore refused for its secret: it
  // exists, with the tables and their defaults, and nothing restored.
  await refusedOnFresh(['restore', archive], { dataDir: target, appSecret: OTHER_SECRET }, /--secret-file/);
  const before = stateOf(target);
  assert.ok(before.rows.pastes === 0 && before.rows.system_settings > 0, JSON.stringify(before.rows));

  const wal = path.join(target, `${DATABASE_FILE}-wal`);
  let child;
  let killedWhileInserting = false;
  const run = runBackupCli(['restore', archive], { dataDir: target, appSecret: APP_SECRET, onSpawn: (spawned) => (child = spawned) });
  for (;;) {
    if (child.exitCode !== null) break;
    if (existsSync(wal) && statSync(wal).size >= INSERTING_WAL_BYTES) {
      child.kill('SIGKILL');
      killedWhileInserting = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const killed = await run;
  assert.ok(killedWhileInserting, `the restore finished before it was seen inserting (exit ${killed.code}): make BIG_PASTES larger`);
  assert.equal(killed.signal, 'SIGKILL');
  assert.deepEqual(stateOf(target), before, 'rows per table and objects as before the restore');

  const second = await runBackupCli(['restore', archive], { dataDir: target, appSecret: APP_SECRET });
  assert.equal(second.code, 0, second.stderr);
  const restored = stateOf(target);
  assert.ok(restored.rows.pastes > BIG_PASTES, `pastes restored: ${restored.rows.pastes}`);
  const files = restored.objects.filter((name) => !name.startsWith(`.internal${path.sep}`));
  assert.equal(files.length, 4, 'the four files of scenario 1');
  // Each with its metadata (content type, disposition, ETag) beside it in the local storage's .internal tree.
  assert.equal(restored.objects.length - files.length, 4, `their metadata: ${restored.objects.join(', ')}`);
});

test('bad input through the CLI: one line, exit 1, nothing changed', async () => {
  const { archive } = sqliteSource ?? assert.fail('scenario 1 made the archive');
  const dir = tempDir('bad');
  const bytes = readFileSync(archive);

  // A target that already holds a restore.
  const target = tempDir('bad-target');
  const first = await runBackupCli(['restore', archive], { dataDir: target, appSecret: APP_SECRET });
  assert.equal(first.code, 0, first.stderr);
  assert.ok(stateOf(target).rows.pastes > 0);

  const truncated = path.join(dir, 'truncated.tar.gz');
  writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
  await refused(['restore', truncated, '--merge'], { dataDir: target }, /truncated/i);

  // One byte flipped inside a table part, re-gzipped: the tar and gzip are sound, the hash is not.
  const tar = gunzipSync(bytes);
  const at = tar.indexOf(Buffer.from('"content":"a plain paste"'));
  assert.ok(at > 0, 'the plain paste is in the archive');
  tar[at + 12] ^= 0x01;
  const tampered = path.join(dir, 'tampered.tar.gz');
  writeFileSync(tampered, gzipSync(tar));
  await refused(['restore', tampered, '--merge'], { dataDir: target }, /tables\/pastes\.jsonl.*SHA-256/);

  // A .tar.gz of other files, made by tar(1).
  const other = path.join(dir, 'other');
  mkdirSync(other);
  writeFileSync(path.join(other, 'readme.txt'), 'not a backup\n');
  writeFileSync(path.join(other, 'data.bin'), randomBytes(4096));
  const foreign = path.join(dir, 'foreign.tar.gz');
  execFileSync('tar', ['-czf', foreign, '-C', other, '.']);
  await refused(['restore', foreign, '--merge'], { dataDir: target }, /not a cloudclip backup/i);

  const random = path.join(dir, 'random.tar.gz');
  writeFileSync(random, randomBytes(64 * 1024));
  await refused(['restore', random, '--merge'], { dataDir: target }, /not a cloudclip backup|damaged/i);

  // Another APP_SECRET: refused, naming --secret-file; with the old secret in a file, restored.
  const rekeyed = tempDir('rekeyed');
  await refusedOnFresh(['restore', archive], { dataDir: rekeyed, appSecret: OTHER_SECRET }, /--secret-file/);
  const secretFile = path.join(dir, 'old-secret');
  writeFileSync(secretFile, `${APP_SECRET}\n`);
  const withSecret = await runBackupCli(['restore', archive, '--secret-file', secretFile], { dataDir: rekeyed, appSecret: OTHER_SECRET });
  assert.equal(withSecret.code, 0, withSecret.stderr);
  const rekeyedServer = await serve({ dataDir: rekeyed, appSecret: OTHER_SECRET });
  const protectedFile = (await snapshot(rekeyedServer.origin, await login(rekeyedServer.origin))).files.find((row) => row.has_password);
  const opened = await download(rekeyedServer.origin, `/api/file-download/${protectedFile.slug}?password=${FILE_PASSWORD}`);
  assert.equal(opened.status, 200, 'the re-sealed password opens the file');
  await rekeyedServer.stop();

  // A non-empty target without --merge.
  await refused(['restore', archive], { dataDir: target }, /--merge/);
});

test('backup create on a disk that fills up: one line, exit 1, neither the archive nor its .partial left', async () => {
  assert.ok(sqliteSource, 'scenario 1 made the SQLite source');
  const dir = tempDir('full');
  // RLIMIT_FSIZE of 1.5 MB: the write fails (EFBIG) inside the ~3 MB object, after the tables.
  const out = path.join(dir, 'full.tar.gz');
  const full = await runBackupCli(['create', '--objects', '--out', out], {
    dataDir: sqliteSource.sourceDir,
    appSecret: APP_SECRET,
    fileSizeLimitKb: 1536,
  });
  assert.equal(full.code, 1, `${full.stdout}${full.stderr}`);
  assert.equal(full.stderr.trimEnd().split('\n').length, 1, full.stderr);
  assert.ok(!existsSync(out), 'no archive');
  assert.ok(!existsSync(`${out}.partial`), 'no .partial');
});
