// Fault test of issue 41: PostgreSQL restarts under two replicas with load.
//
// Its own PostgreSQL cluster (faults/postgres-cluster.mjs, as scripts/with-postgres.sh starts one),
// two built api-servers on it (bench/bench-server.mjs startServer, API_REPLICAS=2, one admin, one
// APP_SECRET, one DATA_DIR for the local storage), a few clients creating and reading pastes through
// both, and PostgreSQL stopped (`pg_ctl stop -m fast`) for 5 s, then started again on the same port
// and data folder. What must hold:
// - both replicas are still running afterwards (before the fix an `error` event of the pg pool that
//   nothing listened to ended both processes about 0.1 s after PostgreSQL went down);
// - while PostgreSQL is away every request is answered, with an error (503, a message in the
//   caller's language), within FAIL_FAST_MS: no hang;
// - within SERVE_AGAIN_MS after PostgreSQL is back each replica serves 200s again, without a restart;
// - every paste acknowledged (2xx) before, during or after is readable with its content on both;
// - cross-replica cache invalidation works again: a change that no replica was told about during the
//   outage (a file written into the local storage behind the server's back, as a missed NOTIFY
//   leaves it) shows in both replicas' listings once they listen again, and a folder made through one
//   replica is listed by the other, as e2e/cluster/cross-replica.test.mjs checks it.
// The figures (outage length, how fast requests failed, time to serve again per replica) are printed.
//
//   cd api-server && pnpm build && pnpm test:faults       (or API_SERVER_MAIN=.dist-<name>/main.js)
//
// Without PostgreSQL's binaries the test is skipped, unless CI or WITH_POSTGRES_REQUIRED is set.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distMain, startServer } from '../bench/bench-server.mjs';
import { exchange } from '../scripts/server-process.mjs';
import { findPostgresBinaries, startPostgresCluster } from './postgres-cluster.mjs';

/** How long PostgreSQL stays down. */
const OUTAGE_MS = 5000;
/** Longest a request may take to be answered while PostgreSQL is away. */
const FAIL_FAST_MS = 2000;
/** Longest after PostgreSQL is back until each replica serves 200s again. */
const SERVE_AGAIN_MS = 10_000;
/** Longest a replica may take to show a change made elsewhere, once PostgreSQL is back. */
const INVALIDATION_MS = 5000;
/** A request without an answer after this long is a hang. */
const HANG_MS = 15_000;
/** Load clients; each creates a paste through one replica and reads it through the other. */
const CLIENTS = 4;
const CLIENT_PAUSE_MS = 25;
const WARM_UP_MS = 2000;
/** Load that goes on after both replicas serve again. */
const COOL_DOWN_MS = 1500;

const ADMIN = { username: 'fault-admin', password: 'fault-admin-password-1' };
const MOUNT = '/faults';
const WATCHED = `${MOUNT}/watched/`;

const required = Boolean(process.env.CI || process.env.WITH_POSTGRES_REQUIRED);
const skip = findPostgresBinaries() === null && !required ? 'PostgreSQL server binaries not found (apt-get install -y postgresql)' : false;

const now = () => performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let pg;
let dataDir;
/** @type {Array<Awaited<ReturnType<typeof startServer>>>} */
let replicas = [];
/** Exits of the replicas' processes: { replica, code, signal, at }. */
const exits = [];
let auth;
let localConfigId;
/** Every request of the load: { kind, replica, language, start, end, status (null: no answer), message, error }. */
const requests = [];
/** Pastes answered 2xx: slug → content. */
const acknowledged = new Map();
const timeline = {};
/** Per replica: ms from PostgreSQL back until its first 2xx (of a request started after that). */
const servedAgainMs = [];
/** What /api/health answered on each replica while PostgreSQL was down. */
const healthDuringOutage = [];
const figures = [];

function call(replica, method, route, { body, headers = {}, language = 'en-US' } = {}) {
  const signal = AbortSignal.timeout(HANG_MS);
  return exchange(`${replica.base}${route}`, { method, body, headers: { 'accept-language': language, ...headers }, signal });
}

