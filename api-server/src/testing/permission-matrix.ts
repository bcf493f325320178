import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppContainer } from '../container';
import { randomString } from '../lib/random';
import { toIso } from '../lib/time';
import { seedApiKey } from './seed';
import { apiKeyHeader, bearer, createTestApp, removeTempDir, type TestApp } from './test-app';

/**
 * Runs one request as every kind of caller and reports what the guard did, so a test can pin the
 * guard of an endpoint (contract §2.5) in one line:
 *
 *   const matrix = new PermissionMatrix(t);
 *   expect(await matrix.outcomes({ method: 'GET', url: '/api/admin/pastes' })).toEqual(guardOutcomes('admin'));
 *
 * Outcome per caller: 401 or 403 when refused, `'pass'` for any other status (the guard let the
 * caller through; the endpoint may still answer 400/404 for its own reasons). Use `statuses()`
 * for the exact codes.
 *
 * Credentials are made straight in the database with the app's clock: tokens and keys that never
 * expire, plus an expired token and an expired key (all permissions) created afresh for each
 * request, since the auth hook deletes them when presented.
 */

export const CALLERS = [
  'anonymous',
  'admin',
  'badToken',
  'expiredToken',
  'textKey',
  'fileKey',
  'mountKey',
  'noPermissionKey',
  'expiredKey',
] as const;

export type CallerName = (typeof CALLERS)[number];
export type Guard = 'public' | 'admin' | 'auth' | 'text' | 'file' | 'mount';
export type Outcome = 'pass' | 401 | 403;
export type Outcomes = Record<CallerName, Outcome>;

/** A request, or a function making one per caller (e.g. to use a fresh slug each time). */
export type MatrixRequest = InjectOptions | ((caller: CallerName) => InjectOptions | Promise<InjectOptions>);

const NEVER = '9999-12-31T23:59:59.000Z';

function keyGuard(flag: 'text' | 'file' | 'mount'): Outcomes {
  return {
    anonymous: 401,
    admin: 'pass',
    badToken: 401,
    expiredToken: 401,
    textKey: flag === 'text' ? 'pass' : 403,
    fileKey: flag === 'file' ? 'pass' : 403,
    mountKey: flag === 'mount' ? 'pass' : 403,
    noPermissionKey: 403,
    expiredKey: 401,
  };
}

const GUARD_OUTCOMES: Record<Guard, Outcomes> = {
  public: {
    anonymous: 'pass',
    admin: 'pass',
    badToken: 'pass',
    expiredToken: 'pass',
    textKey: 'pass',
    fileKey: 'pass',
    mountKey: 'pass',
    noPermissionKey: 'pass',
    expiredKey: 'pass',
  },
  // 403 for everything but an admin, even for anonymous callers and bad tokens.
  admin: {
    anonymous: 403,
    admin: 'pass',
    badToken: 403,
    expiredToken: 403,
    textKey: 403,
    fileKey: 403,
    mountKey: 403,
    noPermissionKey: 403,
    expiredKey: 403,
  },
  auth: {
    anonymous: 401,
    admin: 'pass',
    badToken: 401,
    expiredToken: 401,
    textKey: 'pass',
    fileKey: 'pass',
    mountKey: 'pass',
    noPermissionKey: 'pass',
    expiredKey: 401,
  },
  text: keyGuard('text'),
  file: keyGuard('file'),
  mount: keyGuard('mount'),
};

/** The outcomes contract §2.5 prescribes for a guard, with optional per-caller exceptions. */
export function guardOutcomes(guard: Guard, overrides: Partial<Outcomes> = {}): Outcomes {
  return { ...GUARD_OUTCOMES[guard], ...overrides };
}

export function outcomeOf(status: number): Outcome {
  return status === 401 || status === 403 ? status : 'pass';
}

export class PermissionMatrix {
  private readonly app: FastifyInstance;
  private readonly container: AppContainer;
  private readonly stable = new Map<CallerName, Promise<Record<string, string>>>();

  constructor(target: { app: FastifyInstance; container: AppContainer }) {
    this.app = target.app;
    this.container = target.container;
  }

  /** The Authorization header (if any) of a caller. */
  headers(caller: CallerName): Promise<Record<string, string>> {
    switch (caller) {
      case 'anonymous':
        return Promise.resolve({});
      case 'badToken':
        return Promise.resolve(bearer(randomString(32)));
      case 'expiredToken':
        return this.adminToken(toIso(new Date(this.container.clock().getTime() - 60_000)));
      case 'expiredKey':
        return this.key({ text: true, file: true, mount: true }, toIso(new Date(this.container.clock().getTime() - 60_000)));
      default: {
        let headers = this.stable.get(caller);
        if (!headers) {
          headers = this.makeStable(caller);
          this.stable.set(caller, headers);
        }
        return headers;
      }
    }
  }

  /** The exact HTTP status each caller gets. */
  async statuses(request: MatrixRequest, callers: readonly CallerName[] = CALLERS): Promise<Partial<Record<CallerName, number>>> {
    const result: Partial<Record<CallerName, number>> = {};
    for (const caller of callers) {
      const options = typeof request === 'function' ? await request(caller) : request;
      const headers = { ...(options.headers as Record<string, string> | undefined), ...(await this.headers(caller)) };
      const response = await this.app.inject({ ...options, headers });
      result[caller] = response.statusCode;
    }
    return result;
  }

  /** 401 / 403 / 'pass' for every caller; compare with `guardOutcomes(guard)`. */
  async outcomes(request: MatrixRequest): Promise<Outcomes> {
    const statuses = await this.statuses(request);
    const result = {} as Outcomes;
    for (const caller of CALLERS) result[caller] = outcomeOf(statuses[caller] as number);
    return result;
  }

  private makeStable(caller: Exclude<CallerName, 'anonymous' | 'badToken' | 'expiredToken' | 'expiredKey'>) {
    switch (caller) {
      case 'admin':
        return this.adminToken(NEVER);
      case 'textKey':
        return this.key({ text: true }, NEVER);
      case 'fileKey':
        return this.key({ file: true }, NEVER);
      case 'mountKey':
        return this.key({ mount: true }, NEVER);
      case 'noPermissionKey':
        return this.key({}, NEVER);
    }
  }

  private async adminToken(expiresAt: string): Promise<Record<string, string>> {
    const admin = await this.container.db.selectFrom('admins').select('id').orderBy('created_at').executeTakeFirstOrThrow();
    const token = randomString(32);
    await this.container.repositories.adminTokens.create({
      token,
      admin_id: admin.id,
      expires_at: expiresAt,
      created_at: toIso(this.container.clock()),
    });
    return bearer(token);
  }

  private async key(flags: { text?: boolean; file?: boolean; mount?: boolean }, expiresAt: string): Promise<Record<string, string>> {
    const row = await seedApiKey(this.container.repositories.apiKeys, {
      name: `matrix-${randomString(10)}`,
      ...flags,
      expiresAt,
    });
    return apiKeyHeader(row.key);
  }
}

/**
 * Registers hooks that build one app and its matrix for the whole suite (handed to `use`) and
 * remove the app after the suite.
 */
export function permissionMatrixForSuite(use: (matrix: PermissionMatrix, t: TestApp) => void): void {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    use(new PermissionMatrix(t), t);
  });
  afterAll(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });
}
