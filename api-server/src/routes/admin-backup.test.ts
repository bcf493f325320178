import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import * as tar from 'tar-stream';
import { verifyArchive } from '../backup/archive-format';
import { rewriteArchive } from '../testing/backup-archive';
import { seedApiKey } from '../testing/seed';
import { testDatabaseUrl } from '../testing/test-database';
import { apiKeyHeader, bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir, type TestApp } from '../testing/test-app';

const SECRET_A = 'admin-backup-secret-A';
const SECRET_B = 'admin-backup-secret-B';
const GZIP = { 'content-type': 'application/gzip' };

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

describe('admin backup: download and restore over HTTP', () => {
  let now: Date;
  let source: TestApp;
  let admin: Record<string, string>;
  let work: string;
  let archive: string;
  const slugs: { plain: string; locked: string } = { plain: '', locked: '' };
  const opened: TestApp[] = [];

  async function newApp(appSecret: string): Promise<TestApp> {
    // SQLite, or PostgreSQL under scripts/with-postgres.sh (each app in a schema of its own).
    const t = await createTestApp({ appSecret, clock: () => now });
    opened.push(t);
    return t;
  }

  async function paste(payload: Record<string, unknown>): Promise<string> {
    const response = await source.app.inject({ method: 'POST', url: '/api/paste', headers: admin, payload });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { slug?: string; data?: { slug?: string } };
    return body.data?.slug ?? body.slug ?? '';
  }

  async function downloadUrl(t: TestApp, headers: Record<string, string>, objects = false): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/backup/download-token', headers, payload: { objects } });
    expect(response.statusCode).toBe(200);
    return (response.json() as Envelope<{ url: string }>).data.url;
  }

  async function check(t: TestApp, headers: Record<string, string>, body: Buffer) {
    return t.app.inject({ method: 'POST', url: '/api/admin/backup/restore/check', headers: { ...headers, ...GZIP }, payload: body });
  }

  function restoreRequest(t: TestApp, headers: Record<string, string>, payload: { checkId: string; merge: boolean; secret?: string }) {
    return t.app.inject({ method: 'POST', url: '/api/admin/backup/restore', headers, payload });
  }

  function checkFiles(t: TestApp): string[] {
    const dir = path.join(t.dataDir, 'tmp', 'backup-checks');
    return existsSync(dir) ? readdirSync(dir) : [];
  }

  beforeAll(async () => {
    now = new Date();
    work = makeTempDir('cloudclip-admin-backup-');
    source = await newApp(SECRET_A);
    admin = bearer(await loginAsAdmin(source.app));
    slugs.plain = await paste({ content: 'restored over http' });
    slugs.locked = await paste({ content: 'locked content', password: 'pw-http' });
    const url = await downloadUrl(source, admin);
    const response = await source.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    archive = path.join(work, 'downloaded.tar.gz');
    writeFileSync(archive, response.rawPayload);
  });

  afterAll(async () => {
    for (const t of opened.splice(0)) {
      await t.close();
      removeTempDir(t.dataDir);
    }
    removeTempDir(work);
  });

  it('a download token gives the archive once: gzip, attachment name, no-store, and a valid backup', async () => {
    const verified = await verifyArchive(archive);
    expect(verified.manifest.rowCounts.pastes).toBe(2);
    expect(verified.manifest.objects.included).toBe(false);
    const url = await downloadUrl(source, admin, true);
    expect(url).toMatch(/^\/api\/admin\/backup\/archive\?token=/);
    const first = await source.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/gzip');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="cloudclip-backup-\d{8}-\d{6}\.tar\.gz"$/);
    const withObjects = path.join(work, 'with-objects.tar.gz');
    writeFileSync(withObjects, first.rawPayload);
    expect((await verifyArchive(withObjects)).manifest.objects.included).toBe(true);
    const probed = await downloadUrl(source, admin);
    expect((await source.app.inject({ method: 'HEAD', url: probed })).statusCode).toBe(404);
    expect((await source.app.inject({ method: 'GET', url: probed })).statusCode).toBe(200);
    const again = await source.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 404, data: null });
  });

  it('a forged or expired token is refused with 404', async () => {
    const url = await downloadUrl(source, admin);
    const token = decodeURIComponent(url.split('token=')[1] ?? '');
    const [body, signature] = token.split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as { e: number };
    payload.e += 60 * 60 * 1000;
    const forged = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    expect(
      (await source.app.inject({ method: 'GET', url: `/api/admin/backup/archive?token=${encodeURIComponent(forged)}` })).statusCode,
    ).toBe(404);
    expect((await source.app.inject({ method: 'GET', url: '/api/admin/backup/archive?token=nonsense' })).statusCode).toBe(404);
    now = new Date(now.getTime() + 6 * 60 * 1000);
    try {
      expect((await source.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      now = new Date(now.getTime() - 6 * 60 * 1000);
    }
  });

  it('needs an admin token: none → 401, an API key → 401', async () => {
    const key = await seedApiKey(source.container.repositories.apiKeys, { name: 'backup-key', text: true, file: true, mount: true });
    for (const headers of [{}, apiKeyHeader(key.key)]) {
      const token = await source.app.inject({ method: 'POST', url: '/api/admin/backup/download-token', headers, payload: {} });
      expect(token.statusCode).toBe(401);
      expect((await check(source, headers, readFileSync(archive))).statusCode).toBe(401);
      const restore = await restoreRequest(source, headers, { checkId: 'x', merge: false });
      expect(restore.statusCode).toBe(401);
    }
    await source.container.repositories.apiKeys.deleteById(key.id);
  });

  it('refuses a truncated, a tampered and a foreign upload with a one-line 400, and keeps no file', async () => {
    const bytes = readFileSync(archive);
    const tampered = Buffer.from(bytes);
    const at = Math.floor(tampered.length / 2);
    tampered[at] = (tampered[at] ?? 0) ^ 0xff;
    const otherTar = path.join(work, 'other.tar.gz');
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(otherTar));
    pack.entry({ name: 'notes/readme.txt' }, 'just some file');
    pack.finalize();
    await written;
    const uploads: [string, Buffer][] = [
      ['truncated', bytes.subarray(0, Math.floor(bytes.length * 0.6))],
      ['tampered', tampered],
      [
        "random bytes (over Fastify's 1 MiB default body limit)",
        Buffer.from(Array.from({ length: 2 * 1024 * 1024 + 1 }, (_, i) => (i * 7919 + 13) % 256)),
      ],
      ['a plain .tar.gz', readFileSync(otherTar)],
    ];
    for (const [what, body] of uploads) {
      const response = await check(source, { ...admin, 'accept-language': 'en-US' }, body);
      expect([what, response.statusCode]).toEqual([what, 400]);
      const message = (response.json() as Envelope<null>).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(/damaged|not a Cloudclip backup/);
      expect(checkFiles(source)).toEqual([]);
    }
    const chinese = await check(source, admin, uploads[0]?.[1] ?? Buffer.alloc(0));
    expect((chinese.json() as Envelope<null>).message).toMatch(/备份文件/);
  });

  it('refuses other content types with 415', async () => {
    const response = await source.app.inject({
      method: 'POST',
      url: '/api/admin/backup/restore/check',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(415);
  });

  it('restores into a freshly started server: the pastes are served, then non-empty → 409 and merge reports conflicts', async () => {
    const target = await newApp(SECRET_A);
    const targetAdmin = bearer(await loginAsAdmin(target.app));
    const checked = await check(target, targetAdmin, readFileSync(archive));
    expect(checked.statusCode).toBe(200);
    const result = (checked.json() as Envelope<Record<string, unknown> & { checkId: string; manifest: Record<string, unknown> }>).data;
    expect(result).toMatchObject({ secretMatches: true, schemaMatches: true, targetEmpty: true });
    expect(result.manifest).toMatchObject({
      formatVersion: 1,
      database: testDatabaseUrl() === undefined ? 'sqlite' : 'postgresql',
      objectsIncluded: false,
      objectCount: 0,
    });
    expect((result.manifest.rowCounts as Record<string, number>).pastes).toBe(2);
    expect((await target.app.inject({ method: 'GET', url: `/api/paste/${slugs.plain}` })).statusCode).toBe(404);

    const restored = await restoreRequest(target, targetAdmin, { checkId: result.checkId, merge: false });
    expect(restored.statusCode).toBe(200);
    const report = (restored.json() as Envelope<{ inserted: Record<string, number>; conflicts: unknown[] }>).data;
    expect(report.inserted.pastes).toBe(2);
    expect(report.conflicts).toEqual([]);
    expect(checkFiles(target)).toEqual([]);
    const served = await target.app.inject({ method: 'GET', url: `/api/paste/${slugs.plain}` });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toMatchObject({ content: 'restored over http' });
    // The restored admin account applies: the old session is gone, a new sign-in works.
    expect((await target.app.inject({ method: 'GET', url: '/api/admin/pastes', headers: targetAdmin })).statusCode).not.toBe(200);
    const signedIn = bearer(await loginAsAdmin(target.app));
    // The same checkId is used up.
    const reused = await restoreRequest(target, signedIn, { checkId: result.checkId, merge: false });
    expect(reused.statusCode).toBe(404);

    const second = (await check(target, signedIn, readFileSync(archive))).json() as Envelope<{ checkId: string; targetEmpty: boolean }>;
    expect(second.data.targetEmpty).toBe(false);
    const refused = await restoreRequest(
      target,
      { ...signedIn, 'accept-language': 'en-US' },
      { checkId: second.data.checkId, merge: false },
    );
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as Envelope<null>).message).toMatch(/merge/);
    const merged = await restoreRequest(target, signedIn, { checkId: second.data.checkId, merge: true });
    expect(merged.statusCode).toBe(200);
    const mergeReport = (merged.json() as Envelope<{ inserted: Record<string, number>; conflicts: { table: string; id: string }[] }>).data;
    expect(mergeReport.inserted.pastes).toBe(0);
    expect(mergeReport.conflicts.filter((conflict) => conflict.table === 'pastes')).toHaveLength(2);
  });

  it('another APP_SECRET: 400 until the backup secret is given, then the sealed share password still opens', async () => {
    const target = await newApp(SECRET_B);
    const targetAdmin = bearer(await loginAsAdmin(target.app));
    const checked = (await check(target, targetAdmin, readFileSync(archive))).json() as Envelope<{
      checkId: string;
      secretMatches: boolean;
    }>;
    expect(checked.data.secretMatches).toBe(false);
    const restore = (secret?: string) =>
      restoreRequest(
        target,
        { ...targetAdmin, 'accept-language': 'en-US' },
        { checkId: checked.data.checkId, merge: false, ...(secret === undefined ? {} : { secret }) },
      );
    const missing = await restore();
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as Envelope<null>).message).toMatch(/APP_SECRET the backup was made with/);
    const wrong = await restore('not-the-secret');
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as Envelope<null>).message).toMatch(/the one the backup was made with/);
    const done = await restore(SECRET_A);
    expect(done.statusCode).toBe(200);
    const unlocked = await target.app.inject({ method: 'POST', url: `/api/paste/${slugs.locked}`, payload: { password: 'pw-http' } });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ content: 'locked content', plain_password: 'pw-http' });
    expect((await target.app.inject({ method: 'POST', url: `/api/paste/${slugs.locked}`, payload: { password: 'nope' } })).statusCode).toBe(
      401,
    );
  });

  it('a restore that fails part-way changes nothing (one transaction), and the server answers meanwhile', async () => {
    const target = await newApp(SECRET_A);
    const targetAdmin = bearer(await loginAsAdmin(target.app));
    const checked = (await check(target, targetAdmin, readFileSync(archive))).json() as Envelope<{ checkId: string }>;
    // The checked file is changed on disk afterwards: the pastes part (after admins, settings,
    // storage configs were already replaced in the transaction) no longer matches its hash.
    const stored = path.join(target.dataDir, 'tmp', 'backup-checks', `${checked.data.checkId}.tar.gz`);
    const changed = path.join(work, 'changed.tar.gz');
    await rewriteArchive(stored, changed, 'tables/pastes.jsonl', (body) =>
      Buffer.from(body.toString('utf8').replace('restored over http', 'restored over htTp')),
    );
    copyFileSync(changed, stored);
    const [failed, ...reads] = await Promise.all([
      restoreRequest(target, { ...targetAdmin, 'accept-language': 'en-US' }, { checkId: checked.data.checkId, merge: false }),
      ...Array.from({ length: 5 }, () => target.app.inject({ method: 'GET', url: `/api/paste/${slugs.plain}` })),
    ]);
    expect(failed?.statusCode).toBe(400);
    expect((failed?.json() as Envelope<null>).message).toMatch(/damaged/);
    expect(reads.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    // Nothing changed: the fresh admin's session still works, no paste arrived.
    expect((await target.app.inject({ method: 'GET', url: '/api/admin/pastes', headers: targetAdmin })).statusCode).toBe(200);
    expect((await target.app.inject({ method: 'GET', url: `/api/paste/${slugs.plain}` })).statusCode).toBe(404);
  });

  it('an unknown checkId → 404, an upload over BACKUP_UPLOAD_MAX_BYTES → 413 and no file kept', async () => {
    const unknown = await restoreRequest(source, admin, { checkId: '0'.repeat(32), merge: false });
    expect(unknown.statusCode).toBe(404);
    const small = await createTestApp({ appSecret: SECRET_A, backupUploadMaxBytes: 1000 });
    opened.push(small);
    const smallAdmin = bearer(await loginAsAdmin(small.app));
    const tooLarge = await check(small, smallAdmin, readFileSync(archive));
    expect(tooLarge.statusCode).toBe(413);
    expect(checkFiles(small)).toEqual([]);
  });
});
