import { openMigratedTestDatabase, type MigratedTestDatabase } from '../testing/migrated-database';
import { CredentialFailureRepository, MAX_STORED_KEY_LENGTH } from './credential-failure-repository';

describe('credential failure counters (migration 0011, CredentialFailureRepository)', () => {
  let database: MigratedTestDatabase;
  let failures: CredentialFailureRepository;
  const WINDOW = 60_000;

  beforeEach(async () => {
    database = await openMigratedTestDatabase();
    failures = new CredentialFailureRepository(database.db);
  });
  afterEach(() => database.close());

  it('counts guesses of a very long user name in one row of bounded size, apart from a name that differs only at the end', async () => {
    const long = `account:${'a'.repeat(5000)}`;
    const other = `account:${'a'.repeat(4999)}b`;
    await failures.count([long], 1000, WINDOW);
    await failures.count([long], 1001, WINDOW);
    await failures.count([other], 1002, WINDOW);

    expect((await failures.find(long))?.failures).toBe(2);
    expect((await failures.find(other))?.failures).toBe(1);
    const keys = (await database.db.selectFrom('credential_failures').select('key').execute()).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key.length).toBeLessThanOrEqual(MAX_STORED_KEY_LENGTH);
      expect(key.startsWith('account:')).toBe(true);
    }
    expect(await failures.blockedUntil([{ key: long, max: 2 }], 1003)).toBe(1000 + WINDOW);
    expect(await failures.blockedUntil([{ key: other, max: 2 }], 1003)).toBe(0);
  });

  it('stores a short key as it is', async () => {
    await failures.count(['client:203.0.113.9'], 1000, WINDOW);
    expect((await database.db.selectFrom('credential_failures').select('key').execute()).map((row) => row.key)).toEqual([
      'client:203.0.113.9',
    ]);
  });
});
