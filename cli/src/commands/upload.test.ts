import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../errors';
import { envelope, send, startFakeApi, testContext, type FakeApi } from '../transfer/testing/fake-api';
import { saveUploadState, uploadStateFile, loadUploadState } from '../transfer/upload-state';
import { runUpload } from './upload';

const FILE_ID = '11111111-2222-4333-8444-555555555555';
const PART = 64 * 1024;

let api: FakeApi;
let dir: string;
let stateDir: string;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  api = await startFakeApi();
  dir = await mkdtemp(join(tmpdir(), 'cc-upload-'));
  stateDir = join(dir, 'state');
  env = { CLOUDCLIP_STATE_DIR: stateDir };
  api.handlers.push((request, _body, response) => {
    if (request.method === 'GET' && request.url === '/api/s3-configs') {
      send(
        response,
        200,
        envelope([
          { id: 'cfg-a', name: 'Archive', is_default: 0, provider_type: 'Other', signature_expires_in: 3600 },
          { id: 'cfg-b', name: 'Main', is_default: 1, provider_type: 'Other', signature_expires_in: 3600 },
        ]),
      );
      return true;
    }
    if (request.method === 'DELETE' && request.url?.startsWith('/api/user/files/')) {
      send(response, 200, envelope(null));
      return true;
    }
    return false;
  });
});

