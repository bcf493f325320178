// A measurement, not a check: skipped unless MEASURE_PASTE_MEMORY=1. It prints the api-server's
// memory growth while it answers large paste lists and floods of large creates:
//
//   cd api-server && MEASURE_PASTE_MEMORY=1 node --expose-gc "$(node -p "require.resolve('jest/bin/jest')")" \
//     src/routes/pastes-memory.measure.test.ts --runInBand
//
// MEASURE_COUNT (20) pastes of MEASURE_SIZE bytes (1 MiB) are listed with limit=100 over HTTP (the
// body is read and dropped); then two waves of 30 parallel 15 MiB creates from one key with the
// default limits are sent by a separate Node process, so only the server's memory is sampled.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { seedApiKey } from '../testing/seed';
import { createTestApp, removeTempDir, type TestApp } from '../testing/test-app';

const enabled = process.env.MEASURE_PASTE_MEMORY === '1';
const COUNT = Number(process.env.MEASURE_COUNT ?? 20);
const SIZE = Number(process.env.MEASURE_SIZE ?? 1024 * 1024);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Peak growth of RSS and heap while `work` runs (sampled every 2 ms and by `work` itself). */
async function peakGrowth<T>(work: (sample: () => void) => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const timer = setInterval(sample, 2);
  try {
    const result = await work(sample);
    return { result, rss: rss - before.rss, heap: heap - before.heapUsed };
  } finally {
    clearInterval(timer);
  }
}

const CLIENT = `
const [url, key, n, size] = process.argv.slice(1);
const body = JSON.stringify({ content: 'x'.repeat(Number(size)) });
const statuses = await Promise.all(Array.from({ length: Number(n) }, () =>
  fetch(url, { method: 'POST', headers: { authorization: 'ApiKey ' + key, 'content-type': 'application/json' }, body })
    .then((response) => response.status, () => 'error')));
console.log(JSON.stringify(statuses));
`;

(enabled ? describe : describe.skip)('paste memory (measurement)', () => {
  let t: TestApp;
  let port: number;

  beforeEach(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  it('lists large pastes', async () => {
    const key = await seedApiKey(t.container.repositories.apiKeys, { text: true });
    for (let i = 0; i < COUNT; i += 1) {
      await t.container.repositories.pastes.insert({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        slug: `measure${i}`,
        content: `${i}`.padEnd(SIZE, 'abcdefghijklmnopqrstuvwxyz0123456789'),
        created_by: `apikey:${key.id}`,
        created_at: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
        updated_at: '2025-01-01T00:00:00.000Z',
      });
    }
    const {
      result: bytes,
      rss,
      heap,
    } = await peakGrowth(async (sample) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/user/pastes?limit=100`, {
        headers: { authorization: `ApiKey ${key.key}` },
      });
      let received = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        received += chunk.length;
        sample();
      }
      return received;
    });
    console.log(`list of ${COUNT} × ${mb(SIZE)}: body ${mb(bytes)}; peak growth rss +${mb(rss)}, heapUsed +${mb(heap)}`);
  });

  it('takes floods of large creates', async () => {
    const key = await seedApiKey(t.container.repositories.apiKeys, { text: true });
    for (const wave of [1, 2]) {
      const {
        result: statuses,
        rss,
        heap,
      } = await peakGrowth(
        () =>
          new Promise<Array<number | string>>((resolve, reject) =>
            execFile(
              process.execPath,
              ['--input-type=module', '-e', CLIENT, `http://127.0.0.1:${port}/api/paste`, key.key, '30', String(15 * 1024 * 1024)],
              (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as Array<number | string>)),
            ),
          ),
      );
      const stored = await t.container.repositories.pastes.storedBytes();
      const counts = statuses.reduce<Record<string, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
      console.log(
        `wave ${wave} of 30 × 15 MB: statuses ${JSON.stringify(counts)}, stored ${mb(stored)}; peak growth rss +${mb(rss)}, heapUsed +${mb(heap)}`,
      );
    }
  }, 300_000);
});
