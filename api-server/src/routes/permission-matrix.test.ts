jest.mock('fastify', () => jest.requireActual('../testing/route-recorder').recordingFastify());

import { randomUUID } from 'node:crypto';
import type { HTTPMethods, InjectOptions } from 'fastify';
import {
  CALLERS,
  guardOutcomes,
  outcomeOf,
  PermissionMatrix,
  type CallerName,
  type Outcome,
  type Outcomes,
} from '../testing/permission-matrix';
import { recordedRoutes } from '../testing/route-recorder';
import { seedApiKey } from '../testing/seed';
import { basic, createTestApp, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';

/**
 * Contract §2.5 for every issue-3 endpoint (§5.1 auth, §5.2 API keys, §5.3 pastes, §5.5 storage
 * configs, §5.7 system; plus the local storage links and the pre-flight route), table-driven:
 * each row is one method + route and the outcome (401 / 403 / pass) every caller gets.
 *
 * Callers: the nine of `PermissionMatrix` (anonymous, admin token, bad token, expired token, a key
 * with each flag, a key without any, an expired key) plus three Basic callers: the admin's
 * username/password (= admin), user = pass = a key with `mount` (= that key), and user = pass =
 * a key without `mount` (= anonymous, §2.1).
 *
 * The table must cover every route the app registers under the issue-3 paths: a route added
 * there later fails the coverage test until it gets a row.
 */

type BasicCaller = 'basicAdmin' | 'basicMountKey' | 'basicTextKey';
type AnyCaller = CallerName | BasicCaller;

interface Row {
  method: HTTPMethods;
  /** The registered pattern, e.g. `/api/paste/:slug`. */
  route: string;
  expected: Outcomes;
  payload?: Record<string, unknown>;
  /** Concrete URL; default: the pattern with unknown ids / slugs filled in. */
  url?: string;
  /** GET route without an automatic HEAD route (reads that count views). */
  noHead?: true;
}

const NO_SUCH_SLUG = 'no-such-slug-matrix';

/** Every caller refused with 403 (local storage links without a valid signature). */
const SIGNATURE_ONLY: Outcomes = Object.fromEntries(CALLERS.map((caller) => [caller, 403])) as Outcomes;

const ROWS: Row[] = [
  // §5.1 auth
  { method: 'POST', route: '/api/admin/login', expected: guardOutcomes('public'), payload: {} },
  { method: 'POST', route: '/api/admin/logout', expected: guardOutcomes('admin') },
  // Body that the admin gets 400 for before any password check: no token is revoked.
  { method: 'POST', route: '/api/admin/change-password', expected: guardOutcomes('admin'), payload: { currentPassword: 'x' } },
  // 401 for no/invalid/expired credentials, 403 for any API key (§5.1).
  {
    method: 'GET',
    route: '/api/test/admin-token',
    expected: guardOutcomes('auth', { textKey: 403, fileKey: 403, mountKey: 403, noPermissionKey: 403 }),
  },
  // Guard `auth`; an admin gets 403 here (our [D] for the reference 500).
  { method: 'GET', route: '/api/test/api-key', expected: guardOutcomes('auth', { admin: 403 }) },

  // §5.2 API keys
  { method: 'GET', route: '/api/admin/api-keys', expected: guardOutcomes('admin') },
  { method: 'POST', route: '/api/admin/api-keys', expected: guardOutcomes('admin'), payload: {} },
  { method: 'PUT', route: '/api/admin/api-keys/:id', expected: guardOutcomes('admin'), payload: { name: 'renamed' } },
  { method: 'DELETE', route: '/api/admin/api-keys/:id', expected: guardOutcomes('admin') },

  // §5.3.1 public pastes (guest pastes off: the default)
  { method: 'POST', route: '/api/paste', expected: guardOutcomes('text'), payload: { content: 'matrix' } },
  { method: 'GET', route: '/api/paste/:slug', expected: guardOutcomes('public'), noHead: true },
  { method: 'POST', route: '/api/paste/:slug', expected: guardOutcomes('public'), payload: { password: 'x' } },
  { method: 'GET', route: '/api/raw/:slug', expected: guardOutcomes('public'), noHead: true },

  // §5.3.2 admin pastes
  { method: 'GET', route: '/api/admin/pastes', expected: guardOutcomes('admin') },
  { method: 'GET', route: '/api/admin/pastes/:id', expected: guardOutcomes('admin') },
  { method: 'PUT', route: '/api/admin/pastes/:slug', expected: guardOutcomes('admin'), payload: { content: 'x' } },
  { method: 'DELETE', route: '/api/admin/pastes/:id', expected: guardOutcomes('admin') },
  { method: 'POST', route: '/api/admin/pastes/batch-delete', expected: guardOutcomes('admin'), payload: { ids: [randomUUID()] } },
  { method: 'POST', route: '/api/admin/pastes/clear-expired', expected: guardOutcomes('admin'), payload: { clearExpired: true } },
  // Ours: the tags in use (contract rules/paste-tags.ts).
  { method: 'GET', route: '/api/admin/paste-tags', expected: guardOutcomes('admin') },

  // §5.3.3 API-key user pastes
  { method: 'GET', route: '/api/user/pastes', expected: guardOutcomes('text') },
  { method: 'GET', route: '/api/user/pastes/:id', expected: guardOutcomes('text') },
  { method: 'PUT', route: '/api/user/pastes/:slug', expected: guardOutcomes('text'), payload: { content: 'x' } },
  { method: 'DELETE', route: '/api/user/pastes/:id', expected: guardOutcomes('text') },
  { method: 'POST', route: '/api/user/pastes/batch-delete', expected: guardOutcomes('text'), payload: { ids: [randomUUID()] } },
  { method: 'GET', route: '/api/user/paste-tags', expected: guardOutcomes('text') },

  // §5.5 storage configurations
  { method: 'GET', route: '/api/s3-configs', expected: guardOutcomes('file') },
  { method: 'GET', route: '/api/s3-configs/:id', expected: guardOutcomes('file') },
  { method: 'POST', route: '/api/s3-configs', expected: guardOutcomes('admin'), payload: {} },
  { method: 'PUT', route: '/api/s3-configs/:id', expected: guardOutcomes('admin'), payload: { name: 'x' } },
  { method: 'DELETE', route: '/api/s3-configs/:id', expected: guardOutcomes('admin') },
  { method: 'PUT', route: '/api/s3-configs/:id/set-default', expected: guardOutcomes('admin') },
  { method: 'POST', route: '/api/s3-configs/:id/test', expected: guardOutcomes('admin') },
  {
    method: 'POST',
    route: '/api/s3-configs/sftp-host-key',
    expected: guardOutcomes('admin'),
    payload: { endpoint_url: 'http://not-sftp.example' },
  },

  // §5.7 system
  { method: 'GET', route: '/api/admin/system-settings', expected: guardOutcomes('admin') },
  { method: 'PUT', route: '/api/admin/system-settings', expected: guardOutcomes('admin'), payload: {} },
  { method: 'GET', route: '/api/admin/dashboard/stats', expected: guardOutcomes('admin') },
  { method: 'GET', route: '/api/system/max-upload-size', expected: guardOutcomes('public') },
  { method: 'GET', route: '/api/admin/cache/stats', expected: guardOutcomes('admin') },
  { method: 'POST', route: '/api/admin/cache/clear', expected: guardOutcomes('admin'), payload: {} },
  // Guard `mount`; an admin gets 403 (our [D] for the reference 500: the endpoint needs the key's basic_path).
  { method: 'POST', route: '/api/user/cache/clear', expected: guardOutcomes('mount', { admin: 403 }), payload: {} },
  { method: 'GET', route: '/api/version', expected: guardOutcomes('public') },
  { method: 'GET', route: '/api/health', expected: guardOutcomes('public') },

  // Ours: local storage links (signature, not credentials) and the CORS pre-flight of every path.
  { method: 'GET', route: '/api/storage/local/:configId/*', expected: SIGNATURE_ONLY },
  { method: 'PUT', route: '/api/storage/local/:configId/*', expected: SIGNATURE_ONLY },
  { method: 'OPTIONS', route: '*', url: '/api/admin/api-keys', expected: guardOutcomes('public') },
];

/** Paths of the issue-3 endpoints: every registered route under them needs a row. */
const ISSUE3_ROUTE = new RegExp(
  [
    '^\\*$',
    '^/api/admin/(login|logout|change-password)$',
    '^/api/test/',
    '^/api/admin/api-keys',
    '^/api/(paste|raw)(/|$)',
    '^/api/(admin|user)/paste(s|-tags)',
    '^/api/s3-configs',
    '^/api/admin/(system-settings|dashboard|cache)',
    '^/api/user/cache',
    '^/api/system/',
    '^/api/(version|health)$',
    '^/api/storage/local/',
  ].join('|'),
);

function concreteUrl(row: Row): string {
  if (row.url) return row.url;
  return row.route
    .replace(':id', randomUUID())
    .replace(':configId', randomUUID())
    .replace(':slug', NO_SUCH_SLUG)
    .replace('*', 'folder/object.txt');
}

/** GET rows also answer HEAD (Fastify's automatic HEAD routes) with the same guard. */
function withHeadRows(rows: Row[]): Row[] {
  return rows.flatMap((row) => (row.method === 'GET' && !row.noHead ? [row, { ...row, method: 'HEAD' as const }] : [row]));
}

describe('permission matrix of the issue-3 endpoints (contract §2.5)', () => {
  let t: TestApp;
  let basicHeaders: Record<BasicCaller, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitMax: 10_000 });
    const expiresAt = '9999-12-31T23:59:59.000Z';
    const mountKey = await seedApiKey(t.container.repositories.apiKeys, { name: 'basic-mount', mount: true, expiresAt });
    const textKey = await seedApiKey(t.container.repositories.apiKeys, { name: 'basic-text', text: true, expiresAt });
    basicHeaders = {
      basicAdmin: basic(TEST_ADMIN.username, TEST_ADMIN.password),
      basicMountKey: basic(mountKey.key, mountKey.key),
      basicTextKey: basic(textKey.key, textKey.key),
    };
  });

  afterAll(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  /** What §2.5 prescribes for the Basic callers: the admin, the mount key, or anonymous. */
  function expectedForBasic(expected: Outcomes): Record<BasicCaller, Outcome> {
    return { basicAdmin: expected.admin, basicMountKey: expected.mountKey, basicTextKey: expected.anonymous };
  }

  async function run(row: Row): Promise<{ outcomes: Record<AnyCaller, Outcome>; statuses: Record<AnyCaller, number> }> {
    // A fresh matrix per row: logout revokes the token it is called with.
    const matrix = new PermissionMatrix(t);
    const request = (): InjectOptions => ({
      method: row.method,
      url: concreteUrl(row),
      ...(row.payload === undefined ? {} : { payload: row.payload }),
    });
    const statuses = (await matrix.statuses(() => request())) as Record<AnyCaller, number>;
    for (const caller of Object.keys(basicHeaders) as BasicCaller[]) {
      const options = request();
      statuses[caller] = (await t.app.inject({ ...options, headers: basicHeaders[caller] })).statusCode;
    }
    const outcomes = Object.fromEntries(Object.entries(statuses).map(([caller, status]) => [caller, outcomeOf(status)])) as Record<
      AnyCaller,
      Outcome
    >;
    return { outcomes, statuses };
  }

  it('has a row for every registered route under the issue-3 paths', () => {
    const covered = new Set(ROWS.map((row) => `${row.method} ${row.route}`));
    const missing = recordedRoutes(t.app)
      .filter((route) => ISSUE3_ROUTE.test(route.url))
      .map((route) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`)
      .filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
    const registered = new Set(recordedRoutes(t.app).map((route) => `${route.method} ${route.url}`));
    expect(
      withHeadRows(ROWS)
        .map((row) => `${row.method} ${row.route}`)
        .filter((key) => !registered.has(key)),
    ).toEqual([]);
    // Reads that count a view have no HEAD route (a HEAD would use up a view).
    expect(ROWS.filter((row) => row.noHead && registered.has(`HEAD ${row.route}`))).toEqual([]);
  });

  it.each(withHeadRows(ROWS).map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s answers every caller as §2.5 says',
    async (_name, row) => {
      const { outcomes, statuses } = await run(row);
      expect(outcomes).toEqual({ ...row.expected, ...expectedForBasic(row.expected) });
      // Callers the guard lets through get the endpoint's own answer, never a server error.
      const serverErrors = Object.entries(statuses).filter(([, status]) => status >= 500);
      expect(serverErrors).toEqual([]);
    },
  );

  it('answers 403 for an expired admin token on admin routes but 401 on /api/test/admin-token', async () => {
    const matrix = new PermissionMatrix(t);
    const adminRoutes = ROWS.filter((row) => row.expected.admin === 'pass' && row.expected.anonymous === 403);
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const row of adminRoutes) {
      const statuses = await matrix.statuses({ method: row.method, url: concreteUrl(row), payload: row.payload }, [
        'expiredToken',
        'badToken',
      ]);
      expect({ route: row.route, statuses }).toEqual({ route: row.route, statuses: { expiredToken: 403, badToken: 403 } });
    }
    const check = await matrix.statuses({ method: 'GET', url: '/api/test/admin-token' }, ['expiredToken', 'badToken', 'admin']);
    expect(check).toEqual({ expiredToken: 401, badToken: 401, admin: 200 });
  });

  it('deletes an expired token and an expired key when presented, so they stay refused afterwards', async () => {
    const matrix = new PermissionMatrix(t);
    const expiredToken = await matrix.headers('expiredToken');
    const expiredKey = await matrix.headers('expiredKey');
    const tokenValue = (expiredToken.authorization as string).slice('Bearer '.length);
    const keyValue = (expiredKey.authorization as string).slice('ApiKey '.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: expiredToken })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/pastes', headers: expiredKey })).statusCode).toBe(401);
    expect(await t.container.repositories.adminTokens.findByToken(tokenValue)).toBeUndefined();
    expect(await t.container.repositories.apiKeys.findByKey(keyValue)).toBeUndefined();
  });
});
