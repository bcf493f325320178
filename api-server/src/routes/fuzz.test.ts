jest.mock('fastify', () => jest.requireActual('../testing/route-recorder').recordingFastify());

import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { toIso } from '../lib/time';
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

// ------------------------------------------------------------------ deterministic randomness

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for sampling. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** `count` distinct items (fewer when the list is shorter), order shuffled. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, count);
  }
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

// ------------------------------------------------------------------ hostile values

const KB100 = 'k'.repeat(100 * 1024);
const MB2 = 'm'.repeat(2 * 1024 * 1024);

/** Strings that must be harmless anywhere: unicode, control characters, injection, paths, URLs. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '😀🎉👩‍👩‍👧‍👦',
  '\u202Eevil\u202C مرحبا שלום',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\ud800',
  '\uFEFF\u200B\u2028\u2029',
  "' OR '1'='1",
  "'; DROP TABLE pastes; --",
  '1; SELECT * FROM admins',
  '%',
  '%zz',
  '%00',
  '..',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/./../.',
  '//double//slash//',
  '/',
  '/api',
  'CON',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'http://',
  'http://%zz',
  '__proto__',
  'constructor',
  'never',
  'true',
  'null',
  '-1',
  '1e309',
  'NaN',
  '9999-99-99T99:99:99Z',
  '+275760-09-13T00:00:00.000Z',
  'x'.repeat(5000),
];

/** Values of every JSON type, the wrong type for almost every field. */
function hostileValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 1 ? 9 : 12)) {
    case 0:
      return rng.pick(HOSTILE_STRINGS);
    case 1:
      return rng.pick([0, -1, 1, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 4294967296]);
    case 2:
      return rng.pick([true, false]);
    case 3:
      return null;
    case 4:
      return KB100;
    case 5:
      return [];
    case 6:
      return {};
    case 7:
      return rng.pick(HOSTILE_STRINGS).repeat(3);
    case 8:
      return rng.uuid();
    case 9:
      return [hostileValue(rng, depth + 1), hostileValue(rng, depth + 1)];
    case 10:
      return { [rng.pick(FIELD_NAMES)]: hostileValue(rng, depth + 1), nested: { deeper: hostileValue(rng, depth + 1) } };
    default:
      return Array.from({ length: 3 }, () => rng.pick(HOSTILE_STRINGS));
  }
}

/** Field names of the contract's request bodies (all sections), so wrong types reach real fields. */
const FIELD_NAMES: readonly string[] = [
  'content',
  'slug',
  'remark',
  'password',
  'expiresAt',
  'maxViews',
  'newSlug',
  'clearPassword',
  'ids',
  'username',
  'currentPassword',
  'newPassword',
  'newUsername',
  'name',
  'expires_at',
  'text_permission',
  'file_permission',
  'mount_permission',
  'custom_key',
  'basic_path',
  'provider_type',
  'endpoint_url',
  'bucket_name',
  'region',
  'access_key_id',
  'secret_access_key',
  'path_style',
  'default_folder',
  'is_public',
  'total_storage_bytes',
  'custom_host',
  'signature_expires_in',
  'max_upload_size',
  'webdav_upload_mode',
  'allow_guest_pastes',
  'mountId',
  's3ConfigId',
  'storage_type',
  'storage_config_id',
  'mount_path',
  'is_active',
  'sort_order',
  'cache_ttl',
  'path',
  'paths',
  'oldPath',
  'newPath',
  'items',
  'sourcePath',
  'targetPath',
  'skipExisting',
  'files',
  'targetMountId',
  's3Path',
  'fileSize',
  'etag',
  'contentType',
  'filename',
  'fileName',
  'size',
  's3_config_id',
  'expires_in',
  'max_views',
  'use_proxy',
  'override',
  'original_filename',
  'file_id',
  'fileId',
  'uploadId',
  'upload_id',
  'partNumber',
  'parts',
  'key',
  'url',
  'part_size',
  'total_size',
  'part_count',
  'use_multipart',
  'storage_path',
];

