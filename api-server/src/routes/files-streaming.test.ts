import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startS3rver, type S3rverHandle } from '../testing/s3rver-server';
import { createShareContext, type ShareTestContext } from '../testing/file-share-helpers';
import { sendFilledBody } from '../testing/fs-test-streams';

const MB = 1024 * 1024;

/** Samples this process's RSS every 25 ms until stopped; returns the peak. */
function sampleRss(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

/** PUTs `totalBytes` generated on the fly (one reused buffer) over real HTTP; `chunked` omits Content-Length. */
function streamPut(
  url: string,
  headers: Record<string, string>,
  totalBytes: number,
  chunked: boolean,
): Promise<{ status: number; body: string; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const target = new URL(url);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/octet-stream', ...(chunked ? {} : { 'content-length': String(totalBytes) }) },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, sha256: hash.digest('hex') }));
      },
    );
    request.on('error', reject);
    const chunk = Buffer.alloc(256 * 1024);
    let sent = 0;
    let counter = 0;
    const pump = (): void => {
      while (sent < totalBytes) {
        const size = Math.min(chunk.length, totalBytes - sent);
        chunk.writeUInt32BE(counter++, 0); // vary the content a little
        const piece = chunk.subarray(0, size);
        hash.update(piece);
        sent += size;
        if (!request.write(Buffer.from(piece))) {
          request.once('drain', pump);
          return;
        }
      }
      request.end();
    };
    pump();
  });
}

describe('streaming uploads and downloads', () => {
  let c: ShareTestContext;

  afterEach(async () => {
    await c?.close();
  });

  it('streams a ~200 MB upload-direct body to local storage with RSS growth under 150 MB (not held in memory), stored exactly', async () => {
    c = await createShareContext('local');
    await c.inject({ method: 'PUT', url: '/api/admin/system-settings', headers: c.admin, payload: { max_upload_size: 1024 } });
    const total = 200 * MB;
    const before = process.memoryUsage().rss;
    const sampler = sampleRss();
    const started = Date.now();
    const result = await streamPut(`${c.origin}/api/upload-direct/big.bin`, c.admin, total, false);
    const peak = sampler.stop();
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body).data.size).toBe(total);
    // A body held in memory would add at least its 200 MB; the margin is the collector's lag on a
    // loaded machine (CI saw 105 MB with two jest workers), not a budget.
    expect(peak - before).toBeLessThan(150 * MB);
    expect(Date.now() - started).toBeLessThan(30_000);

    // The stored bytes are the sent bytes.
    const [row] = await c.fileRows();
    const object = await c.driver.getObject(row?.storage_path as string);
    const hash = createHash('sha256');
    for await (const chunk of object.body) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(result.sha256);
  }, 60_000);

  it('aborts a chunked upload as soon as it passes max_upload_size, leaving no object or temporary file behind', async () => {
    c = await createShareContext('local');
    await c.inject({ method: 'PUT', url: '/api/admin/system-settings', headers: c.admin, payload: { max_upload_size: 5 } });
    const result = await streamPut(`${c.origin}/api/upload-direct/over.bin`, c.admin, 40 * MB, true).catch((error: Error) => ({
      status: -1,
      body: error.message,
      sha256: '',
    }));
    // The refusal is answered while the client is still sending (or the socket closes under it).
    if (result.status !== -1) {
      expect(result.status).toBe(400);
      expect(JSON.parse(result.body).message).toContain('5 MB');
    }
    expect(await c.fileRows()).toHaveLength(0);
    expect(await c.objectKeys()).toEqual([]);
    const { readdir } = await import('node:fs/promises');
    const tmp = await readdir(`${c.t.dataDir}/storage/.internal/${c.config.id}/tmp`).catch(() => []);
    expect(tmp).toEqual([]);
  }, 60_000);

  it('proxies a 128 MB remote body with backpressure (RSS growth under 100 MB)', async () => {
    c = await createShareContext('local');
    await c.inject({ method: 'PUT', url: '/api/admin/system-settings', headers: c.admin, payload: { url_import_allow_private: true } });
    const total = 128 * MB;
    const source = http.createServer((_request, response) => sendFilledBody(response, total, 256 * 1024, 5));
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    try {
      const sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/blob`;
      const before = process.memoryUsage().rss;
      const sampler = sampleRss();
      const received = await new Promise<number>((resolve, reject) => {
        http
          .get(`${c.origin}/api/url/proxy?url=${encodeURIComponent(sourceUrl)}`, (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              // a slow reader: pause now and then so backpressure has to hold the source back
              if (bytes % (16 * MB) < chunk.length) {
                response.pause();
                setTimeout(() => response.resume(), 20);
              }
            });
            response.on('end', () => resolve(bytes));
            response.on('error', reject);
          })
          .on('error', reject);
      });
      const peak = sampler.stop();
      expect(received).toBe(total);
      expect(peak - before).toBeLessThan(100 * MB);
    } finally {
      source.closeAllConnections();
      await new Promise((resolve) => source.close(resolve));
    }
  }, 60_000);

  describe('on s3rver', () => {
    let s3: S3rverHandle;

    beforeAll(async () => {
      s3 = await startS3rver();
    });

    afterAll(async () => {
      await s3.stop();
    });

    it('streams a chunked 20 MB upload-direct body to S3 as a multipart upload, stored exactly', async () => {
      c = await createShareContext('s3', s3);
      const result = await streamPut(`${c.origin}/api/upload-direct/multi.bin`, c.admin, 20 * MB, true);
      expect(result.status).toBe(200);
      const [row] = await c.fileRows();
      expect(Number(row?.size)).toBe(20 * MB);
      const object = await c.driver.getObject(row?.storage_path as string);
      const hash = createHash('sha256');
      for await (const chunk of object.body) hash.update(chunk as Buffer);
      expect(hash.digest('hex')).toBe(result.sha256);
    }, 60_000);
  });
});