/** One load request, recorded whatever happens. */
async function recorded(kind, index, method, route, options) {
  const entry = { kind, replica: index, language: options.language, start: now(), end: NaN, status: null, message: null, error: null };
  requests.push(entry);
  try {
    const answer = await call(replicas[index], method, route, options);
    entry.status = answer.status;
    entry.message = answer.json?.message ?? answer.json?.error ?? null;
    return answer;
  } catch (error) {
    entry.error = error.cause?.code ?? error.name ?? String(error);
    return null;
  } finally {
    entry.end = now();
  }
}

const ok = (answer) => answer !== null && answer.status >= 200 && answer.status < 300;

async function loadClient(client, running) {
  const language = client % 2 === 0 ? 'en-US' : 'zh-CN';
  const own = [];
  for (let round = 0; running(); round += 1) {
    const writer = (client + round) % 2;
    const reader = 1 - writer;
    const content = `paste of client ${client}, round ${round}: ${randomBytes(6).toString('hex')}`;
    const created = await recorded('create', writer, 'POST', '/api/paste', { body: { content }, headers: auth, language });
    let slug;
    if (ok(created) && typeof created.json?.slug === 'string') {
      slug = created.json.slug;
      acknowledged.set(slug, content);
      own.push(slug);
    } else {
      slug = own[round % Math.max(1, own.length)];
    }
    if (slug !== undefined) {
      const read = await recorded('read', reader, 'GET', `/api/paste/${encodeURIComponent(slug)}`, { language });
      if (ok(read)) assert.equal(read.json.content, acknowledged.get(slug), `paste ${slug} read back on replica ${reader}`);
    }
    await sleep(CLIENT_PAUSE_MS);
  }
}

async function names(index, folder) {
  const answer = await call(replicas[index], 'GET', `/api/admin/fs/list?path=${encodeURIComponent(folder)}`, { headers: auth });
  assert.equal(answer.status, 200, `list ${folder} on replica ${index}: ${answer.text.slice(0, 300)}`);
  return answer.json.data.items.map((item) => item.name);
}

/** Polls replica `index`'s listing of `folder` until it has `name`; the ms it took, or null after INVALIDATION_MS. */
async function shownWithin(index, folder, name) {
  const started = now();
  while (now() - started < INVALIDATION_MS) {
    if ((await names(index, folder)).includes(name)) return Math.round(now() - started);
    await sleep(100);
  }
  return null;
}

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

before(
  async () => {
    if (skip) return;
    if (!existsSync(distMain)) throw new Error(`${distMain} is missing: pnpm build first (or API_SERVER_MAIN=<a private build>/main.js)`);
    pg = await startPostgresCluster();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-pg-fault-data-'));
    const env = { DATABASE_URL: pg.url, APP_SECRET: randomBytes(32).toString('hex'), API_REPLICAS: '2' };
    // One after the other: the first applies the migrations.
    for (let index = 0; index < 2; index += 1) {
      const replica = await startServer({ dataDir, env, admin: ADMIN });
      replica.child.once('exit', (code, signal) => exits.push({ replica: index, code, signal, at: now() }));
      replicas.push(replica);
    }
    auth = { authorization: replicas[0].auth.authorization };

    // A mount on the local storage, and a folder both replicas have listed (and so cached).
    const configs = await call(replicas[0], 'GET', '/api/s3-configs', { headers: auth });
    localConfigId = configs.json.data.find((config) => String(config.provider_type).toLowerCase() === 'local').id;
    const mount = await call(replicas[0], 'POST', '/api/admin/mounts', {
      headers: auth,
      body: { name: 'fault test', storage_type: 'S3', storage_config_id: localConfigId, mount_path: MOUNT, cache_ttl: 3600 },
    });
    assert.equal(mount.status, 200, mount.text);
    const made = await call(replicas[0], 'POST', '/api/admin/fs/mkdir', { headers: auth, body: { path: WATCHED } });
    assert.equal(made.status, 200, made.text);
    for (const index of [0, 1]) assert.deepEqual(await names(index, WATCHED), []);

    // The load, then PostgreSQL away for OUTAGE_MS, then back.
    let loadRunning = true;
    const clients = Array.from({ length: CLIENTS }, (_, client) => loadClient(client, () => loadRunning));
    const loadFailed = Promise.all(clients).then(
      () => null,
      (error) => error,
    );
    await sleep(WARM_UP_MS);
    timeline.stopBegin = now();
    await pg.stop('fast');
    timeline.down = now();
    // Changed while no replica could hear of it: only a listing made after a full clear shows it.
    const folder = path.join(dataDir, 'storage', localConfigId, 'watched');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'written-during-outage.txt'), 'missed\n');
    for (const index of [0, 1]) {
      const health = await call(replicas[index], 'GET', '/api/health').catch((error) => ({ status: null, error: String(error) }));
      healthDuringOutage.push({ replica: index, status: health.status, body: health.json ?? health.error });
    }
    await sleep(Math.max(0, timeline.down + OUTAGE_MS - now()));
    timeline.startBegin = now();
    await pg.start();
    timeline.up = now();

    // Until each replica has served a 2xx again (or SERVE_AGAIN_MS and a little more have gone by).
    const deadline = timeline.up + SERVE_AGAIN_MS + 2000;
    while (now() < deadline && servedAgainMs.filter((value) => value !== undefined).length < 2) {
      for (const index of [0, 1]) {
        if (servedAgainMs[index] !== undefined) continue;
        const first = requests.find(
          (entry) => entry.replica === index && entry.start >= timeline.up && entry.status >= 200 && entry.status < 300,
        );
        if (first) servedAgainMs[index] = first.end - timeline.up;
      }
      await sleep(50);
    }
    await sleep(COOL_DOWN_MS);
    loadRunning = false;
    const failure = await loadFailed;
    if (failure) throw failure;
  },
  { timeout: 240_000 },
);

