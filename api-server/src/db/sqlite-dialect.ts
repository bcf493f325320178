import type SqliteDatabase from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

/**
 * Kysely's SQLite driver, except that it rolls back only a transaction that is still open.
 *
 * On some errors SQLite ends the transaction by itself (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM,
 * SQLITE_BUSY: "the transaction may or may not be rolled back automatically"). Kysely's
 * `transaction().execute` then still sends ROLLBACK, which fails with "cannot rollback - no
 * transaction is active" and is thrown instead of the error that ended the transaction — a paste
 * written on a full disk answered 500 with that text rather than 507 for SQLITE_FULL. So the
 * rollback is skipped when SQLite has none open, and a rollback that fails while leaving none open
 * is not reported either: in both cases the caller gets the original error.
 */
class RollbackSafeSqliteDriver extends SqliteDriver {
  constructor(private readonly sqlite: SqliteDatabase.Database) {
    super({ database: sqlite });
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.sqlite.inTransaction) return;
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      if (this.sqlite.inTransaction) throw error;
    }
  }
}

/** The SQLite dialect of `openSqliteDatabase`: Kysely's, with RollbackSafeSqliteDriver. */
export class AppSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SqliteDatabase.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new RollbackSafeSqliteDriver(this.sqlite);
  }
}