/** Path parameter values, written into the URL as they are (some deliberately not escaped). */
const PATH_VALUES: readonly string[] = [
  '..',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%F0%9F%98%80%E2%80%AE',
  encodeURIComponent("' OR '1'='1"),
  encodeURIComponent('<script>'),
  '__proto__',
  'constructor',
  'prototype',
  'x'.repeat(300),
  'y'.repeat(20_000),
  '-1',
  '0',
  '9999999999999999999999',
  'null',
  '%20',
  'a;b=c',
  'a%3Fb%23c',
];

/** Wildcard (`*`) values: several segments. */
const WILDCARD_VALUES: readonly string[] = [
  '../../etc/passwd',
  '%2e%2e/%2e%2e/etc/passwd',
  'a/%00/b',
  'a/../../b',
  './.',
  '',
  'folder/'.repeat(200),
  '%zz/x',
  encodeURIComponent('😀/‮'),
];

/** Query strings: repeated, array-valued, polluting, huge. */
const QUERY_VALUES: readonly string[] = [
  'page=1&page=2&limit=5&limit=abc',
  'limit=-1&offset=-5&page=0',
  'limit=1e309&offset=NaN&page=Infinity',
  'limit=99999999999999999999&offset=99999999999999999999&page=99999999999999999999',
  'password=a&password=b',
  'password[]=x&password[0]=y',
  'path=..%2F..%2Fetc%2Fpasswd&path=/',
  'path=%00',
  'path=/a/%2e%2e/%2e%2e',
  'path=&path=',
  'created_by=%27%20OR%201%3D1--',
  'created_by=a&created_by=b',
  '__proto__[polluted]=1&constructor[prototype][polluted]=1',
  'url=javascript:alert(1)&url=file:///etc/passwd',
  'expires_in=-1&force_download=maybe',
  `q=${'z'.repeat(50_000)}`,
  '%zz=%zz',
  'a=%',
  '&&&==&',
];

// ------------------------------------------------------------------ request cases

interface FuzzCase {
  label: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function paramPattern(): RegExp {
  return /:([A-Za-z0-9_]+)(\([^)]*\))?/g;
}

/** The route URL with every parameter (and `*`) filled from the given pickers. */
function fillUrl(route: string, param: (name: string) => string, wildcard: () => string): string {
  if (route === '*') return `/api/${wildcard()}`;
  return route.replace(paramPattern(), (_m, name: string) => param(name)).replace(/\*$/, () => wildcard());
}

