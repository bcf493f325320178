import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, getAppContainer, type BuildAppOptions } from '../app';
import type { AppContainer } from '../container';
import { freshForEachTest } from './per-test';
import { dropTestSchema, dropTestSchemaAfterFile, testDatabaseUrl, testSchemaFor } from './test-database';

export { freshForEachTest };

export const TEST_ADMIN = { username: 'admin', password: 'test-admin-password' } as const;

export interface TestApp {
  app: FastifyInstance;
  container: AppContainer;
  dataDir: string;
  /** Closes the app (and database). */
  close(): Promise<void>;
}

/** A fresh temporary data directory; remove it with `removeTempDir`. */
export function makeTempDir(prefix = 'cloudclip-api-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * An app on a real SQLite file in `dataDir` (a new temporary directory unless given),
 * with a known admin password, logging off and start-up notices swallowed.
 * When TEST_DATABASE_URL / DATABASE_URL is a postgres:// URL (and the options name neither a
 * `databaseFile` nor a `databaseUrl`), the app uses PostgreSQL in a schema of its own instead
 * (./test-database.ts): dropped on close when the dataDir is the app's own, else after the test file.
 */
export async function createTestApp(options: BuildAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? makeTempDir();
  const pgUrl = options.databaseFile === undefined && options.databaseUrl === undefined ? testDatabaseUrl() : undefined;
  const pgSchema = pgUrl === undefined ? undefined : (options.databaseSchema ?? testSchemaFor(dataDir));
  const app = await buildApp({
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    logger: false,
    announce: () => undefined,
    // The suites send many wrong credentials on purpose; the budget has tests of its own.
    failedCredentialLimit: 100_000,
    ...(pgUrl === undefined ? {} : { databaseUrl: pgUrl, databaseSchema: pgSchema }),
    ...options,
    dataDir,
  });
  if (pgUrl !== undefined && pgSchema !== undefined && options.dataDir !== undefined) dropTestSchemaAfterFile(pgUrl, pgSchema);
  const close = async (): Promise<void> => {
    await app.close();
    if (pgUrl !== undefined && pgSchema !== undefined && options.dataDir === undefined) await dropTestSchema(pgUrl, pgSchema);
  };
  return { app, container: getAppContainer(app), dataDir, close };
}

/** Logs in as the test admin and returns the bearer token. */
export async function loginAsAdmin(app: FastifyInstance, credentials = TEST_ADMIN): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: credentials });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { token: string } }).data.token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export function apiKeyHeader(key: string): { authorization: string } {
  return { authorization: `ApiKey ${key}` };
}

export function basic(user: string, pass: string): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${user}:${pass}`, 'utf8').toString('base64')}` };
}

/** Registers hooks that give every test a new temporary directory (handed to `use`) and remove it after the test. */
export function tempDirForEachTest(use: (dir: string) => void): void {
  freshForEachTest(
    async () => {
      const dir = makeTempDir();
      return { dir, close: async () => removeTempDir(dir) };
    },
    ({ dir }) => use(dir),
  );
}

/**
 * Registers the hooks that give every test a fresh app with the admin logged in, handed to `use`
 * (the app and the admin's Authorization header); the app and its data directory are removed after the test.
 */
export function adminAppForEachTest(use: (t: TestApp, admin: { authorization: string }) => void, options: BuildAppOptions = {}): void {
  freshForEachTest(
    async () => {
      const t = await createTestApp(options);
      return { t, admin: bearer(await loginAsAdmin(t.app)), close: () => closeAndRemove(t) };
    },
    ({ t, admin }) => use(t, admin),
  );
}

/**
 * `adminAppForEachTest` for a whole suite: one app (built with `options`) with the admin logged in,
 * made before its first test and handed to `use`; closed and its data directory removed after the last.
 */
export function adminAppForSuite(use: (t: TestApp, admin: { authorization: string }) => void, options: BuildAppOptions = {}): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options);
    use(t, bearer(await loginAsAdmin(t.app)));
  });
  afterAll(async () => {
    if (t) await closeAndRemove(t);
    t = undefined;
  });
}

async function closeAndRemove(t: TestApp): Promise<void> {
  await t.close();
  removeTempDir(t.dataDir);
}

/** What `adminTestAppForEachTest` gives a suite; its fields are those of the running test. */
export interface AdminTestAppPerTest {
  readonly t: TestApp;
  /** The admin's Authorization header (a bearer token); a test may log in again and set it. */
  admin: Record<string, string>;
  /** What the app's clock reads: `startAt` (or the real time) when each test begins; a test may move it. */
  now: Date;
}

/**
 * `adminAppForEachTest` with a clock a test can move: every test of the suite gets a fresh app
 * (built with `options`) whose clock reads `now`, starting at `startAt` (the real time when not
 * given), with the admin logged in; the app and its data directory are removed after the test.
 */
export function adminTestAppForEachTest(startAt?: string, options: Omit<BuildAppOptions, 'clock'> = {}): AdminTestAppPerTest {
  const current = {} as { t: TestApp; admin: Record<string, string>; now: Date };
  beforeEach(() => {
    current.now = startAt === undefined ? new Date() : new Date(startAt);
  });
  adminAppForEachTest(
    (t, admin) => {
      current.t = t;
      current.admin = admin;
    },
    { ...options, clock: () => current.now },
  );
  return current;
}

/** What `replicaPairForEachTest` gives a suite; its fields are those of the running test. */
export interface ReplicaPairPerTest {
  /** The data directory both replicas share. */
  readonly dataDir: string;
  readonly a: TestApp;
  readonly b: TestApp;
  /** With `startAt`: what both replicas' clock reads, `startAt` when each test begins; a test may move it. */
  now: Date;
}

/**
 * Registers the hooks that give every test two apps built with the same `options` on one data
 * directory (and so one database): two api-server replicas. With `startAt` their clock reads
 * `now`, else the real time. Both are closed and the directory removed after the test.
 */
export function replicaPairForEachTest(
  options: Omit<BuildAppOptions, 'dataDir' | 'clock'> & { startAt?: string } = {},
): ReplicaPairPerTest {
  const { startAt, ...appOptions } = options;
  const current = {} as { dataDir: string; a: TestApp; b: TestApp; now: Date };
  const clock = startAt === undefined ? {} : { clock: () => current.now };
  beforeEach(() => {
    if (startAt !== undefined) current.now = new Date(startAt);
  });
  freshForEachTest(
    async () => {
      const dataDir = makeTempDir();
      const a = await createTestApp({ ...appOptions, ...clock, dataDir });
      const b = await createTestApp({ ...appOptions, ...clock, dataDir });
      const close = async (): Promise<void> => {
        await a.close();
        await b.close();
        removeTempDir(dataDir);
      };
      return { dataDir, a, b, close };
    },
    (pair) => {
      Object.assign(current, { dataDir: pair.dataDir, a: pair.a, b: pair.b });
    },
  );
  return current;
}
