jest.mock('fastify', () => jest.requireActual('../testing/route-recorder').recordingFastify());

import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { toIso } from '../lib/time';
import { casesFor, hash32, MB2, Rng, type FuzzCase, type RealTargets } from '../testing/route-fuzz-cases';
import { recordedRoutes, type RecordedRoute } from '../testing/route-recorder';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, bearer, createTestApp, removeTempDir, type TestApp } from '../testing/test-app';

/**
 * Fuzzes every route the app registers (enumerated from the Fastify instance, so routes added
 * later are covered without touching this file) as three callers — anonymous, admin, and an API
 * key with every permission — with a deterministic, seeded sample of hostile requests: malformed
 * JSON, JSON of the wrong types, 100 KB and 2 MB strings, unicode / emoji / RTL / NUL, prototype
 * pollution keys, path tricks (`..`, `%2e%2e`, `%00`, bad escapes, very long segments), SQL-ish
 * strings, repeated and array-valued query parameters, foreign content types.
 *
 * Every answer must be below 500, carry the CORS headers, and have the body shape of contract §1
 * (default envelope, or the documented flat / multipart / raw / text shapes); English requests
 * must get English messages. Afterwards the server still answers /api/health, also over a real
 * socket after broken HTTP (truncated bodies, bad chunking, bad URLs).
 *
 * Storage is the default local storage on disk, so no route has a reason to fail with 500:
 * `EXPECTED_SERVER_ERRORS` (routes where the contract itself prescribes a 500) is empty.
 *
 * Each route gets its own PRNG seeded from SEED and its method + URL, so adding a route does not
 * change the cases of the others. Failures are collected and reported together, compactly.
 * The cases are built in testing/route-fuzz-cases.ts; the checks of the answers are here.
 */

const SEED = 0x5eed_c10d;
/** Cases per route and caller (sampled from the full list of that route). */
const CASES_PER_CALLER = 30;
const FUZZ_TIMEOUT_MS = 150_000;

/**
 * `METHOD /route` → reason, for routes whose 5xx the contract prescribes. None: the reference's
 * 500s are all [D]-corrected to 4xx (§1.3 list; admin on `/api/test/api-key` and the `mount`
 * guard → 403) or need a failing dependency the fuzz never causes (storage / database errors,
 * an exception inside `POST /api/s3-configs/{id}/test`, 5 random-slug collisions in a row,
 * URL-import slug collisions and file-browser `M-` slug collisions of §6.1).
 */
const EXPECTED_SERVER_ERRORS: Record<string, string> = {};

type Caller = 'anonymous' | 'admin' | 'fullKey';
const CALLERS: Caller[] = ['anonymous', 'admin', 'fullKey'];

const CJK = /[\u3400-\u9fff]/;
const ORIGIN = 'https://fuzz.example';

// ------------------------------------------------------------------ response checks

