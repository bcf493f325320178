/**
 * The command line end to end against a tiny in-process HTTP server that speaks the contract's
 * shapes (only the HTTP edge is fake, run-test-harness.ts): what is sent, what is printed, exit codes.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cli, useFakeContractServer } from './run-test-harness';

const fake = useFakeContractServer();

const keyEnv = (): Record<string, string> => ({ CLOUDCLIP_SERVER: fake.base, CLOUDCLIP_KEY: 'good-key' });

describe('cloudclip paste → get', () => {
  it('shares stdin with the share flags and prints the link; get prints the text', async () => {
    const pasted = await cli(
      ['paste', '--expires', '1d', '--max-views', '2', '--remark', 'note', '--tag', 'a', '--tag', 'b', '--slug', 'my-note'],
      {
        stdin: 'hello *world*\n',
        env: keyEnv(),
      },
    );
    expect(pasted).toEqual({ code: 0, stdout: `${fake.base}/paste/my-note\n`, stderr: '' });
    const create = fake.seen.find((r) => r.method === 'POST');
    expect(create?.url).toBe('/api/paste');
    expect(create?.headers.authorization).toBe('ApiKey good-key');
    expect(create?.headers['content-type']).toBe('application/json');
    const body = create?.body as Record<string, unknown>;
    expect(body).toMatchObject({ content: 'hello *world*\n', slug: 'my-note', remark: 'note', maxViews: 2, tags: ['a', 'b'] });
    const hours = (Date.parse(String(body.expiresAt)) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(body).not.toHaveProperty('encryption');

    const got = await cli(['get', `${fake.base}/paste/my-note`]);
    expect(got).toEqual({ code: 0, stdout: 'hello *world*\n', stderr: '' });
    expect(fake.seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/paste/my-note?burn=ask' });
  });

  it('--encrypt sends only the envelope and puts the key in the link; get decrypts it', async () => {
    const pasted = await cli(['paste', '-', '--encrypt'], { stdin: 'top secret', env: keyEnv() });
    expect(pasted.code).toBe(0);
    const link = pasted.stdout.trim();
    expect(link).toMatch(new RegExp(`^${fake.base}/paste/s\\d+#[A-Za-z0-9_-]{43}$`));
    const body = fake.seen.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
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
    expect(fake.seen.at(-1)).toMatchObject({ method: 'POST', body: { password: 'pw1' } });
    expect(await cli(['get', link, '--password', 'nope'])).toMatchObject({ code: 1, stderr: 'cloudclip: wrong password\n' });
    expect(await cli(['get', link])).toMatchObject({ code: 1, stderr: 'cloudclip: this share is password-protected: pass --password\n' });
    expect(await cli(['get', link], { stdinIsTTY: true, answers: ['pw1'] })).toMatchObject({ code: 0, stdout: 'guarded' });
  });

  it('burn after reading: nothing is read without --yes; asked on a terminal; read once with --yes', async () => {
    const link = (await cli(['paste', '--burn'], { stdin: 'once', env: keyEnv() })).stdout.trim();
    expect((fake.seen.find((r) => r.method === 'POST')?.body as Record<string, unknown>).burnAfterReading).toBe(true);

    const piped = await cli(['get', link]);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain('pass --yes');
    const declined = await cli(['get', link], { stdinIsTTY: true, answers: ['n'] });
    expect(declined.code).toBe(1);
    expect(declined.stderr).toContain('deleted once it is read. Read it now?');
    expect(fake.pastes.has(link.split('/').pop() as string)).toBe(true);

    const read = await cli(['get', link, '--yes']);
    expect(read).toMatchObject({ code: 0, stdout: 'once' });
    expect(read.stderr).toContain('now deleted');
    expect(fake.seen.at(-1)).toMatchObject({ method: 'POST', body: { confirmBurn: true } });
    const again = await cli(['get', link, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^cloudclip: not found/);
  });

  it('shares a FILE; a missing file is named', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-file-'));
    const file = path.join(dir, 'notes.md');
    writeFileSync(file, '# Notes\n');
    expect((await cli(['paste', file], { env: keyEnv(), stdinIsTTY: true })).code).toBe(0);
    expect(fake.seen.at(-1)?.body).toMatchObject({ content: '# Notes\n' });
    const missing = await cli(['paste', path.join(dir, 'gone.md')], { env: keyEnv() });
    expect(missing).toMatchObject({ code: 1, stderr: `cloudclip: cannot read ${path.join(dir, 'gone.md')}: no such file\n` });
    const zh = await cli(['paste', path.join(dir, 'gone.md')], { env: { ...keyEnv(), LANG: 'zh_CN.UTF-8' } });
    expect(zh.stderr).toContain('文件不存在');
  });

  it('get -o writes the paste to a file', async () => {
    fake.pastes.set('w1', { slug: 'w1', content: 'to disk' });
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'cc-out-')), 'out.txt');
    const result = await cli(['get', 'w1', '-o', out], { env: { CLOUDCLIP_SERVER: fake.base } });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(readFileSync(out, 'utf8')).toBe('to disk');
  });

  it('against a CloudPaste 0.6 backend: --burn is refused, --tag dropped with a note, --encrypt still decrypts', async () => {
    fake.features = [];
    const burn = await cli(['paste', '--burn'], { stdin: 'x', env: keyEnv() });
    expect(burn.code).toBe(1);
    expect(burn.stderr).toContain('cannot delete a paste after reading');
    expect(fake.seen.some((r) => r.method === 'POST')).toBe(false);
    const tagged = await cli(['paste', '--tag', 'a'], { stdin: 'x', env: keyEnv() });
    expect(tagged.code).toBe(0);
    expect(tagged.stderr).toContain('does not keep tags');
    expect(fake.seen.at(-1)?.body).not.toHaveProperty('tags');
    const link = (await cli(['paste', '--encrypt'], { stdin: 'old server', env: keyEnv() })).stdout.trim();
    // An old backend drops the encryption mark: the link's key still opens the envelope.
    const stored = fake.pastes.get(link.replace(/#.*/, '').split('/').pop() as string);
    delete stored?.encryption;
    expect(await cli(['get', link])).toMatchObject({ code: 0, stdout: 'old server' });
  });

  it('--json prints the whole answer with the link', async () => {
    const result = await cli(['paste', '--json'], { stdin: 'x', env: keyEnv() });
    expect(JSON.parse(result.stdout)).toMatchObject({
      slug: 's' + String(fake.nextSlug),
      link: `${fake.base}/paste/s${fake.nextSlug}`,
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
    expect(fake.seen).toEqual([]);
  });

  it('a refused key is an auth error, in Chinese too', async () => {
    const en = await cli(['paste'], { stdin: 'x', env: { CLOUDCLIP_SERVER: fake.base, CLOUDCLIP_KEY: 'bad' } });
    expect(en.code).toBe(1);
    expect(en.stderr).toMatch(/^cloudclip: the server refused the credentials/);
    const zh = await cli(['paste'], { stdin: 'x', env: { CLOUDCLIP_SERVER: fake.base, CLOUDCLIP_KEY: 'bad', LANG: 'zh_CN.UTF-8' } });
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
    const result = await cli(['login'], { stdinIsTTY: true, env: { CLOUDCLIP_CONFIG_DIR: dir }, answers: [fake.base, 'k', 'good-key'] });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('with the API key "laptop"');
    expect(result.stderr).toContain('this key may not share files');
    expect(fake.seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/test/api-key', headers: { authorization: 'ApiKey good-key' } });
    const file = path.join(dir, 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ server: fake.base, key: 'good-key' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a wrong key is refused and nothing is stored', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-login-'));
    const result = await cli(['login', '--server', fake.base, '--key', 'bad'], { env: { CLOUDCLIP_CONFIG_DIR: dir } });
    expect(result.code).toBe(1);
    expect(() => statSync(path.join(dir, 'config.json'))).toThrow();
  });
});

