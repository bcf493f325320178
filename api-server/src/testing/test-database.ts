import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { isPostgresUrl } from '../db/database';

/**
 * PostgreSQL for tests. When TEST_DATABASE_URL (or DATABASE_URL) is a postgres:// URL,
 * `createTestApp()` puts each app in its own schema of that database (`cc_test_<hash of dataDir>`),
 * so tests stay isolated and an app re-opened on the same dataDir sees its earlier data, like the
 * SQLite file in that directory would. `scripts/with-postgres.sh` provides a throwaway cluster.
 */

/** The PostgreSQL URL tests should use, or undefined for SQLite. */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.TEST_DATABASE_URL?.trim() || env.DATABASE_URL?.trim();
  return isPostgresUrl(url) ? url : undefined;
}

export const TEST_SCHEMA_PREFIX = 'cc_test_';

/** The schema of the test app whose data directory is `dataDir` (stable for the same path). */
export function testSchemaFor(dataDir: string): string {
  return `${TEST_SCHEMA_PREFIX}${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;
}

/** Drops a test schema and everything in it. */
export async function dropTestSchema(url: string, schema: string): Promise<void> {
  if (!schema.startsWith(TEST_SCHEMA_PREFIX) || !/^[a-z0-9_]+$/.test(schema)) {
    throw new Error(`refusing to drop a schema that is not a test schema: ${schema}`);
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

const dropAtEnd = new Map<string, string>();

/**
 * Remembers a schema to drop after the current test file (for apps on a caller-owned dataDir,
 * which the caller may open again). Test-app modules are loaded per test file, so this set is too.
 */
export function dropTestSchemaAfterFile(url: string, schema: string): void {
  dropAtEnd.set(schema, url);
}

// Jest's global (absent when this module runs outside Jest, e.g. from dist/).
const jestAfterAll = (globalThis as { afterAll?: (fn: () => Promise<void>) => void }).afterAll;
if (typeof jestAfterAll === 'function') {
  jestAfterAll(async () => {
    const pending = [...dropAtEnd.entries()];
    dropAtEnd.clear();
    for (const [schema, url] of pending) await dropTestSchema(url, schema);
  });
}
