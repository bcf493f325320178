import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { StorageConfigRow } from '../db/schema';
import { putPresignedParts, putToPresignedUrl } from '../testing/file-share-helpers';
import { seedApiKey } from '../testing/seed';
import { testDatabaseUrl } from '../testing/test-database';
import { apiKeyHeader, bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir, type TestApp } from '../testing/test-app';

/**
 * Issue 17: uploads started through one api-server replica continue through another on the same
 * database and DATA_DIR (two apps with their own connections on one SQLite file / PostgreSQL
 * schema, listening on their own ports). A reservation, a pending row, a local PUT URL's claim and
 * a multipart upload are rows and stored objects, not process memory; a replica's start-up leaves
 * the others' open uploads alone (API_REPLICAS > 1); the quota lock holds across replicas.
 */

interface Replica {
  t: TestApp;
  origin: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

const EN = { 'accept-language': 'en-US' };

describe('uploads across two replicas on one database', () => {
  let dataDir: string;
  const open: TestApp[] = [];
  let config: StorageConfigRow;
  let key: Record<string, string>;

  async function startReplica(): Promise<Replica> {
    const t = await createTestApp({ dataDir, replicas: 2 });
    open.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const host = `127.0.0.1:${address.port}`;
    return {
      t,
      origin: `http://${host}`,
      inject: (options) =>
        t.app.inject({ ...options, headers: { host, ...EN, ...(options.headers as Record<string, string> | undefined) } }),
    };
  }

  async function setQuota(replica: Replica, bytes: number): Promise<void> {
    const admin = bearer(await loginAsAdmin(replica.t.app));
    const response = await replica.inject({
      method: 'PUT',
      url: `/api/s3-configs/${config.id}`,
      headers: admin,
      payload: { total_storage_bytes: bytes },
    });
    expect(response.statusCode).toBe(200);
  }

  beforeEach(async () => {
    dataDir = makeTempDir();
  });

  afterEach(async () => {
    for (const t of open.splice(0)) await t.close();
    removeTempDir(dataDir);
  });

  /** Replica A with the default local storage and a file API key. */
  async function firstReplica(): Promise<Replica> {
    const a = await startReplica();
    const [row] = await a.t.container.repositories.storageConfigs.listPublic();
    if (!row) throw new Error('no default local storage');
    config = row;
    key = apiKeyHeader((await seedApiKey(a.t.container.repositories.apiKeys, { file: true })).key);
    return a;
  }

  /** The same presigned URL, sent to another replica (as a load balancer would). */
  const through = (replica: Replica, url: string): string => {
    const parsed = new URL(url);
    return `${replica.origin}${parsed.pathname}${parsed.search}`;
  };

  it('commits through B an upload presigned through A, even when B started after the presign', async () => {
    const a = await firstReplica();
    const presigned = await a.inject({
      method: 'POST',
      url: '/api/s3/presign',
      headers: key,
      payload: { s3_config_id: config.id, filename: 'a.txt', size: 11 },
    });
    expect(presigned.statusCode).toBe(200);
    const data = presigned.json().data as { file_id: string; upload_url: string; contentType: string; slug: string };

    // B starts while A's upload is open: its start-up must not take A's upload for a crash's leftover.
    const b = await startReplica();
    expect((await putToPresignedUrl(through(b, data.upload_url), 'hello there', data.contentType)).status).toBe(200);
    // The URL's one body was claimed (in the database): A refuses a second one.
    expect((await putToPresignedUrl(through(a, data.upload_url), 'hello again', data.contentType)).status).toBe(409);
    const committed = await b.inject({
      method: 'POST',
      url: '/api/s3/commit',
      headers: key,
      payload: { file_id: data.file_id, size: '11' },
    });
    expect(committed.statusCode).toBe(200);

    const download = await a.inject({ method: 'GET', url: `/api/file-download/${data.slug}` });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('hello there');
    expect((await a.t.container.services.fileShares.limits.quota(config)).used).toBe(11);
  });

  it('continues through B a URL-import multipart upload initiated through A, and completes it there', async () => {
    const a = await firstReplica();
    const partSize = 5 * 1024 * 1024;
    const total = partSize + 1000;
    const init = await a.inject({
      method: 'POST',
      url: '/api/url/multipart/init',
      headers: key,
      payload: {
        url: 'https://example.com/big.bin',
        s3_config_id: config.id,
        metadata: { filename: 'big.bin', contentType: 'application/octet-stream', size: total },
        part_size: partSize,
        total_size: total,
      },
    });
    expect(init.statusCode).toBe(200);
    const data = init.json().data as {
      file_id: string;
      upload_id: string;
      slug: string;
      presigned_urls: Array<{ partNumber: number; url: string }>;
    };
    const b = await startReplica();

    const content = Buffer.alloc(total, 7);
    // Parts through alternating replicas.
    const parts = await putPresignedParts(data.presigned_urls, content, partSize, (url, partNumber) =>
      through(partNumber % 2 === 0 ? a : b, url),
    );
    const completed = await b.inject({
      method: 'POST',
      url: '/api/url/multipart/complete',
      headers: key,
      payload: { file_id: data.file_id, upload_id: data.upload_id, parts },
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json().data).toMatchObject({ file_id: data.file_id, size: total, status: 'completed' });
    const head = await a.inject({ method: 'HEAD', url: `/api/file-download/${data.slug}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(total));
  });

  // SQLite is one process's file: two apps in one test process would wait on each other's write
  // lock synchronously. Its single writer is what serialises quota decisions there (upload-quota-guards).
  const itOnPostgres = testDatabaseUrl() === undefined ? it.skip : it;

  itOnPostgres('grants the last free bytes of a quota to exactly one of two replicas racing for them', async () => {
    const a = await firstReplica();
    const b = await startReplica();
    await setQuota(a, 1000);
    const stored = await a.inject({
      method: 'PUT',
      url: '/api/upload-direct/first.bin',
      headers: { ...key, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(800),
    });
    expect(stored.statusCode).toBe(200);

    // Each round both replicas reserve the 200 bytes left at once; the winner's upload is cancelled after.
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(
        [a, b].map((replica, index) =>
          replica.inject({
            method: 'POST',
            url: '/api/s3/presign',
            headers: key,
            payload: { s3_config_id: config.id, filename: `r${round}-${index}.bin`, size: 200 },
          }),
        ),
      );
      const granted = answers.filter((answer) => answer.statusCode === 200);
      expect(granted).toHaveLength(1);
      const refused = answers.find((answer) => answer.statusCode !== 200);
      expect(refused?.statusCode).toBe(400);
      expect(refused?.json().message).toMatch(/^Insufficient storage/);
      const fileId = (granted[0]!.json().data as { file_id: string }).file_id;
      expect((await b.inject({ method: 'DELETE', url: `/api/user/files/${fileId}`, headers: key })).statusCode).toBe(200);
    }

    // Streaming uploads race the same way: one stores the last 200 bytes, the other is refused.
    const streamed = await Promise.all(
      [a, b].map((replica, index) =>
        replica.inject({
          method: 'PUT',
          url: `/api/upload-direct/last-${index}.bin`,
          headers: { ...key, 'content-type': 'application/octet-stream' },
          payload: Buffer.alloc(200),
        }),
      ),
    );
    expect(streamed.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect((await b.t.container.services.fileShares.limits.quota(config)).used).toBe(1000);
  });
});
