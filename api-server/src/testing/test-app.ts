import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, getAppContainer, type BuildAppOptions } from '../app';
import type { AppContainer } from '../container';

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
 */
export async function createTestApp(options: BuildAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? makeTempDir();
  const app = await buildApp({
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    logger: false,
    announce: () => undefined,
    ...options,
    dataDir,
  });
  return { app, container: getAppContainer(app), dataDir, close: () => app.close() };
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