afterEach(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

/** presign → bucket PUT (stores the bytes) → commit, like the api-server. */
function singleFlow(options: { putStatus?: number } = {}) {
  api.handlers.push((request, body, response) => {
    if (request.method === 'POST' && request.url === '/api/s3/presign') {
      send(
        response,
        200,
        envelope({
          file_id: FILE_ID,
          upload_url: `${api.origin}/bucket/obj?X-Amz-Date=20260101T000000Z&X-Amz-Expires=3600`,
          storage_path: 'obj',
          s3_url: 'x',
          slug: 'abc123',
          provider_type: 'Other',
          contentType: 'text/plain',
        }),
      );
      return true;
    }
    if (request.method === 'PUT' && request.url?.startsWith('/bucket/obj')) {
      if (options.putStatus) {
        send(response, options.putStatus, '<Error><Code>AccessDenied</Code></Error>', { 'content-type': 'application/xml' });
        return true;
      }
      api.objects.set('obj', body);
      send(response, 200, '', { etag: '"etag-1"' });
      return true;
    }
    if (request.method === 'POST' && request.url === '/api/s3/commit') {
      send(response, 200, envelope({ id: FILE_ID, slug: 'abc123', filename: 'notes.txt', size: 5, url: '/file/abc123' }));
      return true;
    }
    return false;
  });
}

describe('runUpload, one PUT', () => {
  it('presigns, PUTs the bytes unchanged with the signed type, commits the share options and prints the link', async () => {
    singleFlow();
    const file = join(dir, 'notes.txt');
    const bytes = randomBytes(5000);
    await writeFile(file, bytes);
    const ctx = testContext(api.origin);
    await runUpload(ctx, [file], { remark: 'logs', password: 'pw', expires: '1d', maxViews: 3 }, { env });

    expect(ctx.out()).toBe(`${api.origin}/file/abc123\n`);
    expect(api.objects.get('obj')?.equals(bytes)).toBe(true);
    const presign = api.requests.find((r) => r.path === '/api/s3/presign');
    expect(presign?.json).toEqual({ s3_config_id: 'cfg-b', filename: 'notes.txt', size: 5000 });
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.headers['content-type']).toBe('text/plain');
    expect(put?.headers['content-length']).toBe('5000');
    const commit = api.requests.find((r) => r.path === '/api/s3/commit');
    expect(commit?.json).toEqual({
      file_id: FILE_ID,
      etag: 'etag-1',
      size: '5000',
      remark: 'logs',
      password: 'pw',
      expires_in: 24,
      max_views: 3,
    });
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(ctx.err()).toContain('notes.txt: 4.88 KiB in');
  });

  it('uses --storage by name, makes --burn one view, and prints the answer with the link under --json', async () => {
    singleFlow();
    const file = join(dir, 'notes.txt');
    await writeFile(file, 'hello');
    const ctx = testContext(api.origin, { json: true, stderrIsTTY: false });
    await runUpload(ctx, [file], { storage: 'archive', burn: true }, { env });
    expect(api.requests.find((r) => r.path === '/api/s3/presign')?.json?.s3_config_id).toBe('cfg-a');
    expect(api.requests.find((r) => r.path === '/api/s3/commit')?.json).toMatchObject({ expires_in: 0, max_views: 1 });
    const printed = JSON.parse(ctx.out()) as Record<string, unknown>;
    expect(printed).toMatchObject({ id: FILE_ID, slug: 'abc123', link: `${api.origin}/file/abc123` });
    expect(ctx.err()).toBe('');
  });

  it('names the storages there are when --storage matches none', async () => {
    const file = join(dir, 'a.txt');
    await writeFile(file, 'a');
    const error = await runUpload(testContext(api.origin), [file], { storage: 'nope' }, { env }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toContain('Archive, Main');
  });

  it('deletes the pending share when the bucket refuses the bytes, and says so', async () => {
    singleFlow({ putStatus: 403 });
    const file = join(dir, 'notes.txt');
    await writeFile(file, 'hello');
    const ctx = testContext(api.origin);
    const error = (await runUpload(ctx, [file], {}, { env }).catch((e: unknown) => e)) as CliError;
    expect(error).toBeInstanceOf(CliError);
    expect(error.message).toMatch(/notes\.txt failed .*HTTP 403.*removed/);
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/user/files/${FILE_ID}`]);
    expect(api.requests.some((r) => r.path === '/api/s3/commit')).toBe(false);
    expect(ctx.out()).toBe('');
  });

  it('on Ctrl-C during the PUT, deletes the pending share and says nothing was kept', async () => {
    const controller = new AbortController();
    api.handlers.push((request) => {
      if (request.method !== 'PUT') return false;
      setTimeout(() => controller.abort(), 20);
      return true; // never answers
    });
    singleFlow();
    const file = join(dir, 'notes.txt');
    await writeFile(file, 'hello');
    const error = (await runUpload(testContext(api.origin), [file], {}, { env, signal: controller.signal }).catch(
      (e: unknown) => e,
    )) as CliError;
    expect(error.kind).toBe('cancelled');
    expect(error.message).toContain('nothing was kept');
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/user/files/${FILE_ID}`]);
    expect(api.requests.some((r) => r.path === '/api/s3/commit')).toBe(false);
  });

  it('refuses a folder before asking the server anything', async () => {
    const error = (await runUpload(testContext(api.origin), [dir], {}, { env }).catch((e: unknown) => e)) as CliError;
    expect(error.kind).toBe('bad-input');
    expect(api.requests).toHaveLength(0);
  });
});

interface MultipartFake {
  /** Parts answered so far by number. */
  putParts: number[];
  /** Part numbers that never get an answer (the connection hangs). */
  hang: Set<number>;
  onPart?: (partNumber: number) => void;
}

