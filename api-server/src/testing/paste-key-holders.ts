import type { ApiKeyRow } from '../db/schema';
import { seedApiKey, type SeedApiKeyInput } from './seed';
import { adminTestAppForEachTest, apiKeyHeader, type AdminTestAppPerTest } from './test-app';

/** The keys' expiry: far beyond every test's clock. */
const KEYS_EXPIRE_AT = '2030-01-01T00:00:00.000Z';

/** What `pasteKeyHoldersForEachTest` gives a suite; its fields are those of the running test. */
export interface PasteKeyHoldersPerTest extends AdminTestAppPerTest {
  /** The API key named `alice`, and `bob`'s, seeded with the suite's permissions. */
  readonly alice: ApiKeyRow;
  readonly bob: ApiKeyRow;
  /** A key's Authorization header. */
  as(key: ApiKeyRow): Record<string, string>;
  /** Creates a paste (POST /api/paste, must answer 200) one second after the previous one, so creation order is unambiguous. */
  create(payload: Record<string, unknown>, headers: Record<string, string>): Promise<{ id: string; slug: string }>;
}

/**
 * Registers the hooks that give every test of a suite a fresh app whose clock reads `startAt`, the
 * admin logged in (`adminTestAppForEachTest`) and two API keys, `alice` and `bob`, with the given
 * permissions and basic paths (valid until 2030); the app and its data directory are removed after
 * the test. Hooks the suite registers afterwards run after these.
 */
export function pasteKeyHoldersForEachTest(
  startAt: string,
  keys: { alice: Omit<SeedApiKeyInput, 'name'>; bob: Omit<SeedApiKeyInput, 'name'> },
): PasteKeyHoldersPerTest {
  const app = adminTestAppForEachTest(startAt);
  const holders = { alice: undefined as ApiKeyRow | undefined, bob: undefined as ApiKeyRow | undefined };

  beforeEach(async () => {
    const apiKeys = app.t.container.repositories.apiKeys;
    holders.alice = await seedApiKey(apiKeys, { name: 'alice', expiresAt: KEYS_EXPIRE_AT, ...keys.alice });
    holders.bob = await seedApiKey(apiKeys, { name: 'bob', expiresAt: KEYS_EXPIRE_AT, ...keys.bob });
  });

  return {
    get t() {
      return app.t;
    },
    get admin() {
      return app.admin;
    },
    get now() {
      return app.now;
    },
    set now(value: Date) {
      app.now = value;
    },
    get alice() {
      return holders.alice as ApiKeyRow;
    },
    get bob() {
      return holders.bob as ApiKeyRow;
    },
    as: (key) => apiKeyHeader(key.key),
    create: async (payload, headers) => {
      app.now = new Date(app.now.getTime() + 1000);
      const response = await app.t.app.inject({ method: 'POST', url: '/api/paste', payload, headers });
      expect(response.statusCode).toBe(200);
      return response.json() as { id: string; slug: string };
    },
  };
}
