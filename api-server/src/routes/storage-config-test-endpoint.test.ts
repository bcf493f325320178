import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { S3StorageDriver } from '../storage/s3-driver';
import { seedApiKey } from '../testing/seed';
import { S3RVER_BUCKET, S3RVER_BUCKET_WITHOUT_CORS, startS3rver, type S3rverHandle } from '../testing/s3rver-server';
import { adminAppForEachTest, apiKeyHeader, type TestApp } from '../testing/test-app';

const ORIGIN = 'https://app.example';

describe('POST /api/s3-configs/{id}/test', () => {
  let s3: S3rverHandle;
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    s3 = await startS3rver();
  });

  afterAll(async () => {
    await s3.stop();
  });

  adminAppForEachTest((app, header) => {
    t = app;
    admin = header;
  });

  async function createConfig(body: Record<string, unknown>): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/s3-configs', headers: admin, payload: body });
    expect(response.statusCode).toBe(200);
    return response.json().data.id as string;
  }

  function s3rverConfig(bucket: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      name: `s3rver ${bucket}`,
      provider_type: 'Other',
      endpoint_url: s3.endpoint,
      bucket_name: bucket,
      access_key_id: s3.accessKeyId,
      secret_access_key: s3.secretAccessKey,
      path_style: true,
      default_folder: 'shares',
      ...extra,
    };
  }

  async function runTest(id: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'POST', url: `/api/s3-configs/${id}/test`, headers: { ...admin, origin: ORIGIN, ...headers } });
  }

  /** Creates a config from `body`, runs its test and returns the report (`data`): 200 whatever the test finds. */
  async function reportOf(body: Record<string, unknown>) {
    const response = await runTest(await createConfig(body));
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  async function bucketKeys(bucket: string): Promise<string[]> {
    const driver = new S3StorageDriver({
      configId: 'probe',
      endpointUrl: s3.endpoint,
      region: '',
      bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      pathStyle: true,
      customHost: null,
    });
    try {
      return (await driver.listObjects({})).objects.map((o) => o.key);
    } finally {
      driver.destroy();
    }
  }

  it('passes every step against a real bucket with CORS, lists the default folder and leaves nothing behind', async () => {
    const id = await createConfig(s3rverConfig(S3RVER_BUCKET));
    const seeded = new S3StorageDriver({
      configId: 'seed',
      endpointUrl: s3.endpoint,
      region: '',
      bucket: S3RVER_BUCKET,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      pathStyle: true,
      customHost: null,
    });
    await seeded.putObject('shares/existing.bin', Buffer.alloc(1536));
    seeded.destroy();

    const response = await runTest(id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 200, success: true, data: { success: true } });
    const { result } = body.data;

    expect(result.read).toMatchObject({ success: true, error: null, objectCount: 1, prefix: 'shares/' });
    expect(result.read.firstObjects).toEqual([{ key: 'shares/existing.bin', size: '1.5 KB', lastModified: expect.any(String) }]);

    expect(result.write).toMatchObject({ success: true, error: null, cleaned: true });
    expect(result.write.testFile).toMatch(/^shares\/__test_\d+\.txt$/);
    expect(typeof result.write.uploadTime).toBe('number');

    expect(result.cors).toMatchObject({ success: true, allowOrigin: '*', statusCode: 200, uploadSupported: true });
    expect(result.cors.allowMethods).toMatch(/PUT/);
    expect(result.cors.allowHeaders).toMatch(/content-type/i);

    expect(result.frontendSim).toMatchObject({ success: true, testFile: expect.stringMatching(/^shares\/frontend_test_\d+\.txt$/) });
    for (const step of ['step1', 'step2', 'step3']) {
      expect(result.frontendSim.steps[step]).toMatchObject({ success: true, name: expect.any(String), duration: expect.any(Number) });
    }
    expect(result.frontendSim.steps.step2).toMatchObject({ statusCode: 200, etag: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(result.frontendSim.steps.step3).toMatchObject({ contentType: 'text/plain', fileCleaned: true });
    expect(result.frontendSim.totalDuration).toEqual(expect.any(Number));

    expect(result.connectionInfo).toMatchObject({
      bucket: S3RVER_BUCKET,
      endpoint: s3.endpoint,
      provider: 'Other',
      defaultFolder: 'shares',
    });
    expect(typeof result.globalNote).toBe('string');

    expect(await bucketKeys(S3RVER_BUCKET)).toEqual(['shares/existing.bin']);
    expect((await t.container.repositories.storageConfigs.findById(id))?.last_used).toEqual(expect.any(String));
  });

  it('reports a failed CORS pre-flight and overall failure for a bucket without CORS, still 200', async () => {
    const data = await reportOf(s3rverConfig(S3RVER_BUCKET_WITHOUT_CORS, { default_folder: '' }));
    expect(data.success).toBe(false);
    expect(data.result.read).toMatchObject({ success: true, prefix: expect.any(String) });
    expect(data.result.write.success).toBe(true);
    expect(data.result.cors).toMatchObject({ success: false, allowOrigin: null, statusCode: 403, configGuide: expect.any(String) });
    expect(data.result.cors.responseHeaders).toEqual(expect.any(Object));
    // The upload itself is not a browser request here (no pre-flight), so the simulation passes.
    expect(data.result.frontendSim.success).toBe(true);
    expect(await bucketKeys(S3RVER_BUCKET_WITHOUT_CORS)).toEqual([]);
  });

  it('reports read, write and upload failures for an unreachable endpoint, still 200', async () => {
    const data = await reportOf(s3rverConfig(S3RVER_BUCKET, { endpoint_url: 'http://127.0.0.1:1' }));
    expect(data.success).toBe(false);
    expect(data.result.read).toMatchObject({ success: false, error: expect.any(String) });
    expect(data.result.write).toMatchObject({ success: false, error: expect.any(String) });
    expect(data.result.cors.success).toBe(false);
    expect(data.result.frontendSim).toMatchObject({ success: false, failedAt: expect.any(String), troubleshooting: expect.any(String) });
    expect(data.result.frontendSim.steps.step1.success).toBe(true);
    expect(data.result.frontendSim.steps.step2.success).toBe(false);
  });

  it('skips the write step for Backblaze B2 and reports it as passed', async () => {
    const data = await reportOf(s3rverConfig(S3RVER_BUCKET, { provider_type: 'Backblaze B2' }));
    expect(data.result.write).toMatchObject({ success: true, uploadTime: 0 });
    expect(data.result.write.testFile).not.toMatch(/__test_/);
    expect(data.success).toBe(true);
  });

  it('tests the default local storage on disk: read, write, CORS of the api-server and the signed upload', async () => {
    const [local] = await t.container.repositories.storageConfigs.listPublic();
    if (!local) throw new Error('no local storage');
    await t.container.services.storageConfigs.driverFor(local).putObject('kept.txt', 'already here');

    const response = await runTest(local.id);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.success).toBe(true);
    expect(data.result.read).toMatchObject({ success: true, objectCount: 1, firstObjects: [{ key: 'kept.txt', size: '12 B' }] });
    expect(data.result.write).toMatchObject({ success: true, cleaned: true });
    expect(data.result.cors).toMatchObject({ success: true, allowOrigin: ORIGIN, statusCode: 204, uploadSupported: true });
    expect(data.result.frontendSim.success).toBe(true);
    expect(data.result.frontendSim.steps.step1.presignedUrl).toMatch(/^http:\/\/localhost(:80)?\/api\/storage\/local\//);
    expect(data.result.frontendSim.steps.step3).toMatchObject({ success: true, fileCleaned: true, contentType: 'text/plain' });
    expect(data.result.connectionInfo.endpoint).toMatch(/\/api\/storage\/local\//);

    const root = path.join(t.dataDir, 'storage', local.id);
    expect(readdirSync(root)).toEqual(['kept.txt']);
  });

  it('writes the report notes in English when the caller prefers it', async () => {
    const [local] = await t.container.repositories.storageConfigs.listPublic();
    const response = await runTest(local?.id ?? '', { 'accept-language': 'en-US,en;q=0.9' });
    const body = response.json();
    expect(body.message).toMatch(/^Storage test passed/);
    expect(body.data.result.globalNote).toMatch(/^Read\/write tests/);
  });

  it('answers 404 for an unknown configuration and 403 for an API key', async () => {
    const unknown = await runTest(randomUUID());
    expect(unknown.statusCode).toBe(404);
    const key = await seedApiKey(t.container.repositories.apiKeys, { file: true });
    const [local] = await t.container.repositories.storageConfigs.listPublic();
    const byKey = await t.app.inject({ method: 'POST', url: `/api/s3-configs/${local?.id}/test`, headers: apiKeyHeader(key.key) });
    expect(byKey.statusCode).toBe(403);
  });

  // The keys the reference always sends, whatever the outcome: `read.firstObjects` (an array),
  // `cors.error` and `frontendSim.error` (null when the step passed, a message when it failed) and
  // `frontendSim.steps.step2.providerHeaders` (the storage's answer headers of the simulated PUT; {} when none came).
  describe('report keys', () => {
    /** The report (`data.result`) of an s3rver config with an empty folder of its own and `extra`. */
    async function keysReport(extra: Record<string, unknown> = {}) {
      const data = await reportOf(s3rverConfig(S3RVER_BUCKET, { default_folder: `keys-${randomUUID()}`, ...extra }));
      return data.result;
    }

    it('passing S3 test: empty firstObjects, null errors and the PUT answer headers of the bucket', async () => {
      const result = await keysReport();
      expect(result.read).toMatchObject({ success: true, objectCount: 0, firstObjects: [] });
      expect(result.cors).toMatchObject({ success: true, error: null });
      expect(result.frontendSim).toMatchObject({ success: true, error: null });
      const headers = result.frontendSim.steps.step2.providerHeaders as Record<string, string>;
      expect(headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(headers['access-control-allow-origin']).toEqual(expect.any(String));
      // Only upload-relevant headers: no connection or date noise.
      expect(headers).not.toHaveProperty('connection');
      expect(headers).not.toHaveProperty('date');
    });

    it('S3 PUT refused by the storage: messages set, the refusal answer headers kept', async () => {
      // An endpoint that refuses every request as S3 does an unknown key.
      const refusing = http.createServer((request, response) => {
        request.resume();
        response.writeHead(403, { 'content-type': 'application/xml', 'x-amz-request-id': 'refused-1', connection: 'close' });
        response.end('<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      });
      await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = refusing.address() as AddressInfo;
        const result = await keysReport({ endpoint_url: `http://127.0.0.1:${port}` });
        expect(result.read).toMatchObject({ success: false, error: expect.any(String), firstObjects: [] });
        expect(result.cors).toMatchObject({ success: false, error: expect.any(String) });
        expect(result.frontendSim).toMatchObject({ success: false, error: expect.stringMatching(/^HTTP 403/) });
        expect(result.frontendSim.steps.step2).toMatchObject({ success: false, statusCode: 403 });
        expect(result.frontendSim.steps.step2.providerHeaders).toEqual({
          'content-type': 'application/xml',
          'x-amz-request-id': 'refused-1',
        });
      } finally {
        await new Promise((resolve) => refusing.close(resolve));
      }
    });

    it('unreachable S3 endpoint: every error is a message and no answer headers came', async () => {
      const result = await keysReport({ endpoint_url: 'http://127.0.0.1:1' });
      expect(result.read).toMatchObject({ success: false, firstObjects: [] });
      expect(result.cors).toMatchObject({ success: false, error: expect.any(String) });
      expect(result.frontendSim).toMatchObject({ success: false, error: expect.any(String) });
      expect(result.frontendSim.steps.step2.providerHeaders).toEqual({});
    });

    it('local storage: empty firstObjects, null errors and the ETag the storage route answers', async () => {
      const [local] = await t.container.repositories.storageConfigs.listPublic();
      if (!local) throw new Error('no local storage');
      const result = (await runTest(local.id)).json().data.result;
      expect(result.read).toMatchObject({ success: true, firstObjects: [] });
      expect(result.cors).toMatchObject({ success: true, error: null });
      expect(result.frontendSim).toMatchObject({ success: true, error: null });
      expect(result.frontendSim.steps.step2.providerHeaders).toEqual({ etag: expect.stringMatching(/^".+"$/) });
    });
  });
});
