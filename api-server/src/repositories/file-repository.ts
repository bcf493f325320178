import type { Updateable } from 'kysely';
import type { AppDatabase, DatabaseEngine } from '../db/database';
import {
  cachedTermIndex,
  engineOf,
  searchCondition,
  indexOnlyCount,
  listAccessFor,
  newestFirstKey,
  writeMarkOf,
  type SearchAccess,
  type TermIndex,
} from '../db/search-sql';
import type { FileRow, FilesTable, NewFileRow } from '../db/schema';
import { replacePasswordHashOf } from './password-hash-upgrade';

/**
 * SQL of the `files` table: share files (presign/commit, upload-direct, form upload, URL import)
 * and the rows the file-system browser records for its uploads (slug `M-` + 32 random hex characters).
 *
 * Sizes come back as numbers on both engines (PostgreSQL int8 is parsed as a number).
 */

export type FileChanges = Omit<Updateable<FilesTable>, 'id' | 'created_at'>;

/** A file row plus the columns joined from its storage config and (for key rows) its API key. */
export type FileListRow = FileRow & {
  s3_config_name: string | null;
  s3_provider_type: string | null;
  key_name: string | null;
};

export interface FileListFilter {
  /** Exact `created_by`; undefined = every row. */
  createdBy?: string;
  /** Exact `s3_config_id`; undefined = every config. */
  s3ConfigId?: string;
  /** Search terms (contract api/search.ts), each a substring of slug, filename or remark; empty = every row. */
  terms?: readonly string[];
}

export interface FileListQuery extends FileListFilter {
  limit: number;
  offset: number;
  /** How many rows match the filters (the list's total, counted first): picks the page's plan (db/search-sql.ts listAccessFor), and nothing is read past it. */
  matches?: number;
}

const API_KEY_PREFIX = 'apikey:';

export class FileRepository {
  /** The engine of `db` as search writes its SQL for it (db/search-sql.ts). */
  private readonly searchEngine: DatabaseEngine;
  /** Which search terms the database's index narrows (read once; picks plans only). */
  private readonly termIndex: () => Promise<TermIndex>;

  constructor(private readonly db: AppDatabase) {
    this.searchEngine = engineOf(db);
    this.termIndex = cachedTermIndex(db, this.searchEngine);
  }

  /** The database's write mark (db/search-sql.ts writeMarkOf): while it stays the same, counts hold. */
  writeMark(): Promise<string | null> {
    return writeMarkOf(this.db, this.searchEngine);
  }

  /** Inserts the row; a taken slug surfaces as a unique violation (see db/unique-violation.ts). */
  async insert(row: NewFileRow): Promise<void> {
    await this.db.insertInto('files').values(row).execute();
  }