describe('cloudclip ls and rm', () => {
  it("ls prints a table of the key's pastes and files; --json the rows", async () => {
    fake.pastes.set('p1', { slug: 'p1', content: 'héllo' });
    const table = await cli(['ls'], { env: keyEnv() });
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TYPE\s+SLUG\s+REMARK \/ FILE\s+SIZE\s+VIEWS\s+EXPIRES\s+CREATED$/);
    expect(lines[1]).toMatch(/^paste\s+p1\s+r \[t\]\s+6 B\s+0\s+never/);
    expect(lines[2]).toMatch(/^file\s+doc\s+report\.pdf\s+2\.0 KB\s+1\s+never/);
    const json = JSON.parse((await cli(['ls', '--json', '--type', 'file'], { env: keyEnv() })).stdout) as unknown[];
    expect(json).toEqual([expect.objectContaining({ type: 'file', slug: 'doc', name: 'report.pdf', size: 2048 })]);
    await cli(['ls', '--tag', 'work', '--search', 'q'], { env: keyEnv() });
    expect(fake.seen.at(-1)?.url).toBe('/api/user/pastes?limit=100&offset=0&q=q&tag=work');
  });

  it('ls without credentials says to log in', async () => {
    const result = await cli(['ls'], { env: { CLOUDCLIP_SERVER: fake.base } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not logged in');
  });

  it('rm asks on a terminal, deletes by id, and reports each slug', async () => {
    fake.pastes.set('p1', { slug: 'p1', content: 'a' });
    fake.pastes.set('p2', { slug: 'p2', content: 'b' });
    const result = await cli(['rm', 'p1', 'p2', 'nope'], { env: keyEnv(), stdinIsTTY: true, answers: ['y', 'n'] });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('deleted paste p1\n');
    expect(result.stderr).toContain('Delete paste p1? [y/N]');
    expect(result.stderr).toContain('kept p2');
    expect(result.stderr).toContain('nope: not found among your shares');
    expect(result.stderr).toContain('cloudclip: 1 of 3 not deleted');
    expect(fake.seen.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/user/pastes/id-p1']);
    expect(fake.pastes.has('p2')).toBe(true);

    const yes = await cli(['rm', 'p2', '--yes'], { env: keyEnv(), stdinIsTTY: true });
    expect(yes).toMatchObject({ code: 0, stdout: 'deleted paste p2\n' });
  });
});

describe('cloudclip login as admin, logout', () => {
  it('stores the admin token with its expiry and revokes it on logout', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-admin-'));
    const env = { CLOUDCLIP_CONFIG_DIR: dir };
    const login = await cli(['login', '--server', fake.base], { stdinIsTTY: true, env, answers: ['a', 'admin', 'pw'] });
    expect(login.code).toBe(0);
    expect(fake.seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/admin/login', body: { username: 'admin', password: 'pw' } });
    const file = path.join(dir, 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      server: fake.base,
      adminToken: 'T'.repeat(32),
      adminTokenExpiresAt: '2099-01-01T00:00:00.000Z',
      username: 'admin',
    });
    const logout = await cli(['logout'], { env });
    expect(logout.code).toBe(0);
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${'T'.repeat(32)}` },
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ server: fake.base });
  });

  it('a wrong admin password is reported as such', async () => {
    const env = { CLOUDCLIP_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'cc-admin-')) };
    const login = await cli(['login', '--server', fake.base], { stdinIsTTY: true, env, answers: ['a', 'admin', 'nope'] });
    expect(login).toMatchObject({ code: 1, stderr: expect.stringContaining('cloudclip: wrong password') });
  });

  it('login without a terminal and without --key explains what to pass', async () => {
    const result = await cli(['login', '--server', fake.base]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--server URL --key KEY');
  });
});
