/**
 * Request cases of the route fuzz test (routes/fuzz.test.ts): a seeded PRNG, hostile values
 * (unicode, NUL, huge strings, prototype-pollution keys, path tricks, SQL-ish strings, wrong JSON
 * types) and the cases built from them for one route, its parameters filled with random or real ids.
 */
import { seededRandom } from '../../../scripts/seeded-random.cjs';
import type { RecordedRoute } from './route-recorder';

// ------------------------------------------------------------------ deterministic randomness

export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
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
export const MB2 = 'm'.repeat(2 * 1024 * 1024);

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

export interface FuzzCase {
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
export interface RealTargets {
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
export function casesFor(route: RecordedRoute, rng: Rng, targets: RealTargets): FuzzCase[] {
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