  findById(id: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySlug(slug: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** Rows pointing at one object (normally zero or one). */
  findByStorageKey(configId: string, storagePath: string): Promise<FileRow[]> {
    return this.db.selectFrom('files').selectAll().where('s3_config_id', '=', configId).where('storage_path', '=', storagePath).execute();
  }

  async slugExists(slug: string): Promise<boolean> {
    const row = await this.db.selectFrom('files').select('id').where('slug', '=', slug).executeTakeFirst();
    return row !== undefined;
  }

  /** The row joined with its config name/provider and key name; undefined when missing. */
  findDetailById(id: string, createdBy?: string): Promise<FileListRow | undefined> {
    let query = this.selectJoined().where('files.id', '=', id);
    if (createdBy !== undefined) query = query.where('files.created_by', '=', createdBy);
    return query.executeTakeFirst();
  }

  async update(id: string, changes: FileChanges): Promise<boolean> {
    const result = await this.db.updateTable('files').set(changes).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Replaces the password hash only while it is still `from` (password-hash-upgrade.ts). */
  replacePasswordHash(id: string, from: string, to: string): Promise<boolean> {
    return replacePasswordHashOf(this.db, 'files', id, from, to);
  }

  /**
   * Counts one view atomically. Unlike pastes the increment is unconditional: the contract
   * deletes a file when `views > max_views` after the increment, so the caller compares.
   * Returns the new count, or undefined when the row is gone.
   */
  async incrementViews(id: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('files')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id)
      .returning('views')
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.views);
  }

  async deleteById(id: string, createdBy?: string): Promise<boolean> {
    let query = this.db.deleteFrom('files').where('id', '=', id);
    if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes the rows recording one object (fs removals); returns how many went. */
  async deleteByStorageKey(configId: string, storagePath: string): Promise<number> {
    const result = await this.db
      .deleteFrom('files')
      .where('s3_config_id', '=', configId)
      .where('storage_path', '=', storagePath)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Sum of `size` over every row of the config (the quota's "used" figure, contract §6.3). */
  async sumSizeByConfig(configId: string): Promise<number> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint | null>('size'), eb.lit(0)).as('total'))
      .where('s3_config_id', '=', configId)
      .executeTakeFirstOrThrow();
    return Number(row.total ?? 0);
  }

  async count(filter: FileListFilter = {}): Promise<number> {
    const unfiltered = filter.createdBy === undefined && filter.s3ConfigId === undefined;
    const fromIndex = unfiltered ? indexOnlyCount(this.searchEngine, 'files', filter.terms ?? []) : undefined;
    if (fromIndex !== undefined) return Number((await fromIndex.execute(this.db)).rows[0]?.count ?? 0);
    let query = this.db.selectFrom('files').select((eb) => eb.fn.countAll<number | string | bigint>().as('count'));
    if (filter.createdBy !== undefined) query = query.where('created_by', '=', filter.createdBy);
    if (filter.s3ConfigId !== undefined) query = query.where('s3_config_id', '=', filter.s3ConfigId);
    const terms = filter.terms ?? [];
    const matches = searchCondition(this.searchEngine, 'files', terms);
    if (matches !== undefined) query = query.where(matches);
    const { rows } = await this.db.executeQuery(query.compile());
    return Number(rows[0]?.count ?? 0);
  }

  /** Newest first (matching `query.terms` when given), joined with config and key names. */
  async list(query: FileListQuery): Promise<FileListRow[]> {
    const terms = query.terms ?? [];
    if (query.matches !== undefined && query.offset >= query.matches) return [];
    // The plan from the count: a dense result is read in list order (created_at index, stops when
    // the page is full), a sparse one collected through the search index and sorted.
    const access: SearchAccess =
      query.matches === undefined ? 'ordered' : listAccessFor(terms, query.matches, await this.termIndex(), false);
    let select = this.selectJoined();
    if (query.createdBy !== undefined) select = select.where('files.created_by', '=', query.createdBy);
    if (query.s3ConfigId !== undefined) select = select.where('files.s3_config_id', '=', query.s3ConfigId);
    const matches = searchCondition(this.searchEngine, 'files', terms, access);
    if (matches !== undefined) select = select.where(matches);
    return select
      .orderBy(newestFirstKey(this.searchEngine, 'files.created_at', access), 'desc')
      .orderBy('files.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
  }

  private selectJoined() {
    return this.db
      .selectFrom('files')
      .leftJoin('storage_configs', 'storage_configs.id', 'files.s3_config_id')
      .leftJoin('api_keys', (join) => join.on((eb) => eb('files.created_by', '=', eb(eb.val(API_KEY_PREFIX), '||', eb.ref('api_keys.id')))))
      .selectAll('files')
      .select(['storage_configs.name as s3_config_name', 'storage_configs.provider_type as s3_provider_type', 'api_keys.name as key_name']);
  }

  // ---------------------------------------------------------------------------------------------
  // Methods added by the file-system browser (fs engineer) go below this line.
  // ---------------------------------------------------------------------------------------------

  /**
   * Rows whose object lies under a folder `prefix` (ends with `/`) of one config: fs folder
   * removal and rename. Exact and case-sensitive on every engine: LIKE only pre-filters (it is
   * case-insensitive on SQLite, and the pattern is cut before any `%`, `_` or `\`, so it can
   * only match more), then the prefix is compared in code.
   */
  async findByStoragePrefix(configId: string, prefix: string): Promise<FileRow[]> {
    const cut = prefix.search(/[%_\\]/);
    const pattern = `${cut < 0 ? prefix : prefix.slice(0, cut)}%`;
    const rows = await this.db
      .selectFrom('files')
      .selectAll()
      .where('s3_config_id', '=', configId)
      .where('storage_path', 'like', pattern)
      .execute();
    return rows.filter((row) => row.storage_path.startsWith(prefix));
  }

  /** Deletes the rows under a folder prefix of one config (see `findByStoragePrefix`); returns how many went. */
  async deleteByStoragePrefix(configId: string, prefix: string): Promise<number> {
    const ids = (await this.findByStoragePrefix(configId, prefix)).map((row) => row.id);
    let deleted = 0;
    for (let offset = 0; offset < ids.length; offset += 500) {
      const result = await this.db
        .deleteFrom('files')
        .where('id', 'in', ids.slice(offset, offset + 500))
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }
}