/** url/multipart init/complete/abort and per-part bucket PUTs; `complete` assembles the object. */
function multipartFlow(uploadId = 'up-1'): MultipartFake {
  const fake: MultipartFake = { putParts: [], hang: new Set() };
  api.handlers.push((request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (request.method === 'POST' && url.pathname === '/api/url/multipart/init') {
      const json = JSON.parse(body.toString()) as { part_count: number; part_size: number; total_size: number };
      const expires = Math.floor(Date.now() / 1000) + 3600;
      send(
        response,
        200,
        envelope({
          file_id: FILE_ID,
          upload_id: uploadId,
          slug: 'big001',
          part_size: json.part_size,
          total_size: json.total_size,
          part_count: json.part_count,
          presigned_urls: Array.from({ length: json.part_count }, (_, i) => ({
            partNumber: i + 1,
            url: `${api.origin}/bucket/big?uploadId=${uploadId}&partNumber=${i + 1}&expires=${expires}`,
          })),
          provider_type: 'Other',
          has_password: false,
          expires_at: null,
          max_views: null,
          url: '/file/big001',
        }),
      );
      return true;
    }
    if (request.method === 'PUT' && url.pathname === '/bucket/big') {
      const partNumber = Number(url.searchParams.get('partNumber'));
      if (url.searchParams.get('uploadId') !== uploadId) {
        send(response, 404, '<Error><Code>NoSuchUpload</Code></Error>');
        return true;
      }
      if (fake.hang.has(partNumber)) return true;
      api.objects.set(`big#${partNumber}`, body);
      fake.putParts.push(partNumber);
      send(response, 200, '', { etag: `"e${partNumber}"` });
      fake.onPart?.(partNumber);
      return true;
    }
    if (request.method === 'POST' && url.pathname === '/api/url/multipart/complete') {
      const json = JSON.parse(body.toString()) as { parts: Array<{ partNumber: number }> };
      api.objects.set('big', Buffer.concat(json.parts.map((p) => api.objects.get(`big#${p.partNumber}`) ?? Buffer.alloc(0))));
      send(
        response,
        200,
        envelope({ file_id: FILE_ID, slug: 'big001', filename: 'big.bin', size: 0, url: '/file/big001', status: 'completed' }),
      );
      return true;
    }
    if (request.method === 'POST' && url.pathname === '/api/url/multipart/abort') {
      send(response, 200, envelope({ file_id: FILE_ID, status: 'aborted' }));
      return true;
    }
    return false;
  });
  return fake;
}

