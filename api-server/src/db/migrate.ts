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

export interface MigrateOptions {
  /**
   * PostgreSQL: the schema of Kysely's bookkeeping tables (`kysely_migration`, `…_lock`), i.e. the
   * schema the app's tables live in (`OpenedDatabase.schema`). Without it Kysely looks for those
   * tables in every schema of the database and would take another schema's for ours.
   * SQLite: leave it undefined.
   */
  migrationTableSchema?: string;
}

/**
 * Applies every pending migration. Already-applied ones are skipped (Kysely records them in
 * `kysely_migration`), so running it on every start is safe. On PostgreSQL, Kysely holds an
 * advisory lock while migrating, so several servers starting at once migrate only once.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on the schema as it was then, not on today's Database type
  db: Kysely<any>,
  all: Record<string, Migration> = migrations,
  options: MigrateOptions = {},
): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(all),
    ...(options.migrationTableSchema === undefined ? {} : { migrationTableSchema: options.migrationTableSchema }),
  });
  const resultSet = await migrator.migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((result) => result.status === 'Error');
    throw new MigrationFailedError(failed?.migrationName, resultSet.error);
  }
  return resultSet;
}
