import { Migrator, type Kysely, type MigrationProvider, type MigrationResultSet, type Migration } from 'kysely';
import { migrations } from './migrations/index';

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly all: Record<string, Migration>) {}

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(this.all);
  }
}

export class MigrationFailedError extends Error {
  constructor(migrationName: string | undefined, cause: unknown) {
    super(`Database migration ${migrationName ?? '(unknown)'} failed`, { cause });
    this.name = 'MigrationFailedError';
  }
}

/**
 * Applies every pending migration. Already-applied ones are skipped (Kysely records them in
 * `kysely_migration`), so running it on every start is safe.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, all: Record<string, Migration> = migrations): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(all) });
  const resultSet = await migrator.migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((result) => result.status === 'Error');
    throw new MigrationFailedError(failed?.migrationName, resultSet.error);
  }
  return resultSet;
}