describe('runUpload, multipart', () => {
  it('sends the parts, completes with their ETags, the object is the file byte for byte', async () => {
    const fake = multipartFlow();
    const file = join(dir, 'big.bin');
    const bytes = randomBytes(PART * 4 + 100);
    await writeFile(file, bytes);
    const ctx = testContext(api.origin);
    await runUpload(ctx, [file], { password: 'pw', expires: '7d' }, { env, partSize: PART });

    expect(ctx.out()).toBe(`${api.origin}/file/big001\n`);
    expect(api.objects.get('big')?.equals(bytes)).toBe(true);
    expect(fake.putParts.sort()).toEqual([1, 2, 3, 4, 5]);
    const init = api.requests.find((r) => r.path === '/api/url/multipart/init')?.json;
    expect(init).toMatchObject({
      s3_config_id: 'cfg-b',
      metadata: { filename: 'big.bin', contentType: 'application/octet-stream', size: bytes.length },
      remark: '',
      password: 'pw',
      expires_in: 168,
      max_views: 0,
      part_size: PART,
      total_size: bytes.length,
      part_count: 5,
    });
    const complete = api.requests.find((r) => r.path === '/api/url/multipart/complete')?.json as { parts: unknown[] };
    expect(complete.parts).toEqual([1, 2, 3, 4, 5].map((n) => ({ partNumber: n, etag: `e${n}`, size: n === 5 ? 100 : PART })));
    expect(await readdir(stateDir)).toEqual([]);
  });

  it('after an interruption, a rerun sends only the missing parts and says so', async () => {
    const fake = multipartFlow();
    const file = join(dir, 'big.bin');
    const bytes = randomBytes(PART * 4 + 100);
    await writeFile(file, bytes);
    const controller = new AbortController();
    fake.hang = new Set([3, 4, 5]);
    fake.onPart = () => {
      if (fake.putParts.length === 2) setTimeout(() => controller.abort(), 50);
    };
    const first = testContext(api.origin);
    const error = (await runUpload(first, [file], {}, { env, partSize: PART, signal: controller.signal }).catch(
      (e: unknown) => e,
    )) as CliError;
    expect(error.kind).toBe('cancelled');
    expect(error.message).toContain('run the same command again');
    expect(api.requests.some((r) => r.path === '/api/url/multipart/abort')).toBe(false);
    const saved = await readdir(stateDir);
    expect(saved).toHaveLength(1);
    expect((await stat(join(stateDir, saved[0] as string))).mode & 0o777).toBe(0o600);

    fake.hang = new Set();
    fake.onPart = undefined;
    fake.putParts = [];
    const second = testContext(api.origin);
    await runUpload(second, [file], {}, { env, partSize: PART });
    expect(second.err()).toContain('Resuming big.bin: 2 of 5 parts already sent');
    expect(fake.putParts.sort()).toEqual([3, 4, 5]);
    expect(api.requests.filter((r) => r.path === '/api/url/multipart/init')).toHaveLength(1);
    expect(api.objects.get('big')?.equals(bytes)).toBe(true);
    expect(second.out()).toBe(`${api.origin}/file/big001\n`);
    expect(await readdir(stateDir)).toEqual([]);
  });

  it('starts over cleanly (aborting the old upload) when the saved part links have expired', async () => {
    multipartFlow();
    const file = join(dir, 'big.bin');
    const bytes = randomBytes(PART * 2 + 1);
    await writeFile(file, bytes);
    const info = await stat(file);
    const stateFile = uploadStateFile(stateDir, file, info.size, info.mtimeMs);
    const config = { id: 'cfg-b' };
    await saveUploadState(stateFile, stateDir, {
      version: 1,
      server: api.origin,
      path: file,
      size: info.size,
      mtimeMs: info.mtimeMs,
      optionsKey: JSON.stringify([config.id, '', '', '', '', 0]),
      fileId: 'old-file',
      uploadId: 'old-upload',
      slug: 'old',
      partSize: PART,
      parts: [1, 2, 3].map((n) => ({ partNumber: n, url: `${api.origin}/bucket/big?uploadId=old-upload&partNumber=${n}` })),
      urlsExpireAt: Date.now() - 1000,
      done: [{ partNumber: 1, etag: 'x', size: PART }],
      init: {},
    });
    const ctx = testContext(api.origin);
    await runUpload(ctx, [file], {}, { env, partSize: PART });
    expect(api.requests.find((r) => r.path === '/api/url/multipart/abort')?.json).toEqual({ file_id: 'old-file', upload_id: 'old-upload' });
    expect(ctx.err()).toContain('starting over');
    expect(api.objects.get('big')?.equals(bytes)).toBe(true);
    expect(await loadUploadState(stateFile)).toBeUndefined();
  });

  it('sends a large file in one PUT when the server has no multipart routes', async () => {
    singleFlow();
    const file = join(dir, 'big.bin');
    const bytes = randomBytes(PART * 2 + 9);
    await writeFile(file, bytes);
    const ctx = testContext(api.origin);
    await runUpload(ctx, [file], {}, { env, partSize: PART });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/s3-configs',
      'POST /api/url/multipart/init',
      'POST /api/s3/presign',
      'PUT /bucket/obj',
      'POST /api/s3/commit',
    ]);
    expect(api.objects.get('obj')?.equals(bytes)).toBe(true);
    expect(ctx.out()).toBe(`${api.origin}/file/abc123\n`);
  });

  it('aborts the upload (nothing left half-made) when the bucket refuses a part', async () => {
    multipartFlow('up-1');
    api.handlers.unshift((request, _body, response) => {
      if (request.method === 'PUT' && request.url?.includes('partNumber=2')) {
        send(response, 400, '<Error><Code>EntityTooLarge</Code></Error>');
        return true;
      }
      return false;
    });
    const file = join(dir, 'big.bin');
    await writeFile(file, randomBytes(PART * 2 + 5));
    const error = (await runUpload(testContext(api.origin), [file], {}, { env, partSize: PART }).catch((e: unknown) => e)) as CliError;
    expect(error.message).toMatch(/big\.bin failed .*HTTP 400.*removed/);
    expect(api.requests.find((r) => r.path === '/api/url/multipart/abort')?.json).toEqual({ file_id: FILE_ID, upload_id: 'up-1' });
    expect(api.requests.some((r) => r.path === '/api/url/multipart/complete')).toBe(false);
    expect(await readdir(stateDir)).toEqual([]);
  });
});
