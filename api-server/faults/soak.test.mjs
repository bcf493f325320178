// A mixed soak of the built api-server (issue 41, "faults survived"): 8 clients, each one request
// after another for SOAK_SECONDS (default 180, the issue's 3 minutes), creating pastes, reading
// them, listing and searching them as the admin, uploading small files through the API and
// downloading them. No answer may be a 5xx (or a refused connection), the p99 of all requests must
// stay under 500 ms, and the server's RSS may grow by less than 60 MB between the end of the first
// third (minute 1) and the end (minute 3).
//
//   pnpm build && node --test faults/soak.test.mjs              (3 minutes and a few seconds)
//   SOAK_SECONDS=30 node --test faults/soak.test.mjs            (a quick look while developing)
//
// API_SERVER_MAIN=<path>/main.js runs a private build instead of dist/ (bench/bench-server.mjs).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { mb, rssOf, startServer } from '../bench/bench-server.mjs';
import { ms, openFilesOf, percentile, timed } from './client-load.mjs';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const CLIENTS = 8;
const P99_LIMIT_MS = 500;
const RSS_GROWTH_LIMIT_BYTES = 60 * 1024 * 1024;
const RSS_SAMPLE_MS = 1000;
/** Each RSS figure is the median of the samples of this window before its moment: one sample can catch a collection half done. */
const RSS_WINDOW_MS = 10_000;
/** Words the pastes are made of, so that a search finds some of them. */
const WORDS = ['alpha', 'budget', 'cobalt', 'delta', 'ember', 'fjord', 'granite', 'harbor', 'indigo', 'juniper', 'kelvin', 'lumen'];

assert.ok(Number.isFinite(SOAK_SECONDS) && SOAK_SECONDS >= 15, 'SOAK_SECONDS: a number of seconds, at least 15');