/** Body shape of success answers, by route (contract §1.1). */
const FLAT_ROUTES = [/^\/api\/paste(\/:[^/]+)?$/, /^\/api\/health$/, /^\/api\/office-preview\//];
const MULTIPART_ROUTES = [/\/fs\/multipart\//];
/** Routes whose success body may be raw bytes / text. */
const RAW_SUCCESS_ROUTES = [
  /^\/api\/raw\//,
  /^\/api\/file-download\//,
  /^\/api\/file-view\//,
  /\/fs\/download$/,
  /^\/api\/url\/proxy$/,
  /^\/api\/storage\/local\//,
  // WebDAV: a file is served as itself, a collection's GET as a list of links.
  /^\/dav(\/|$)/,
];
/** Routes whose errors are text/plain bodies (contract §1.2). */
const TEXT_ERROR_ROUTES = [/^\/api\/raw\//, /^\/api\/file-download\//, /^\/api\/file-view\//, /^\/dav(\/|$)/];
/** WebDAV (src/webdav/): 207 Multi-Status and DAV:error bodies are XML, everything else text or the resource itself. */
const XML_ROUTES = [/^\/dav(\/|$)/];
const OFFICE_PREVIEW = /^\/api\/office-preview\//;

const matches = (patterns: RegExp[], url: string) => patterns.some((pattern) => pattern.test(url));

/** What is wrong with a response, or null. */
function problemWith(route: RecordedRoute, response: LightMyRequestResponse, english: boolean): string | null {
  const status = response.statusCode;
  const key = `${route.method} ${route.url}`;
  if (status >= 500 && !(key in EXPECTED_SERVER_ERRORS)) return `status ${status}`;
  if (!response.headers['access-control-allow-origin']) return 'no CORS headers';
  if (route.method === 'HEAD' || route.method === 'OPTIONS' || status === 204 || status === 304 || (status >= 300 && status < 400))
    return null;

  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return 'invalid JSON body';
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'JSON body is not an object';
    const record = body as Record<string, unknown>;
    if (status >= 400) {
      const envelope = record.code === status && typeof record.message === 'string' && record.success === false;
      // office-preview answers `{ error }`; URLs the router refuses get the default envelope there too.
      if (OFFICE_PREVIEW.test(route.url) && typeof record.error === 'string') return null;
      if (!envelope) return 'error body is not the envelope';
      if (english && CJK.test(String(record.message))) return `Chinese message for an English request: ${String(record.message)}`;
      return null;
    }
    if (matches(FLAT_ROUTES, route.url)) return null;
    if (matches(MULTIPART_ROUTES, route.url)) return typeof record.success === 'boolean' ? null : 'multipart body without success';
    if (typeof record.code !== 'number' || typeof record.message !== 'string') return 'success body is not an envelope';
    return null;
  }
  if (type.startsWith('application/xml') && matches(XML_ROUTES, route.url)) {
    return response.body.startsWith('<?xml') ? null : 'XML route answered a body that is not XML';
  }
  if (type.startsWith('text/plain') && status >= 400) {
    if (!matches(TEXT_ERROR_ROUTES, route.url)) return `text/plain error on a JSON route: ${response.body.slice(0, 80)}`;
    if (english && CJK.test(response.body)) return `Chinese text for an English request: ${response.body.slice(0, 80)}`;
    return null;
  }
  if (status < 400 && matches(RAW_SUCCESS_ROUTES, route.url)) return null;
  return `unexpected content type "${type}" with status ${status}`;
}

// ------------------------------------------------------------------ the test

describe('fuzzing every registered route', () => {
  let t: TestApp;
  let adminId: string;
  let fullKey: string;
  let routes: RecordedRoute[];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    t = await createTestApp();
    adminId = (await t.container.db.selectFrom('admins').select('id').executeTakeFirstOrThrow()).id;
    fullKey = (
      await seedApiKey(t.container.repositories.apiKeys, {
        name: 'fuzz-full',
        text: true,
        file: true,
        mount: true,
        expiresAt: '9999-12-31T23:59:59.000Z',
      })
    ).key;
    routes = recordedRoutes(t.app);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await t.close();
    removeTempDir(t.dataDir);
  });

  /** Credentials; every call makes a fresh admin token (logout and change-password revoke tokens). */
  async function headersOf(caller: Caller): Promise<Record<string, string>> {
    if (caller === 'anonymous') return {};
    if (caller === 'fullKey') return apiKeyHeader(fullKey);
    const token = randomUUID().replace(/-/g, '');
    const now = t.container.clock();
    await t.container.repositories.adminTokens.create({
      token,
      admin_id: adminId,
      expires_at: toIso(new Date(now.getTime() + 3_600_000)),
      created_at: toIso(now),
    });
    return bearer(token);
  }

  interface PasteRef {
    id: string;
    slug: string;
  }
  const live: { mine?: PasteRef; theirs?: PasteRef; configId?: string; victimId?: string } = {};

  /**
   * Real rows for the next route: a paste of the admin, a protected paste of the key, a local
   * storage config and a victim key. Rows an earlier route deleted or renamed are made again.
   */
  async function realTargets(): Promise<RealTargets> {
    const { pastes, storageConfigs, apiKeys } = t.container.repositories;
    const alive = async (ref: PasteRef | undefined) => ref !== undefined && (await pastes.findBySlug(ref.slug))?.id === ref.id;
    const paste = async (headers: Record<string, string>, payload: Record<string, unknown>) =>
      (await t.app.inject({ method: 'POST', url: '/api/paste', headers, payload })).json() as PasteRef;
    if (!(await alive(live.mine)))
      live.mine = await paste(await headersOf('admin'), { content: 'fuzz target', remark: 'r', maxViews: 1000 });
    if (!(await alive(live.theirs)))
      live.theirs = await paste(apiKeyHeader(fullKey), { content: 'fuzz target of the key', password: 'pw' });
    if (live.configId === undefined || !(await storageConfigs.findById(live.configId))) {
      const config = await t.app.inject({
        method: 'POST',
        url: '/api/s3-configs',
        headers: await headersOf('admin'),
        payload: { name: `fuzz ${randomUUID()}`, provider_type: 'Local', is_public: true },
      });
      live.configId = (config.json() as { data: { id: string } }).data.id;
    }
    if (live.victimId === undefined || !(await apiKeys.findById(live.victimId))) {
      live.victimId = (
        await seedApiKey(apiKeys, { name: `fuzz-victim-${randomUUID()}`, text: true, expiresAt: '9999-12-31T23:59:59.000Z' })
      ).id;
    }
    const { mine, theirs, configId, victimId } = live as Required<typeof live>;
    return { ids: [mine.id, theirs.id, configId, victimId], slugs: [mine.slug, theirs.slug], configIds: [configId] };
  }

  it('finds the routes of the app, ours and those added later', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(keys).toEqual(
      expect.arrayContaining(['POST /api/paste', 'GET /api/admin/pastes', 'PUT /api/s3-configs/:id', 'GET /api/health']),
    );
    expect(keys.length).toBeGreaterThan(40);
  });

  it(
    'answers every hostile request below 500 with a contract-shaped, CORS-enabled body',
    async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        const rng = new Rng(SEED ^ hash32(`${route.method} ${route.url}`));
        const all = casesFor(route, rng, await realTargets());
        // Routes that may revoke the admin token get a fresh one per request, the others one per route.
        const revokes = /logout|change-password/.test(route.url);
        for (const caller of CALLERS) {
          // Always the plain request, then a sample of the rest.
          const chosen = [all[0] as FuzzCase, ...rng.sample(all.slice(1), CASES_PER_CALLER - 1)];
          const routeHeaders = await headersOf(caller);
          for (const fuzzCase of chosen) {
            const english = rng.chance(0.5);
            const options: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url: fuzzCase.url,
              headers: {
                ...fuzzCase.headers,
                ...(revokes ? await headersOf(caller) : routeHeaders),
                origin: ORIGIN,
                ...(english ? { 'accept-language': 'en-US,en;q=0.9' } : {}),
              },
              ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
            };
            let problem: string | null;
            let status = 0;
            try {
              const response = await t.app.inject(options);
              status = response.statusCode;
              problem = problemWith(route, response, english);
              if (problem && status >= 500) problem += ` ${response.body.slice(0, 120)}`;
            } catch (error) {
              problem = `inject threw: ${error instanceof Error ? error.message : String(error)}`;
            }
            sent += 1;
            if (problem) {
              failures.push(`${route.method} ${route.url} [${caller}] ${fuzzCase.label} (${fuzzCase.url.slice(0, 100)}): ${problem}`);
            }
          }
        }
      }
      expect(sent).toBeGreaterThan(routes.length * CALLERS.length * 5);
      expect(failures).toEqual([]);
      expect(unhandled).toEqual([]);

      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok' });
    },
    FUZZ_TIMEOUT_MS,
  );

  it('keeps serving over a real socket after broken HTTP', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);

    /** Writes raw bytes, optionally half-closes, and collects whatever comes back (or nothing). */
    const exchange = (raw: string, end = true): Promise<string> =>
      new Promise((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => {
          received += chunk;
        });
        socket.on('error', () => resolve(received));
        socket.on('close', () => resolve(received));
        socket.setTimeout(2000, () => socket.destroy());
        socket.write(raw, () => {
          if (end) socket.end();
        });
      });

    const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

    const badUrl = await exchange('GET /api/paste/%zz HTTP/1.1\r\nHost: x\r\nOrigin: https://a.example\r\nConnection: close\r\n\r\n');
    expect(statusOf(badUrl)).toBe(400);
    expect(badUrl).toMatch(/access-control-allow-origin: https:\/\/a\.example/i);
    expect(badUrl).toContain('"code":400');

    // Body shorter than its Content-Length, then the client goes away.
    await exchange('POST /api/paste HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"content":');
    // Broken chunked encoding.
    const chunked = await exchange(
      'POST /api/admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect([0, 400]).toContain(statusOf(chunked));
    // A header section far over Node's limit.
    const huge = await exchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(64 * 1024)}\r\nConnection: close\r\n\r\n`);
    expect([0, 431]).toContain(statusOf(huge));
    // Not HTTP at all.
    await exchange('\u0000\u0001\u0002 garbage\r\n\r\n');
    // A 2 MB body to a 1 MiB route, over a real connection.
    const big = JSON.stringify({ name: MB2 });
    const tooLarge = await exchange(
      `POST /api/admin/api-keys HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(big)}\r\nConnection: close\r\n\r\n${big}`,
    );
    expect(statusOf(tooLarge)).toBe(413);

    const response = await fetch(`${address}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
    expect(unhandled).toEqual([]);
  });
});