after(async () => {
  for (const replica of replicas) await replica.stop();
  if (pg) await pg.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (figures.length > 0)
    console.log(
      `\nPostgreSQL restart under two replicas (load ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}):\n${figures.join('\n')}`,
    );
});

test('both replicas are still running after PostgreSQL went away and came back', { skip }, () => {
  const outage = timeline.up - timeline.stopBegin;
  figures.push(
    `  outage: pg_ctl stop -m fast took ${ms(timeline.down - timeline.stopBegin)}, down ${ms(timeline.startBegin - timeline.down)}, pg_ctl start took ${ms(timeline.up - timeline.startBegin)}; ${ms(outage)} from stop to back`,
  );
  const described = exits.map(
    (exit) =>
      `replica ${exit.replica} exited (code ${exit.code}, signal ${exit.signal}) ${ms(exit.at - timeline.stopBegin)} after the stop began`,
  );
  if (described.length > 0) figures.push(`  ${described.join('; ')}`);
  assert.deepEqual(described, []);
  for (const replica of replicas) assert.equal(replica.child.exitCode, null);
});

test('while PostgreSQL is away every request is answered at once: 503 with a message in the caller language', { skip }, () => {
  const during = requests.filter((entry) => entry.start >= timeline.stopBegin && entry.start < timeline.up);
  const whileDown = during.filter((entry) => entry.start >= timeline.down && entry.end <= timeline.startBegin);
  const durations = during.map((entry) => entry.end - entry.start);
  const statuses = {};
  for (const entry of during) statuses[entry.status ?? entry.error] = (statuses[entry.status ?? entry.error] ?? 0) + 1;
  figures.push(
    `  during the outage: ${during.length} requests (${whileDown.length} while fully down), answers ${JSON.stringify(statuses)}; ` +
      `time to answer p50 ${ms(percentile(durations, 50))}, p99 ${ms(percentile(durations, 99))}, max ${ms(Math.max(...durations))}`,
  );
  figures.push(
    `  /api/health while down: ${healthDuringOutage.map((health) => `replica ${health.replica} ${health.status} ${JSON.stringify(health.body)}`).join('; ')}`,
  );
  assert.ok(whileDown.length >= 10, `requests while PostgreSQL was down: ${whileDown.length}`);
  const unanswered = during.filter((entry) => entry.status === null);
  assert.deepEqual(unanswered.slice(0, 5), [], `${unanswered.length} requests got no answer`);
  const slow = during.filter((entry) => entry.end - entry.start > FAIL_FAST_MS);
  assert.deepEqual(slow.slice(0, 5), [], `${slow.length} requests took longer than ${FAIL_FAST_MS} ms`);
  for (const entry of whileDown) {
    assert.equal(entry.status, 503, `${entry.kind} on replica ${entry.replica}: ${entry.status} ${entry.message}`);
    if (entry.language === 'en-US') assert.match(entry.message ?? '', /database/i);
    else assert.match(entry.message ?? '', /数据库/);
  }
  for (const health of healthDuringOutage) {
    assert.equal(health.status, 200, `health of replica ${health.replica}`);
    assert.equal(health.body.status, 'ok');
    assert.equal(health.body.database, 'unavailable');
  }
});

