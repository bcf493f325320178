// Benchmark (not a test): the mount explorer opening a folder of 5,000 entries.
// Starts its own api-server + gateway on a fresh DATA_DIR, creates a local-driver mount, uploads the
// 5,000 files through the API (fs/update, 16 at a time), then measures in Debian's Chromium the time
// from navigation start to the first listed row (without and with the mount's listing cache), plus
// how the virtualised list scrolls to the end.
// Needs a build (api-server dist, host-shell, the remotes). Run: node e2e/support/bench-explorer-5000.mjs
import { benchAdminToken, launchChromium, newAdminPage, startBenchStack, timingSummary as stats } from './bench-stack.mjs';

const COUNT = Number(process.env.BENCH_ENTRIES ?? 5000);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 29887);
const PORT = Number(process.env.BENCH_PORT ?? 29180);
const ROUNDS = 5;

async function call(method, url, token, body) {
  const response = await fetch(`http://127.0.0.1:${API_PORT}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok || (json.code && ![200, 201, 202].includes(json.code)))
    throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function main() {
  const stack = await startBenchStack({ name: 'explorer', port: PORT, apiPort: API_PORT });
  try {
    const token = await benchAdminToken(stack.apiUrl);
    const config = await call('POST', '/api/s3-configs', token, { name: 'bench local', provider_type: 'Local' });
    const mount = await call('POST', '/api/admin/mounts', token, {
      name: 'bench',
      storage_type: 'S3',
      storage_config_id: config.id,
      mount_path: '/bench',
      cache_ttl: 0,
    });
    await call('POST', '/api/admin/fs/mkdir', token, { path: '/bench/big/' });
    const seedStart = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < COUNT) {
        const index = next++;
        await call('POST', '/api/admin/fs/update', token, {
          path: `/bench/big/file-${String(index).padStart(5, '0')}.txt`,
          content: `entry ${index}\n`,
        });
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    console.log(`seeded ${COUNT} files through the API in ${Date.now() - seedStart} ms`);

    const apiTimes = [];
    let listed = 0;
    for (let round = 0; round < 5; round += 1) {
      const started = performance.now();
      const listing = await call('GET', `/api/admin/fs/list?path=${encodeURIComponent('/bench/big/')}`, token);
      apiTimes.push(performance.now() - started);
      listed = listing.items.length;
    }
    console.log(`API GET /api/admin/fs/list (${listed} entries, no cache): ${stats(apiTimes)}`);

    const browser = await launchChromium();
    const measure = async (label) => {
      const firstRow = [];
      const scroll = [];
      let rowsInDom = 0;
      let lastRow = '';
      for (let round = 0; round < ROUNDS; round += 1) {
        const { context, page } = await newAdminPage(browser, token, { viewport: { width: 1280, height: 900 } });
        // A new tab opens the folder: host, remote and the listing of 5,000 entries.
        await page.goto(`${stack.origin}/mount-explorer/bench/big`);
        await page.waitForSelector('[data-testid="file-row"]', { timeout: 60_000 });
        firstRow.push(await page.evaluate(() => performance.now()));
        rowsInDom = await page.locator('[data-testid="file-row"]').count();

        // Scroll to the end in 60 wheel-sized steps, one per frame; record the longest frame.
        const result = await page.evaluate(
          () =>
            new Promise((resolve) => {
              const scroller = document.querySelector('[data-testid="file-scroller"]');
              const frames = [];
              let previous = performance.now();
              let step = 0;
              const steps = 60;
              const tick = (now) => {
                frames.push(now - previous);
                previous = now;
                step += 1;
                scroller.scrollTop = (scroller.scrollHeight * step) / steps;
                if (step <= steps) requestAnimationFrame(tick);
                else
                  setTimeout(() => {
                    const rows = document.querySelectorAll('[data-testid="file-row"]');
                    resolve({ maxFrame: Math.max(...frames.slice(1)), last: rows[rows.length - 1]?.getAttribute('data-name') });
                  }, 100);
              };
              requestAnimationFrame(tick);
            }),
        );
        scroll.push(result.maxFrame);
        lastRow = result.last;
        await context.close();
      }
      console.log(`\nMount explorer, folder of ${listed} entries, ${label} (Chromium, 1280×900, ${ROUNDS} rounds):`);
      console.log(`  navigation start → first row:                   ${stats(firstRow)}`);
      console.log(`  scrolling to the end (60 steps), longest frame: ${stats(scroll)}`);
      console.log(`  rows in the DOM at a time: ${rowsInDom}; last row after scrolling: ${lastRow}`);
    };
    await measure('no listing cache (cache_ttl 0)');
    // The default mount cache (300 s): the first round fills it.
    await call('PUT', `/api/admin/mounts/${mount.id}`, token, { cache_ttl: 300 });
    await measure('mount listing cache on (cache_ttl 300)');
    await browser.close();
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
