import type { Updateable } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { NewPasteRow, PasteRow, PastesTable } from '../db/schema';

/** Rows of the admin list: everything but the content, of which only the first characters are read. */
export type PasteSummaryRow = Omit<PasteRow, 'content' | 'password_sealed'> & {
  /** The first `headLength` characters of the content. */
  content_head: string;
};

export type PasteChanges = Omit<Updateable<PastesTable>, 'id' | 'created_at' | 'created_by'>;

export interface PasteListQuery {
  /** Exact `created_by` to match; undefined = every row. */
  createdBy?: string;
  limit: number;
  offset: number;
}

/** Largest number of ids put in one `IN (…)` list (SQLite allows 32 766 variables, PostgreSQL 65 535). */
const ID_CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

export class PasteRepository {
  constructor(private readonly db: AppDatabase) {}

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

  async count(createdBy?: string): Promise<number> {
    let query = this.db.selectFrom('pastes').select((eb) => eb.fn.countAll<number | string | bigint>().as('count'));
    if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Newest first, without the full content (only its first `headLength` characters). */
  listSummaries(query: PasteListQuery, headLength: number): Promise<PasteSummaryRow[]> {
    let select = this.db
      .selectFrom('pastes')
      .select((eb) => [
        'id',
        'slug',
        'remark',
        'password_hash',
        'expires_at',
        'max_views',
        'views',
        'created_by',
        'created_at',
        'updated_at',
        eb.fn<string>('substr', ['content', eb.lit(1), eb.lit(headLength)]).as('content_head'),
      ]);
    if (query.createdBy !== undefined) select = select.where('created_by', '=', query.createdBy);
    return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
  }

  /** Newest first, full rows. */
  list(query: PasteListQuery): Promise<PasteRow[]> {
    let select = this.db.selectFrom('pastes').selectAll();
    if (query.createdBy !== undefined) select = select.where('created_by', '=', query.createdBy);
    return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
  }

  /** Every row that has an expiry time (the caller decides which have passed: stored forms vary). */
  listWithExpiry(): Promise<Array<Pick<PasteRow, 'id' | 'expires_at'>>> {
    return this.db.selectFrom('pastes').select(['id', 'expires_at']).where('expires_at', 'is not', null).execute();
  }
}