/** A deterministic source of choices per client, so that two runs send the same mix. */
function chooser(seed) {
  let state = seed * 2654435761;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

function pasteText(pick) {
  const lines = 1 + pick(60);
  const text = [];
  for (let i = 0; i < lines; i += 1) text.push(Array.from({ length: 8 }, () => WORDS[pick(WORDS.length)]).join(' '));
  return text.join('\n');
}

/**
 * The operations and how often each is chosen (weights). Each returns the result of `timed`.
 * `pastes` and `files` are the slugs created so far (shared by every client).
 */
function operations({ base, auth }, pastes, files) {
  const json = { ...auth, 'content-type': 'application/json' };
  return [
    {
      name: 'create paste',
      weight: 15,
      run: async (pick) => {
        let slug;
        const result = await timed(() =>
          fetch(`${base}/api/paste`, { method: 'POST', headers: json, body: JSON.stringify({ content: pasteText(pick) }) }).then(
            async (response) => {
              if (response.ok) slug = (await response.clone().json()).slug;
              return response;
            },
          ),
        );
        if (slug) pastes.push(slug);
        return result;
      },
    },
    { name: 'read paste', weight: 30, run: (pick) => timed(() => fetch(`${base}/api/paste/${pastes[pick(pastes.length)]}`)) },
    {
      name: 'list pastes',
      weight: 10,
      run: (pick) => timed(() => fetch(`${base}/api/admin/pastes?page=${1 + pick(3)}&limit=10`, { headers: auth })),
    },
    {
      name: 'search pastes',
      weight: 8,
      run: (pick) => timed(() => fetch(`${base}/api/admin/pastes?q=${WORDS[pick(WORDS.length)]}&limit=10`, { headers: auth })),
    },
    { name: 'list files', weight: 5, run: () => timed(() => fetch(`${base}/api/admin/files?limit=30&offset=0`, { headers: auth })) },
    {
      name: 'upload file',
      weight: 12,
      run: async (pick) => {
        let slug;
        const body = randomBytes(1024 + pick(31 * 1024));
        const result = await timed(() =>
          fetch(`${base}/api/upload-direct/soak-${pick(1e9)}.bin`, {
            method: 'PUT',
            headers: { authorization: auth.authorization, 'content-type': 'application/octet-stream' },
            body,
          }).then(async (response) => {
            if (response.ok) slug = (await response.clone().json()).data.slug;
            return response;
          }),
        );
        if (slug) files.push(slug);
        return result;
      },
    },
    { name: 'download file', weight: 20, run: (pick) => timed(() => fetch(`${base}/api/file-download/${files[pick(files.length)]}`)) },
  ];
}

test(
  `a ${SOAK_SECONDS} s mixed soak at ${CLIENTS} clients: no 5xx, p99 under ${P99_LIMIT_MS} ms, RSS growth under 60 MB`,
  { timeout: (SOAK_SECONDS + 120) * 1000 },
  async () => {
    const server = await startServer();
    const { child } = server;
    const pastes = [];
    const files = [];
    const ops = operations(server, pastes, files);
    const byName = new Map(ops.map((op) => [op.name, { times: [], statuses: new Map(), failures: [] }]));
    const weighted = ops.flatMap((op) => Array.from({ length: op.weight }, () => op));
    const rssSamples = [];
    let sampler;
    try {
      // Something to read and download from the first request on.
      const seed = chooser(0);
      for (let i = 0; i < 5; i += 1) {
        await ops.find((op) => op.name === 'create paste').run(seed);
        await ops.find((op) => op.name === 'upload file').run(seed);
      }
      const filesBefore = openFilesOf(child.pid);

      const started = performance.now();
      const end = started + SOAK_SECONDS * 1000;
      const sample = () => rssSamples.push({ at: performance.now() - started, rss: rssOf(child.pid) });
      sample();
      sampler = setInterval(sample, RSS_SAMPLE_MS);

      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          const pick = chooser(client + 1);
          while (performance.now() < end) {
            const op = weighted[pick(weighted.length)];
            const figures = byName.get(op.name);
            try {
              const { status, ms: took } = await op.run(pick);
              figures.times.push(took);
              figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
            } catch (error) {
              // A refused or cut connection: as bad as a 5xx.
              figures.failures.push(error instanceof Error ? (error.cause?.code ?? error.message) : String(error));
            }
          }
        }),
      );
      clearInterval(sampler);
      sample();
      const filesAfter = openFilesOf(child.pid);

      const rssAt = (moment) =>
        percentile(
          rssSamples.filter((s) => s.at > moment - RSS_WINDOW_MS && s.at <= moment + 1).map((s) => s.rss),
          50,
        );
      const minuteOne = (SOAK_SECONDS * 1000) / 3;
      const rssFirst = rssAt(minuteOne);
      const rssLast = rssAt(SOAK_SECONDS * 1000);
      const all = [...byName.values()].flatMap((f) => f.times);
      const statusCounts = new Map();
      for (const figures of byName.values())
        for (const [status, count] of figures.statuses) statusCounts.set(status, (statusCounts.get(status) ?? 0) + count);
      const serverErrors = [...statusCounts].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
      const failures = [...byName.values()].flatMap((f) => f.failures);
      const seconds = (performance.now() - started) / 1000;

      const lines = [
        `soak: ${CLIENTS} clients, ${seconds.toFixed(0)} s, ${all.length} requests (${(all.length / seconds).toFixed(0)}/s); ` +
          `statuses ${[...statusCounts].map(([s, c]) => `${s}: ${c}`).join(', ')}; connection failures ${failures.length}`,
        `latency all: p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(Math.max(...all))}`,
        ...[...byName].map(
          ([name, f]) =>
            `  ${name.padEnd(14)} ${String(f.times.length).padStart(6)} × p50 ${ms(percentile(f.times, 50))}, p99 ${ms(percentile(f.times, 99))}`,
        ),
        `RSS at start ${mb(rssSamples[0].rss)}, at ${(minuteOne / 1000).toFixed(0)} s ${mb(rssFirst)}, at ${SOAK_SECONDS} s ${mb(rssLast)} ` +
          `(growth ${mb(rssLast - rssFirst)}), peak ${mb(Math.max(...rssSamples.map((s) => s.rss)))}`,
        `RSS by 30 s: ${rssSamples
          .filter((_, i) => i % 30 === 0)
          .map((s) => mb(s.rss).replace(' MB', ''))
          .join(', ')} MB`,
        `open files before ${filesBefore}, after ${filesAfter}; pastes ${pastes.length}, files ${files.length}`,
      ];
      console.log(lines.join('\n'));

      assert.equal(serverErrors, 0, 'no 5xx answer');
      assert.deepEqual(failures.slice(0, 5), [], 'no refused or cut connection');
      assert.ok(percentile(all, 99) < P99_LIMIT_MS, `p99 ${ms(percentile(all, 99))} ≥ ${P99_LIMIT_MS} ms`);
      assert.ok(
        rssLast - rssFirst < RSS_GROWTH_LIMIT_BYTES,
        `RSS grew ${mb(rssLast - rssFirst)} from ${(minuteOne / 1000).toFixed(0)} s to the end`,
      );
      // Every other answer is a success: the mix asks nothing the server should refuse.
      assert.deepEqual(
        [...statusCounts.keys()].filter((status) => status >= 300),
        [],
        'only 2xx answers',
      );
    } finally {
      clearInterval(sampler);
      await server.stop();
    }
  },
);