test(`each replica serves again within ${SERVE_AGAIN_MS / 1000} s after PostgreSQL is back, without a restart`, { skip }, () => {
  figures.push(
    `  served 2xx again after PostgreSQL was back: ${[0, 1].map((index) => `replica ${index} ${ms(servedAgainMs[index])}`).join(', ')}`,
  );
  for (const index of [0, 1]) {
    assert.ok(
      servedAgainMs[index] !== undefined && servedAgainMs[index] <= SERVE_AGAIN_MS,
      `replica ${index}: ${ms(servedAgainMs[index])}`,
    );
  }
  const afterwards = requests.filter((entry) => entry.start >= timeline.up + SERVE_AGAIN_MS);
  const failed = afterwards.filter((entry) => !(entry.status >= 200 && entry.status < 300));
  assert.deepEqual(
    failed.slice(0, 5),
    [],
    `${failed.length} of ${afterwards.length} requests failed ${SERVE_AGAIN_MS} ms after the restart`,
  );
});

test('every acknowledged paste is readable with its content through both replicas', { skip }, async () => {
  const slugs = [...acknowledged.keys()];
  const before = requests.filter((entry) => entry.kind === 'create' && entry.end < timeline.stopBegin && entry.status === 200).length;
  figures.push(`  pastes acknowledged: ${slugs.length} (${before} before the stop)`);
  assert.ok(before > 0 && slugs.length > before, `acknowledged ${slugs.length}, ${before} before the outage`);
  for (let offset = 0; offset < slugs.length; offset += 8) {
    await Promise.all(
      slugs.slice(offset, offset + 8).map(async (slug) => {
        for (const index of [0, 1]) {
          const read = await call(replicas[index], 'GET', `/api/paste/${encodeURIComponent(slug)}`);
          assert.equal(read.status, 200, `${slug} on replica ${index}: ${read.text.slice(0, 200)}`);
          assert.equal(read.json.content, acknowledged.get(slug));
        }
      }),
    );
  }
  figures.push('  every acknowledged paste read back with its content on both replicas');
});

test('cross-replica cache invalidation works again: a missed change and a new folder show on both replicas', { skip }, async () => {
  // Written during the outage, told to nobody: both replicas had the folder cached (cache_ttl 1 h).
  const missed = await Promise.all([0, 1].map((index) => shownWithin(index, WATCHED, 'written-during-outage.txt')));
  // A folder made through one replica is listed by the other (each way).
  const made = [];
  for (const [writer, reader] of [
    [0, 1],
    [1, 0],
  ]) {
    const name = `made-on-${writer}-after-restart`;
    const answer = await call(replicas[writer], 'POST', '/api/admin/fs/mkdir', { headers: auth, body: { path: `${WATCHED}${name}/` } });
    assert.equal(answer.status, 200, answer.text);
    made.push(await shownWithin(reader, WATCHED, name));
  }
  figures.push(
    `  cache invalidation after the restart: the change missed during the outage shown on replica 0 after ${ms(missed[0])}, replica 1 after ${ms(missed[1])}; ` +
      `a folder made on 0 listed by 1 after ${ms(made[0])}, made on 1 listed by 0 after ${ms(made[1])}`,
  );
  assert.deepEqual(
    missed.map((value) => value !== null),
    [true, true],
    'the file written during the outage is listed',
  );
  assert.deepEqual(
    made.map((value) => value !== null),
    [true, true],
    'the folder made through the other replica is listed',
  );
});
