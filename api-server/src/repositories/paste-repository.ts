import { sql, type Expression, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { DatabaseEngine } from '../db/database';
import type { Database, NewPasteRow, PasteRow, PastesTable } from '../db/schema';
import {
  cachedTermIndex,
  engineOf,
  indexOnlyCount,
  listAccessFor,
  newestFirstKey,
  searchCondition,
  writeMarkOf,
  type SearchAccess,
  type TermIndex,
} from '../db/search-sql';
import { lockTransaction, TRANSACTION_LOCKS } from '../db/transaction-lock';
import { pasteHasTagCondition, PasteTagRepository } from './paste-tag-repository';
import { replacePasswordHashOf } from './password-hash-upgrade';

/**
 * Rows of the paste lists: everything but the content (of which only the first characters are
 * read) and the sealed password; the remark only when it is short (see `INLINE_REMARK_BYTES`).
 */
export type PasteSummaryRow = Omit<PasteRow, 'content' | 'password_sealed'> & {
  /** The first `headLength` characters of the content. */
  content_head: string;
  /** UTF-8 bytes of the remark (null: no remark). When above `INLINE_REMARK_BYTES`, `remark` is null: read it with `remarkOf`. */
  remark_bytes: number | null;
};

/** Remarks up to this many bytes come with a list page; longer ones are read row by row (`remarkOf`). */
export const INLINE_REMARK_BYTES = 4096;

export type PasteChanges = Omit<Updateable<PastesTable>, 'id' | 'created_at' | 'created_by'>;

/** A row without its content and sealed password, with the bytes it stores (what `update` needs). */
export type PasteMetaRow = Omit<PasteRow, 'content' | 'password_sealed'> & {
  /** UTF-8 bytes of content + remark. */
  stored_bytes: number;
};

/**
 * UTF-8 bytes of a row's text, content + remark: the generated, indexed column of migration
 * 0008-paste-stored-bytes, so a sum over many rows reads the index (created_by, stored_bytes).
 */
const storedBytesOfRow = sql<number | string>`stored_bytes`;

/** The columns of a paste's password, limits, encryption and burn marks, creator and times, as the metadata selects list them. */
const ACCESS_AND_TIME_COLUMNS = [
  'password_hash',
  'expires_at',
  'max_views',
  'views',
  'encryption',
  'burn_after_reading',
  'created_by',
  'created_at',
  'updated_at',
] as const;

export interface PasteListQuery {
  /** Exact `created_by` to match; undefined = every row. */
  createdBy?: string;
  /** Search terms (contract api/search.ts), each a substring of slug, remark or unencrypted content; empty = every row. */
  terms?: readonly string[];
  /** How many rows match the filters (the list's total, counted first): picks the page's plan (db/search-sql.ts listAccessFor), and nothing is read past it. */
  matches?: number;
  /** Only pastes carrying the tag with this key (`pasteTagKey`); undefined = no tag filter. */
  tagKey?: string | undefined;
  limit: number;
  offset: number;
}

/** The tag filter as a check of each row (`EXISTS` on the primary key of paste_tags): for pages read in list order. */
function hasTagRowByRow(tagKey: string): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM paste_tags WHERE paste_tags.paste_id = ${sql.ref('pastes.id')} AND paste_tags.tag_key = ${tagKey})`;
}

/** Largest number of ids put in one `IN (…)` list (SQLite allows 32 766 variables, PostgreSQL 65 535). */
const ID_CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

export class PasteRepository {
  /** The engine of `db` as search writes its SQL for it (db/search-sql.ts). */
  private readonly searchEngine: DatabaseEngine;
  /** The pastes' tags, on the same connection (in `withStorageLock`: the same transaction). */
  readonly tags: PasteTagRepository;
  /** Which search terms the database's index narrows (read once; picks plans only). */
  private readonly termIndex: () => Promise<TermIndex>;

  /** `engine` picks the lock of `withStorageLock`. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: DatabaseEngine = 'SQLite',
  ) {
    this.searchEngine = engineOf(db);
    this.tags = new PasteTagRepository(db);
    this.termIndex = cachedTermIndex(db, this.searchEngine);
  }

  /** The database's write mark (db/search-sql.ts writeMarkOf): while it stays the same, counts hold. */
  writeMark(): Promise<string | null> {
    return writeMarkOf(this.db, this.searchEngine);
  }

  /**
   * Runs `work` in one transaction that holds the paste-storage lock, with a repository bound to
   * that transaction: writes that check the storage limits first cannot interleave, so parallel
   * creates cannot all pass a check made before any of them stored its text. Inside `work` use
   * only the given repository (on SQLite another query would wait for the transaction's connection).
   */
  withStorageLock<T>(work: (pastes: PasteRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockTransaction(trx, this.engine, TRANSACTION_LOCKS.pasteStorage);
      return work(new PasteRepository(trx, this.engine));
    });
  }

  /**
   * UTF-8 bytes of content + remark of the stored rows (only row `id` / `createdBy`'s when given),
   * `exceptId` left out. The sums read the index (created_by, stored_bytes) only — SQLite's planner
   * would scan the table for an unfiltered sum, so it is told which index to use — and the excepted
   * row is subtracted afterwards instead of filtered (a filter on `id` would need every row).
   */
  async storedBytes(
    filter: { id?: string | undefined; createdBy?: string | undefined; exceptId?: string | undefined } = {},
  ): Promise<number> {
    const bytes = async (where: { id?: string | undefined; createdBy?: string | undefined }, fromIndex: boolean): Promise<number> => {
      const table = fromIndex && this.engine === 'SQLite' ? sql`pastes INDEXED BY idx_pastes_stored_bytes` : sql`pastes`;
      const conditions = [
        ...(where.id !== undefined ? [sql`id = ${where.id}`] : []),
        ...(where.createdBy !== undefined ? [sql`created_by = ${where.createdBy}`] : []),
      ];
      const condition = conditions.length ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
      const { rows } = await sql<{
        bytes: number | string | null;
      }>`SELECT sum(${storedBytesOfRow}) AS bytes FROM ${table}${condition}`.execute(this.db);
      const value = rows[0]?.bytes;
      return value === null || value === undefined ? 0 : Number(value);
    };
    if (filter.id !== undefined) {
      if (filter.id === filter.exceptId) return 0;
      return bytes({ id: filter.id, createdBy: filter.createdBy }, false);
    }
    const total = await bytes({ createdBy: filter.createdBy }, true);
    if (filter.exceptId === undefined) return total;
    return total - (await bytes({ id: filter.exceptId, createdBy: filter.createdBy }, false));
  }

  /** The row of `slug` without its content (and sealed password), with the bytes it stores. */
  async findMetaBySlug(slug: string): Promise<PasteMetaRow | undefined> {
    const row = await this.db
      .selectFrom('pastes')
      .select(['id', 'slug', 'remark', ...ACCESS_AND_TIME_COLUMNS, storedBytesOfRow.as('stored_bytes')])
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row === undefined ? undefined : { ...row, stored_bytes: Number(row.stored_bytes) };
  }

  /** The content of one row (undefined when it is gone). */
  async contentOf(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('pastes').select('content').where('id', '=', id).executeTakeFirst();
    return row?.content;
  }

  findBySlug(slug: string): Promise<PasteRow | undefined> {
    return this.db.selectFrom('pastes').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  findById(id: string): Promise<PasteRow | undefined> {
    return this.db.selectFrom('pastes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async slugExists(slug: string): Promise<boolean> {
    const row = await this.db.selectFrom('pastes').select('id').where('slug', '=', slug).executeTakeFirst();
    return row !== undefined;
  }

  /** Inserts the row; a taken slug surfaces as a unique violation (see db/unique-violation.ts). */
  async insert(row: NewPasteRow): Promise<void> {
    await this.db.insertInto('pastes').values(row).execute();
  }

  async update(id: string, changes: PasteChanges): Promise<boolean> {
    const result = await this.db.updateTable('pastes').set(changes).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Replaces the password hash only while it is still `from` (password-hash-upgrade.ts). */
  replacePasswordHash(id: string, from: string, to: string): Promise<boolean> {
    return replacePasswordHashOf(this.db, 'pastes', id, from, to);
  }

  /**
   * Counts one view, atomically and only while the view limit is not reached, so concurrent
   * readers can never get more than `max_views` successful reads.
   * Returns the new count, or undefined when the row is gone or its limit was already reached.
   */
  async incrementViews(id: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('pastes')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('max_views', 'is', null), eb('max_views', '<=', 0), eb('views', '<', eb.ref('max_views'))]))
      .returning('views')
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.views);
  }

  /**
   * Burn after reading: deletes the row and returns it, in one statement (`DELETE … RETURNING`), so
   * of any number of concurrent readers exactly one gets the row (the others get undefined) and the
   * content is gone from the table once it is delivered.
   */
  async burnById(id: string): Promise<PasteRow | undefined> {
    const row = await this.db.deleteFrom('pastes').where('id', '=', id).returningAll().executeTakeFirst();
    if (row && this.engine === 'SQLite') {
      // Secure delete zeroes the row's pages (database.ts); the checkpoint moves them out of the
      // WAL into the file at once, so no copy of the content stays in the WAL either.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(this.db).catch(() => undefined);
    }
    return row;
  }

  /** Whether row `id` exists with exactly this content (compared in the database, byte for byte). */
  async contentMatches(id: string, content: string): Promise<boolean> {
    const row = await this.db.selectFrom('pastes').select('id').where('id', '=', id).where('content', '=', content).executeTakeFirst();
    return row !== undefined;
  }

  async deleteById(id: string, createdBy?: string): Promise<boolean> {
    let query = this.db.deleteFrom('pastes').where('id', '=', id);
    if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes the listed rows (only those created by `createdBy` when given); returns how many went. */
  async deleteByIds(ids: readonly string[], createdBy?: string): Promise<number> {
    let deleted = 0;
    for (const part of chunks([...new Set(ids)], ID_CHUNK)) {
      let query = this.db.deleteFrom('pastes').where('id', 'in', part);
      if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
      const result = await query.executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }

  /** Rows (of `createdBy` when given, with the tag of key `tagKey` when given) matching every search term (none: every row). */
  async count(createdBy?: string, terms: readonly string[] = [], tagKey?: string): Promise<number> {
    const fromIndex = createdBy === undefined && tagKey === undefined ? indexOnlyCount(this.searchEngine, 'pastes', terms) : undefined;
    if (fromIndex !== undefined) return Number((await fromIndex.execute(this.db)).rows[0]?.count ?? 0);
    let query = this.db.selectFrom('pastes').select((eb) => eb.fn.countAll<number | string | bigint>().as('count'));
    if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
    if (tagKey !== undefined) query = query.where(pasteHasTagCondition(tagKey));
    const matches = searchCondition(this.searchEngine, 'pastes', terms);
    if (matches !== undefined) query = query.where(matches);
    const { rows } = await this.db.executeQuery(query.compile());
    return Number(rows[0]?.count ?? 0);
  }

  /** Newest first (matching `query.terms` and `query.tagKey` when given), without the full content (only its first `headLength` characters) nor long remarks. */
  async listSummaries(query: PasteListQuery, headLength: number): Promise<PasteSummaryRow[]> {
    const terms = query.terms ?? [];
    if (query.matches !== undefined && query.offset >= query.matches) return [];
    // The plan from the count: a dense result is read in list order (created_at index, stops when
    // the page is full), a sparse one collected through the search or tag index and sorted.
    const access: SearchAccess =
      query.matches === undefined ? 'ordered' : listAccessFor(terms, query.matches, await this.termIndex(), query.tagKey !== undefined);
    let select = this.db
      .selectFrom('pastes')
      .select((eb) => [
        'id',
        'slug',
        sql<string | null>`CASE WHEN octet_length(remark) <= ${sql.lit(INLINE_REMARK_BYTES)} THEN remark END`.as('remark'),
        sql<number | string | null>`octet_length(remark)`.as('remark_bytes'),
        ...ACCESS_AND_TIME_COLUMNS,
        eb.fn<string>('substr', ['content', eb.lit(1), eb.lit(headLength)]).as('content_head'),
      ]);
    if (query.createdBy !== undefined) select = select.where('created_by', '=', query.createdBy);
    if (query.tagKey !== undefined) {
      // Collected: the tag's index gives the few pastes carrying it (and the terms are checked on
      // those only, so a common term does not drive the read). Ordered: each paste read in list
      // order is checked for the tag through the primary key (paste_id, tag_key), instead of every
      // paste with the tag being looked up and sorted.
      select = select.where(access === 'collected' ? pasteHasTagCondition(query.tagKey) : hasTagRowByRow(query.tagKey));
    }
    const termsAccess: SearchAccess = query.tagKey !== undefined ? 'ordered' : access;
    const matches = searchCondition(this.searchEngine, 'pastes', terms, termsAccess);
    if (matches !== undefined) select = select.where(matches);
    const rows = await select
      .orderBy(newestFirstKey(this.searchEngine, 'pastes.created_at', access), 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return rows.map((row) => ({ ...row, remark_bytes: row.remark_bytes === null ? null : Number(row.remark_bytes) }));
  }

  /** The remark of one row (null: none, or the row is gone). */
  async remarkOf(id: string): Promise<string | null> {
    const row = await this.db.selectFrom('pastes').select('remark').where('id', '=', id).executeTakeFirst();
    return row?.remark ?? null;
  }

  /** Every row that has an expiry time (the caller decides which have passed: stored forms vary). */
  listWithExpiry(): Promise<Array<Pick<PasteRow, 'id' | 'expires_at'>>> {
    return this.db.selectFrom('pastes').select(['id', 'expires_at']).where('expires_at', 'is not', null).execute();
  }
}
