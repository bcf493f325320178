/**
 * The command line end to end against a tiny in-process HTTP server that speaks the contract's
 * shapes (only the HTTP edge is fake): what is sent, what is printed, exit codes.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { run, type RunIo } from './run';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

interface StoredPaste {
  slug: string;
  content: string;
  password?: string;
  burn?: boolean;
  encryption?: string;
}

let server: Server;
let base: string;
let seen: Seen[];
let pastes: Map<string, StoredPaste>;
let nextSlug = 0;
let features: string[];

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function fail(res: ServerResponse, status: number, message: string): void {
  reply(res, status, { code: status, message, success: false, data: null });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  const url = new URL(req.url ?? '/', base);
  seen.push({ method: req.method ?? '', url: `${url.pathname}${url.search}`, headers: req.headers, body });
  const auth = req.headers.authorization;
  const match = /^\/api\/paste\/([^/]+)$/.exec(url.pathname);

  if (req.method === 'GET' && url.pathname === '/api/version') {
    return reply(res, 200, { code: 200, message: 'ok', success: true, data: { version: '1', features } });
  }
  if (req.method === 'GET' && url.pathname === '/api/test/api-key') {
    if (auth !== 'ApiKey good-key') return fail(res, 401, 'Authentication required');
    return reply(res, 200, {
      code: 200,
      message: 'ok',
      success: true,
      data: { name: 'laptop', permissions: { text: true, file: false, mount: false } },
    });
  }
  if (req.method === 'POST' && url.pathname === '/api/paste') {
    if (auth !== 'ApiKey good-key') return fail(res, 401, 'Authentication required');
    const slug = typeof body?.slug === 'string' ? body.slug : `s${(nextSlug += 1)}`;
    const paste: StoredPaste = { slug, content: String(body?.content) };
    if (typeof body?.password === 'string') paste.password = body.password;
    if (body?.burnAfterReading === true) paste.burn = true;
    if (typeof body?.encryption === 'string') paste.encryption = body.encryption;
    pastes.set(slug, paste);
    return reply(res, 200, {
      id: `id-${slug}`,
      slug,
      hasPassword: Boolean(paste.password),
      createdAt: '2026-01-01T00:00:00Z',
      authorizedBy: 'apikey',
    });
  }
  if (match) {
    const paste = pastes.get(decodeURIComponent(match[1] as string));
    if (!paste) return fail(res, 404, 'The text share does not exist');
    const marks = { ...(paste.encryption ? { encryption: paste.encryption } : {}), ...(paste.burn ? { burnAfterReading: true } : {}) };
    const view = { slug: paste.slug, remark: null, expiresAt: null, maxViews: null, views: 0, createdAt: 'c', created_by: null, ...marks };
    if (req.method === 'GET') {
      if (paste.password) return reply(res, 200, { ...view, hasPassword: true, requiresPassword: true });
      if (paste.burn && url.searchParams.get('burn') === 'ask')
        return reply(res, 200, { ...view, hasPassword: false, requiresConfirmation: true });
      if (paste.burn) pastes.delete(paste.slug);
      return reply(res, 200, { ...view, content: paste.content, hasPassword: false, updatedAt: 'u' });
    }
    if (req.method === 'POST') {
      if (paste.password && body?.password !== paste.password) return fail(res, 401, 'Wrong password');
      if (!paste.password && body?.confirmBurn !== true) return fail(res, 400, 'no password');
      if (paste.burn) pastes.delete(paste.slug);
      return reply(res, 200, {
        ...view,
        content: paste.content,
        hasPassword: Boolean(paste.password),
        updatedAt: 'u',
        ...(paste.burn ? { burned: true } : {}),
      });
    }
  }
  if (req.method === 'GET' && (url.pathname === '/api/user/pastes' || url.pathname === '/api/user/files')) {
    if (auth !== 'ApiKey good-key') return fail(res, 401, 'Authentication required');
    if (url.pathname === '/api/user/files') {
      const files = [
        {
          id: 'f-1',
          slug: 'doc',
          filename: 'report.pdf',
          size: 2048,
          views: 1,
          max_views: null,
          expires_at: null,
          created_at: '2026-01-01T00:00:00Z',
          remark: null,
          has_password: false,
        },
      ];
      return reply(res, 200, {
        code: 200,
        message: 'ok',
        success: true,
        data: { files, pagination: { total: 1, limit: 100, offset: 0, hasMore: false } },
      });
    }
    const rows = [...pastes.values()].map((paste) => ({
      id: `id-${paste.slug}`,
      slug: paste.slug,
      content: paste.content,
      remark: 'r',
      has_password: 0,
      expires_at: null,
      max_views: null,
      views: 0,
      created_at: '2026-01-02T00:00:00Z',
      updated_at: 'u',
      created_by: 'apikey:1',
      tags: ['t'],
    }));
    return reply(res, 200, {
      code: 200,
      message: 'ok',
      success: true,
      data: rows,
      pagination: { total: rows.length, limit: 100, offset: 0, hasMore: false },
    });
  }
  const del = /^\/api\/user\/(pastes|files)\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'DELETE' && del) {
    if (del[1] === 'pastes') pastes.delete(String(del[2]).replace(/^id-/, ''));
    return reply(res, 200, { code: 200, message: 'deleted', success: true });
  }
  if (req.method === 'POST' && url.pathname === '/api/admin/login') {
    if (body?.username !== 'admin' || body?.password !== 'pw') return fail(res, 401, 'bad login');
    return reply(res, 200, {
      code: 200,
      message: 'ok',
      data: { username: 'admin', token: 'T'.repeat(32), expiresAt: '2099-01-01T00:00:00.000Z' },
    });
  }
  if (req.method === 'POST' && url.pathname === '/api/admin/logout') {
    return reply(res, 200, { code: 200, message: 'bye' });
  }
  return fail(res, 404, 'no route');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  pastes = new Map();
  features = ['paste-tags', 'paste-encryption', 'burn-after-reading'];
});

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(
  argv: string[],
  opts: { stdin?: string; stdinIsTTY?: boolean; env?: Record<string, string>; answers?: string[] } = {},
): Promise<Result> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const answers = [...(opts.answers ?? [])];
  const io: RunIo = {
    env: { CLOUDCLIP_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'cc-run-')), LANG: 'en_US.UTF-8', ...opts.env },
    stdout,
    stderr,
    stdin: Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]),
    stdinIsTTY: opts.stdinIsTTY ?? false,
    stderrIsTTY: false,
    prompt: async (question) => {
      err += question;
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected question: ${question}`);
      return answer;
    },
  };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}

const keyEnv = (): Record<string, string> => ({ CLOUDCLIP_SERVER: base, CLOUDCLIP_KEY: 'good-key' });

describe('cloudclip paste → get', () => {
  it('shares stdin with the share flags and prints the link; get prints the text', async () => {
    const pasted = await cli(
      ['paste', '--expires', '1d', '--max-views', '2', '--remark', 'note', '--tag', 'a', '--tag', 'b', '--slug', 'my-note'],
      {
        stdin: 'hello *world*\n',
        env: keyEnv(),
      },
    );
    expect(pasted).toEqual({ code: 0, stdout: `${base}/paste/my-note\n`, stderr: '' });
    const create = seen.find((r) => r.method === 'POST');
    expect(create?.url).toBe('/api/paste');
    expect(create?.headers.authorization).toBe('ApiKey good-key');
    expect(create?.headers['content-type']).toBe('application/json');
    const body = create?.body as Record<string, unknown>;
    expect(body).toMatchObject({ content: 'hello *world*\n', slug: 'my-note', remark: 'note', maxViews: 2, tags: ['a', 'b'] });
    const hours = (Date.parse(String(body.expiresAt)) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(body).not.toHaveProperty('encryption');

    const got = await cli(['get', `${base}/paste/my-note`]);
    expect(got).toEqual({ code: 0, stdout: 'hello *world*\n', stderr: '' });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/paste/my-note?burn=ask' });
  });

  it('--encrypt sends only the envelope and puts the key in the link; get decrypts it', async () => {
    const pasted = await cli(['paste', '-', '--encrypt'], { stdin: 'top secret', env: keyEnv() });
    expect(pasted.code).toBe(0);
    const link = pasted.stdout.trim();
    expect(link).toMatch(new RegExp(`^${base}/paste/s\\d+#[A-Za-z0-9_-]{43}$`));
    const body = seen.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body.encryption).toBe('aes-256-gcm/v1');
    expect(String(body.content)).not.toContain('top secret');

    expect(await cli(['get', link])).toEqual({ code: 0, stdout: 'top secret', stderr: '' });
    const noKey = await cli(['get', link.replace(/#.*/, '')]);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/^cloudclip: this paste is encrypted, but the link has no key/);
  });

  it('a password-protected paste: --password, a wrong one, and an error when none can be asked', async () => {
    const pasted = await cli(['paste', '--password', 'pw1'], { stdin: 'guarded', env: keyEnv() });
    const link = pasted.stdout.trim();
    expect(await cli(['get', link, '--password', 'pw1'])).toMatchObject({ code: 0, stdout: 'guarded' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: { password: 'pw1' } });
    expect(await cli(['get', link, '--password', 'nope'])).toMatchObject({ code: 1, stderr: 'cloudclip: wrong password\n' });
    expect(await cli(['get', link])).toMatchObject({ code: 1, stderr: 'cloudclip: this share is password-protected: pass --password\n' });
    expect(await cli(['get', link], { stdinIsTTY: true, answers: ['pw1'] })).toMatchObject({ code: 0, stdout: 'guarded' });
  });

  it('burn after reading: nothing is read without --yes; asked on a terminal; read once with --yes', async () => {
    const link = (await cli(['paste', '--burn'], { stdin: 'once', env: keyEnv() })).stdout.trim();
    expect((seen.find((r) => r.method === 'POST')?.body as Record<string, unknown>).burnAfterReading).toBe(true);

    const piped = await cli(['get', link]);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain('pass --yes');
    const declined = await cli(['get', link], { stdinIsTTY: true, answers: ['n'] });
    expect(declined.code).toBe(1);
    expect(declined.stderr).toContain('deleted once it is read. Read it now?');
    expect(pastes.has(link.split('/').pop() as string)).toBe(true);

    const read = await cli(['get', link, '--yes']);
    expect(read).toMatchObject({ code: 0, stdout: 'once' });
    expect(read.stderr).toContain('now deleted');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: { confirmBurn: true } });
    const again = await cli(['get', link, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^cloudclip: not found/);
  });

  it('shares a FILE; a missing file is named', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-file-'));
    const file = path.join(dir, 'notes.md');
    writeFileSync(file, '# Notes\n');
    expect((await cli(['paste', file], { env: keyEnv(), stdinIsTTY: true })).code).toBe(0);
    expect(seen.at(-1)?.body).toMatchObject({ content: '# Notes\n' });
    const missing = await cli(['paste', path.join(dir, 'gone.md')], { env: keyEnv() });
    expect(missing).toMatchObject({ code: 1, stderr: `cloudclip: cannot read ${path.join(dir, 'gone.md')}: no such file\n` });
    const zh = await cli(['paste', path.join(dir, 'gone.md')], { env: { ...keyEnv(), LANG: 'zh_CN.UTF-8' } });
    expect(zh.stderr).toContain('文件不存在');
  });

  it('get -o writes the paste to a file', async () => {
    pastes.set('w1', { slug: 'w1', content: 'to disk' });
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'cc-out-')), 'out.txt');
    const result = await cli(['get', 'w1', '-o', out], { env: { CLOUDCLIP_SERVER: base } });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(readFileSync(out, 'utf8')).toBe('to disk');
  });

  it('against a CloudPaste 0.6 backend: --burn is refused, --tag dropped with a note, --encrypt still decrypts', async () => {
    features = [];
    const burn = await cli(['paste', '--burn'], { stdin: 'x', env: keyEnv() });
    expect(burn.code).toBe(1);
    expect(burn.stderr).toContain('cannot delete a paste after reading');
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
    const tagged = await cli(['paste', '--tag', 'a'], { stdin: 'x', env: keyEnv() });
    expect(tagged.code).toBe(0);
    expect(tagged.stderr).toContain('does not keep tags');
    expect(seen.at(-1)?.body).not.toHaveProperty('tags');
    const link = (await cli(['paste', '--encrypt'], { stdin: 'old server', env: keyEnv() })).stdout.trim();
    // An old backend drops the encryption mark: the link's key still opens the envelope.
    const stored = pastes.get(link.replace(/#.*/, '').split('/').pop() as string);
    delete stored?.encryption;
    expect(await cli(['get', link])).toMatchObject({ code: 0, stdout: 'old server' });
  });

  it('--json prints the whole answer with the link', async () => {
    const result = await cli(['paste', '--json'], { stdin: 'x', env: keyEnv() });
    expect(JSON.parse(result.stdout)).toMatchObject({
      slug: 's' + String(nextSlug),
      link: `${base}/paste/s${nextSlug}`,
      authorizedBy: 'apikey',
    });
  });
});