function hasParams(route: string): boolean {
  return route === '*' || route.includes('*') || paramPattern().test(route);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function json(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Ids and slugs of real rows, fresh for each route, so hostile bodies also reach the code behind
 * the lookups (`PUT /api/admin/pastes/{real slug}`, `PUT /api/s3-configs/{real id}`, …).
 */
interface RealTargets {
  ids: string[];
  slugs: string[];
  configIds: string[];
}

/** A real value for a parameter, chosen by its name. */
function realParam(name: string, targets: RealTargets, rng: Rng): string {
  if (/slug/i.test(name)) return rng.pick(targets.slugs);
  if (/config/i.test(name)) return rng.pick(targets.configIds);
  return rng.pick(targets.ids);
}

/** Every case for one route; the test samples CASES_PER_CALLER of them per caller. */
function casesFor(route: RecordedRoute, rng: Rng, targets: RealTargets): FuzzCase[] {
  const randomUrl = () =>
    fillUrl(
      route.url,
      () => rng.uuid(),
      () => 'folder/file.txt',
    );
  const realUrl = () =>
    fillUrl(
      route.url,
      (name) => realParam(name, targets, rng),
      () => 'folder/file.txt',
    );
  // Half of the cases address real rows.
  const plainUrl = () => (rng.chance(0.5) ? realUrl() : randomUrl());
  const cases: FuzzCase[] = [];
  const add = (label: string, overrides: Partial<FuzzCase> = {}) =>
    cases.push({ label, url: overrides.url ?? plainUrl(), headers: overrides.headers ?? {}, ...overrides });
  const withJson = (label: string, payload: string, url?: string) =>
    add(label, { payload, headers: { 'content-type': 'application/json' }, ...(url === undefined ? {} : { url }) });

  add('plain');
  if (hasParams(route.url)) {
    add('real ids', { url: realUrl() });
    for (const value of PATH_VALUES)
      add(`path ${value.slice(0, 24)}`, {
        url: fillUrl(
          route.url,
          () => value,
          () => rng.pick(WILDCARD_VALUES),
        ),
      });
    for (const value of WILDCARD_VALUES) {
      if (route.url.includes('*'))
        add(`wildcard ${value.slice(0, 24)}`, {
          url: fillUrl(
            route.url,
            () => rng.uuid(),
            () => value,
          ),
        });
    }
  }
  for (const query of QUERY_VALUES) add(`query ${query.slice(0, 24)}`, { url: `${plainUrl()}?${query}` });
  add('weird headers', {
    headers: {
      'accept-language': rng.pick(['*', 'xx;q=abc', 'en;q=NaN,zh;q=-1', 'a'.repeat(4000), ',,,;']),
      'x-forwarded-for': "1.2.3.4, ' OR 1=1",
      range: rng.pick(['bytes=-1', 'bytes=99999999999999999999-', 'bytes=5-1', 'items=0-1', 'bytes=0-1,2-3']),
      'if-none-match': '*',
    },
  });

  if (BODY_METHODS.has(route.method)) {
    for (const raw of ['{', '{"a":', '[1,', "{'a':1}", '{"a":1,}', 'nul', '\u0000', '"unterminated', '{"a":"\\ud800"}', '']) {
      withJson(`bad json ${json(raw).slice(0, 16)}`, raw);
    }
    for (const value of [[], [1, 2, 3], 123, null, 'str', true, 1e308, [{}]]) withJson(`json ${json(value).slice(0, 16)}`, json(value));
    withJson('__proto__', '{"__proto__":{"polluted":true},"content":"x","name":"x"}');
    withJson('constructor', '{"constructor":{"prototype":{"polluted":true}},"content":"x"}');
    withJson('nested __proto__', '{"ids":[{"__proto__":{"x":1}}],"items":{"__proto__":{"x":1}}}');
    withJson('deep array', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    withJson('deep object', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`);
    for (let i = 0; i < 24; i += 1) {
      const fields = rng.sample(FIELD_NAMES, 1 + rng.int(6));
      withJson(`fields ${fields.join(',').slice(0, 40)}`, json(Object.fromEntries(fields.map((field) => [field, hostileValue(rng)]))));
    }
    withJson('all fields wrong', json(Object.fromEntries(FIELD_NAMES.map((field) => [field, hostileValue(rng)]))));
    withJson('100 KB strings', json(Object.fromEntries(rng.sample(FIELD_NAMES, 4).map((field) => [field, KB100]))));
    withJson('2 MB string', json({ [rng.pick(['content', 'name', 'path', 'url'])]: MB2 }));
    withJson('2 MB array', json({ ids: Array.from({ length: 150_000 }, (_v, i) => `id-${i}`) }));
    add('text/plain', { payload: 'hello world', headers: { 'content-type': 'text/plain' } });
    add('form', { payload: 'content=x&name=y', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    add('octet-stream', { payload: Buffer.from([0, 1, 2, 255]), headers: { 'content-type': 'application/octet-stream' } });
    add('json latin1', { payload: '{"content":"caf\u00e9"}', headers: { 'content-type': 'application/json; charset=latin1' } });
    add('json utf-16', {
      payload: Buffer.from('{"content":"x"}', 'utf16le'),
      headers: { 'content-type': 'application/json; charset=utf-16' },
    });
    add('vendor json', { payload: '{"content":"x"}', headers: { 'content-type': 'application/vnd.api+json' } });
    add('multipart garbage', {
      payload: '--xx\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=xx' },
    });
    add('multipart no boundary', { payload: 'abc', headers: { 'content-type': 'multipart/form-data' } });
    add('multipart file', {
      payload: [
        '--b0undary',
        'Content-Disposition: form-data; name="path"',
        '',
        '/../../etc',
        '--b0undary',
        'Content-Disposition: form-data; name="file"; filename="../../evil\u0000.txt"',
        'Content-Type: text/plain',
        '',
        'hello',
        '--b0undary--',
        '',
      ].join('\r\n'),
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
    });
    add('content-type garbage', { payload: '{}', headers: { 'content-type': ';;; charset=' } });
  }
  return cases;
}

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
