import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../errors';
import { envelope, send, startFakeApi, testContext, type FakeApi } from '../transfer/testing/fake-api';
import { downloadUrlOf, getFile, safeFileName } from './get-file';

let api: FakeApi;
let dir: string;
const bytes = randomBytes(300 * 1024 + 7);

function publicFile(overrides: Record<string, unknown> = {}) {
  return {
    id: 'f1',
    slug: 'abc123',
    filename: 'report.pdf',
    mimetype: 'application/pdf',
    size: bytes.length,
    remark: null,
    created_at: '2026-01-01T00:00:00.000Z',
    requires_password: false,
    views: 1,
    max_views: null,
    expires_at: null,
    s3_direct_preview_url: 'x',
    s3_direct_download_url: 'x',
    proxy_download_url: `${api.origin}/api/file-download/abc123`,
    downloadUrl: `${api.origin}/api/file-download/abc123`,
    use_proxy: 1,
    created_by: null,
    ...overrides,
  };
}

beforeEach(async () => {
  api = await startFakeApi();
  dir = await mkdtemp(join(tmpdir(), 'cc-get-'));
});

afterEach(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

function serveFile(options: { password?: string; status?: number } = {}) {
  api.handlers.push((request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (request.method === 'GET' && url.pathname === '/api/public/files/abc123') {
      if (options.status) send(response, options.status, envelope(null, options.status));
      else if (options.password) {
        const { proxy_download_url: _p, downloadUrl: _d, ...rest } = publicFile({ requires_password: true });
        send(response, 200, envelope(rest));
      } else send(response, 200, envelope(publicFile()));
      return true;
    }
    if (request.method === 'POST' && url.pathname === '/api/public/files/abc123/verify') {
      const given = (JSON.parse(body.toString()) as { password: string }).password;
      if (given !== options.password) send(response, 401, envelope(null, 401));
      else send(response, 200, envelope(publicFile()));
      return true;
    }
    if (request.method === 'GET' && url.pathname === '/api/file-download/abc123') {
      if (options.password && url.searchParams.get('password') !== options.password) {
        send(response, 403, 'wrong password', { 'content-type': 'text/plain' });
        return true;
      }
      send(response, 200, bytes, { 'content-type': 'application/pdf', 'content-length': String(bytes.length) });
      return true;
    }
    return false;
  });
}

describe('getFile', () => {
  it('writes exactly the bytes to -o through a .part file renamed at the end', async () => {
    serveFile();
    const ctx = testContext(api.origin);
    const target = join(dir, 'out.pdf');
    await getFile(ctx, 'abc123', { output: target });
    expect((await readFile(target)).equals(bytes)).toBe(true);
    expect(await readdir(dir)).toEqual(['out.pdf']);
    expect(ctx.out()).toBe('');
    expect(ctx.err()).toContain('report.pdf: 300 KiB in');
    const download = api.requests.find((r) => r.path === '/api/file-download/abc123');
    expect(download?.headers.authorization).toBeUndefined();
  });

  it('saves under the file own name in the folder when stdout is a terminal, and never overwrites without --yes', async () => {
    serveFile();
    await writeFile(join(dir, 'report.pdf'), 'keep me');
    const ctx = testContext(api.origin, { stdoutIsTTY: true });
    const error = (await getFile(ctx, 'abc123', {}, { cwd: dir }).catch((e: unknown) => e)) as CliError;
    expect(error).toBeInstanceOf(CliError);
    expect(error.message).toContain('report.pdf already exists');
    expect(await readFile(join(dir, 'report.pdf'), 'utf8')).toBe('keep me');
    expect(api.requests.some((r) => r.path === '/api/file-download/abc123')).toBe(false);

    await getFile(testContext(api.origin, { stdoutIsTTY: true, yes: true }), 'abc123', {}, { cwd: dir });
    expect((await readFile(join(dir, 'report.pdf'))).equals(bytes)).toBe(true);
  });

  it('streams to stdout when it is piped', async () => {
    serveFile();
    const ctx = testContext(api.origin, { stderrIsTTY: false });
    await getFile(ctx, 'abc123', {}, { cwd: dir });
    expect(ctx.outBytes().equals(bytes)).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });

  it('verifies the password and sends it with the download link', async () => {
    serveFile({ password: 's3cret' });
    const target = join(dir, 'out.pdf');
    await getFile(testContext(api.origin), 'abc123', { output: target, password: 's3cret' });
    expect((await readFile(target)).equals(bytes)).toBe(true);
    expect(api.requests.find((r) => r.path.endsWith('/verify'))?.json).toEqual({ password: 's3cret' });
  });

  it('tells a wrong password, a missing one, and a gone file apart', async () => {
    serveFile({ password: 's3cret' });
    const wrong = (await getFile(testContext(api.origin), 'abc123', { output: join(dir, 'x'), password: 'nope' }).catch(
      (e: unknown) => e,
    )) as CliError;
    expect(wrong.kind).toBe('password');
    const missing = (await getFile(testContext(api.origin), 'abc123', { output: join(dir, 'x') }).catch((e: unknown) => e)) as CliError;
    expect(missing.kind).toBe('password');
    expect(missing.message).toContain('--password');
    await api.close();

    api = await startFakeApi();
    serveFile({ status: 410 });
    const gone = (await getFile(testContext(api.origin), 'abc123', { output: join(dir, 'x') }).catch((e: unknown) => e)) as CliError;
    expect(gone.kind).toBe('gone');
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves nothing behind when the connection ends early', async () => {
    api.handlers.push((request, _body, response) => {
      if (request.url === '/api/public/files/abc123') {
        send(response, 200, envelope(publicFile()));
        return true;
      }
      if (request.url === '/api/file-download/abc123') {
        response.writeHead(200, { 'content-length': String(bytes.length) });
        response.write(bytes.subarray(0, 1000), () => response.destroy());
        return true;
      }
      return false;
    });
    const target = join(dir, 'out.pdf');
    const error = (await getFile(testContext(api.origin), 'abc123', { output: target }).catch((e: unknown) => e)) as CliError;
    expect(error).toBeInstanceOf(CliError);
    expect(error.message).toContain('report.pdf');
    expect(await readdir(dir)).toEqual([]);
  });

  it('says the server cannot be reached when nothing answers', async () => {
    const origin = api.origin;
    await api.close();
    api = await startFakeApi();
    const error = (await getFile(testContext(origin), 'abc123', { output: join(dir, 'x') }).catch((e: unknown) => e)) as CliError;
    expect(error.kind).toBe('unreachable');
  });
});

describe('download helpers', () => {
  it('keeps only a plain file name', () => {
    expect(safeFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeFileName('a\\b\\c.txt', 'x')).toBe('c.txt');
    expect(safeFileName('..', 'slug')).toBe('slug');
    expect(safeFileName('bad\u0007name', 'x')).toBe('badname');
  });

  it('appends the password only to the proxy links', () => {
    const base = { proxy_download_url: 'http://h/api/file-download/s' } as Parameters<typeof downloadUrlOf>[0];
    expect(downloadUrlOf(base, 'a b&c')).toBe('http://h/api/file-download/s?password=a%20b%26c');
    expect(downloadUrlOf({ downloadUrl: 'https://bucket/x?sig=1' } as Parameters<typeof downloadUrlOf>[0], 'pw')).toBe(
      'https://bucket/x?sig=1',
    );
  });
});