describe('cloudclip errors and usage', () => {
  it('usage errors exit 2 with one line', async () => {
    const noInput = await cli(['paste'], { stdinIsTTY: true, env: keyEnv() });
    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toBe(
      'cloudclip: no text: give a FILE, "-" for stdin, or pipe text into cloudclip paste (see cloudclip paste --help)\n',
    );
    expect((await cli(['paste', '--max-views', '0'], { stdin: 'x', env: keyEnv() })).code).toBe(2);
    expect((await cli(['get'])).code).toBe(2);
    expect((await cli(['rm'], { env: keyEnv() })).code).toBe(2);
    expect(seen).toEqual([]);
  });

  it('a refused key is an auth error, in Chinese too', async () => {
    const en = await cli(['paste'], { stdin: 'x', env: { CLOUDCLIP_SERVER: base, CLOUDCLIP_KEY: 'bad' } });
    expect(en.code).toBe(1);
    expect(en.stderr).toMatch(/^cloudclip: the server refused the credentials/);
    const zh = await cli(['paste'], { stdin: 'x', env: { CLOUDCLIP_SERVER: base, CLOUDCLIP_KEY: 'bad', LANG: 'zh_CN.UTF-8' } });
    expect(zh.stderr).toMatch(/^cloudclip: 服务器拒绝了凭据/);
  });

  it('an unreachable server says so', async () => {
    const result = await cli(['get', 'abc'], { env: { CLOUDCLIP_SERVER: 'http://127.0.0.1:1' } });
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'cloudclip: cannot reach http://127.0.0.1:1: is it running?\n' });
  });

  it('no stack trace unless --debug', async () => {
    const plain = await cli(['get', 'abc'], { env: { CLOUDCLIP_SERVER: 'http://127.0.0.1:1' } });
    expect(plain.stderr).not.toContain('    at ');
    const debug = await cli(['--debug', 'get', 'abc'], { env: { CLOUDCLIP_SERVER: 'http://127.0.0.1:1' } });
    expect(debug.stderr).toContain('    at ');
  });

  it('--help and --version print and exit 0, in the user language', async () => {
    expect((await cli(['--help'])).stdout).toContain('Usage: cloudclip');
    expect((await cli(['ls', '-h'], { env: { LANG: 'zh_CN.UTF-8' } })).stdout).toContain('用法：cloudclip ls');
    expect((await cli(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('cloudclip login', () => {
  it('checks the key with /api/test/api-key and stores it readable only by the user', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-login-'));
    const result = await cli(['login'], { stdinIsTTY: true, env: { CLOUDCLIP_CONFIG_DIR: dir }, answers: [base, 'k', 'good-key'] });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('with the API key "laptop"');
    expect(result.stderr).toContain('this key may not share files');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/test/api-key', headers: { authorization: 'ApiKey good-key' } });
    const file = path.join(dir, 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ server: base, key: 'good-key' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a wrong key is refused and nothing is stored', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-login-'));
    const result = await cli(['login', '--server', base, '--key', 'bad'], { env: { CLOUDCLIP_CONFIG_DIR: dir } });
    expect(result.code).toBe(1);
    expect(() => statSync(path.join(dir, 'config.json'))).toThrow();
  });
});

describe('cloudclip ls and rm', () => {
  it("ls prints a table of the key's pastes and files; --json the rows", async () => {
    pastes.set('p1', { slug: 'p1', content: 'héllo' });
    const table = await cli(['ls'], { env: keyEnv() });
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TYPE\s+SLUG\s+REMARK \/ FILE\s+SIZE\s+VIEWS\s+EXPIRES\s+CREATED$/);
    expect(lines[1]).toMatch(/^paste\s+p1\s+r \[t\]\s+6 B\s+0\s+never/);
    expect(lines[2]).toMatch(/^file\s+doc\s+report\.pdf\s+2\.0 KB\s+1\s+never/);
    const json = JSON.parse((await cli(['ls', '--json', '--type', 'file'], { env: keyEnv() })).stdout) as unknown[];
    expect(json).toEqual([expect.objectContaining({ type: 'file', slug: 'doc', name: 'report.pdf', size: 2048 })]);
    await cli(['ls', '--tag', 'work', '--search', 'q'], { env: keyEnv() });
    expect(seen.at(-1)?.url).toBe('/api/user/pastes?limit=100&offset=0&q=q&tag=work');
  });

  it('ls without credentials says to log in', async () => {
    const result = await cli(['ls'], { env: { CLOUDCLIP_SERVER: base } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not logged in');
  });

  it('rm asks on a terminal, deletes by id, and reports each slug', async () => {
    pastes.set('p1', { slug: 'p1', content: 'a' });
    pastes.set('p2', { slug: 'p2', content: 'b' });
    const result = await cli(['rm', 'p1', 'p2', 'nope'], { env: keyEnv(), stdinIsTTY: true, answers: ['y', 'n'] });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('deleted paste p1\n');
    expect(result.stderr).toContain('Delete paste p1? [y/N]');
    expect(result.stderr).toContain('kept p2');
    expect(result.stderr).toContain('nope: not found among your shares');
    expect(result.stderr).toContain('cloudclip: 1 of 3 not deleted');
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/user/pastes/id-p1']);
    expect(pastes.has('p2')).toBe(true);

    const yes = await cli(['rm', 'p2', '--yes'], { env: keyEnv(), stdinIsTTY: true });
    expect(yes).toMatchObject({ code: 0, stdout: 'deleted paste p2\n' });
  });
});

describe('cloudclip login as admin, logout', () => {
  it('stores the admin token with its expiry and revokes it on logout', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-admin-'));
    const env = { CLOUDCLIP_CONFIG_DIR: dir };
    const login = await cli(['login', '--server', base], { stdinIsTTY: true, env, answers: ['a', 'admin', 'pw'] });
    expect(login.code).toBe(0);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/admin/login', body: { username: 'admin', password: 'pw' } });
    const file = path.join(dir, 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      server: base,
      adminToken: 'T'.repeat(32),
      adminTokenExpiresAt: '2099-01-01T00:00:00.000Z',
      username: 'admin',
    });
    const logout = await cli(['logout'], { env });
    expect(logout.code).toBe(0);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: `Bearer ${'T'.repeat(32)}` } });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ server: base });
  });

  it('a wrong admin password is reported as such', async () => {
    const env = { CLOUDCLIP_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'cc-admin-')) };
    const login = await cli(['login', '--server', base], { stdinIsTTY: true, env, answers: ['a', 'admin', 'nope'] });
    expect(login).toMatchObject({ code: 1, stderr: expect.stringContaining('cloudclip: wrong password') });
  });

  it('login without a terminal and without --key explains what to pass', async () => {
    const result = await cli(['login', '--server', base]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--server URL --key KEY');
  });
});
