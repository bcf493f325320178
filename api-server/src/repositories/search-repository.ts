import type { SearchKind } from '@cloudclip/contract';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DatabaseEngine } from '../db/database';
import type { Database } from '../db/schema';
import {
  cachedTermIndex,
  engineOf,
  indexOnlyCount,
  newestFirstKey,
  searchCondition,
  positionOf,
  searchAccessFor,
  writeMarkOf,
  type SearchAccess,
  type TermIndex,
} from '../db/search-sql';

/** One hit of a page, before its details are read: newest first across both kinds. */
export interface SearchHitKey {
  kind: SearchKind;
  id: string;
  created_at: string;
}

/**
 * Where a term was found in one field of a hit: `window` is `length` characters of the field from
 * character `start` (1-based), around the match at `position`; `fieldLength` is the field's length.
 */
export interface SnippetSource {
  position: number;
  start: number;
  window: string;
  fieldLength: number;
}

/** The columns of a hit that `GET /admin/search` shows, with the snippet's source (null: none). */
export interface SearchHitDetail {
  id: string;
  slug: string;
  /** Pastes: the remark; files: the filename. */
  title: string | null;
  encrypted: boolean;
  has_password: boolean;
  created_by: string | null;
  created_at: string;
  snippet: SnippetSource | null;
}

/** Characters read before a match for its snippet. */
export const SNIPPET_LEAD = 40;

/** Characters of a field read around a match (the snippet is cut from these). */
export const SNIPPET_WINDOW = 200;

/** A row's snippet columns: the match position, the window and the field's length (SQL, both engines). */
function snippetColumns(engine: DatabaseEngine, column: string, term: string, prefix: string) {
  const position = positionOf(engine, column, term);
  const start = sql<number>`CASE WHEN ${position} > ${sql.lit(SNIPPET_LEAD)} THEN ${position} - ${sql.lit(SNIPPET_LEAD)} ELSE 1 END`;
  return [
    position.as(`${prefix}_position`),
    start.as(`${prefix}_start`),
    sql<string | null>`substr(${sql.ref(column)}, ${start}, ${sql.lit(SNIPPET_WINDOW)})`.as(`${prefix}_window`),
    sql<number | null>`length(${sql.ref(column)})`.as(`${prefix}_length`),
  ] as const;
}

type SnippetRow = Record<string, unknown>;

/** The first field (in `prefixes` order) where the term was found, as a SnippetSource. */
function firstSource(row: SnippetRow, prefixes: readonly string[]): SnippetSource | null {
  for (const prefix of prefixes) {
    const position = Number(row[`${prefix}_position`] ?? 0);
    const window = row[`${prefix}_window`];
    if (position > 0 && typeof window === 'string') {
      return { position, start: Number(row[`${prefix}_start`]), window, fieldLength: Number(row[`${prefix}_length`]) };
    }
  }
  return null;
}

/**
 * SQL of `GET /api/admin/search`: pastes and file shares matching every term, newest first across
 * both kinds, counted and paged in the database; the details and snippet windows of one page's
 * rows only (never any other row's content).
 */
export class SearchRepository {
  private readonly engine: DatabaseEngine;
  /** Which terms the search index narrows (read once; picks plans only). */
  private readonly termIndex: () => Promise<TermIndex>;

  constructor(private readonly db: Kysely<Database>) {
    this.engine = engineOf(db);
    this.termIndex = cachedTermIndex(db, this.engine);
  }

  /** How many rows of one kind match every term. */
  async countOf(terms: readonly string[], kind: SearchKind): Promise<number> {
    const fromIndex = indexOnlyCount(this.engine, kind === 'paste' ? 'pastes' : 'files', terms);
    if (fromIndex !== undefined) return Number((await fromIndex.execute(this.db)).rows[0]?.count ?? 0);
    const compiled =
      kind === 'paste'
        ? this.pasteHits(terms, 'ordered')
            .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
            .compile()
        : this.fileHits(terms, 'ordered')
            .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
            .compile();
    const { rows } = await this.db.executeQuery(compiled);
    return Number(rows[0]?.count ?? 0);
  }

  /** How many pastes and files match (a kind not asked for counts 0). */
  async count(terms: readonly string[], kinds: readonly SearchKind[]): Promise<number> {
    const counts = await Promise.all(kinds.map((kind) => this.countOf(terms, kind)));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** The database's write mark (db/search-sql.ts writeMarkOf): while it stays the same, counts hold. */
  writeMark(): Promise<string | null> {
    return writeMarkOf(this.db, this.engine);
  }

  /**
   * One page of hits, newest first (ties: by id, pastes before files). `matches`: how many rows of
   * each kind match, when known (from the counts): it picks each kind's plan (searchAccessFor), and
   * a kind with none is not read at all.
   *
   * Each kind is read on its own, newest first, up to offset + limit rows (the most the page can
   * take from it), and only those are merged and cut to the page: a dense kind stops after a few
   * rows of its created_at index instead of every match of both kinds being sorted together.
   */
  async page(
    terms: readonly string[],
    kinds: readonly SearchKind[],
    window: { limit: number; offset: number; matches?: Partial<Record<SearchKind, number>> },
  ): Promise<SearchHitKey[]> {
    const { limit, offset, matches } = window;
    const read = kinds.filter((kind) => matches?.[kind] !== 0);
    const known = read.every((kind) => matches?.[kind] !== undefined);
    if (read.length === 0 || (known && read.reduce((sum, kind) => sum + (matches?.[kind] ?? 0), 0) <= offset)) return [];
    const termIndex = await this.termIndex();
    const accessOf = (kind: SearchKind): SearchAccess => {
      const count = matches?.[kind];
      return count === undefined ? 'ordered' : searchAccessFor(terms, count, termIndex);
    };
    const pasteAccess = accessOf('paste');
    const fileAccess = accessOf('file');
    const pasteArm = this.pasteHits(terms, pasteAccess)
      .select([sql<SearchKind>`'paste'`.as('kind'), 'pastes.id as id', 'pastes.created_at as created_at'])
      .orderBy(newestFirstKey(this.engine, 'pastes.created_at', pasteAccess), 'desc')
      .orderBy('pastes.id', 'desc');
    const fileArm = this.fileHits(terms, fileAccess)
      .select([sql<SearchKind>`'file'`.as('kind'), 'files.id as id', 'files.created_at as created_at'])
      .orderBy(newestFirstKey(this.engine, 'files.created_at', fileAccess), 'desc')
      .orderBy('files.id', 'desc');
    const compiled: CompiledQuery<SearchHitKey> =
      read.length === 1
        ? read[0] === 'paste'
          ? pasteArm.limit(limit).offset(offset).compile()
          : fileArm.limit(limit).offset(offset).compile()
        : this.db
            .selectFrom(
              this.db
                .selectFrom(pasteArm.limit(offset + limit).as('paste_hits'))
                .selectAll()
                .unionAll(this.db.selectFrom(fileArm.limit(offset + limit).as('file_hits')).selectAll())
                .as('hits'),
            )
            .selectAll()
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .orderBy('kind', 'desc')
            .limit(limit)
            .offset(offset)
            .compile();
    const { rows } = await this.db.executeQuery(compiled);
    return rows;
  }

  /** Details of the listed pastes, with the snippet source of `term` in the content (unencrypted only), else the remark. */
  async pasteDetails(ids: readonly string[], term: string): Promise<SearchHitDetail[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('pastes')
      .select([
        'id',
        'slug',
        'remark',
        'encryption',
        'password_hash',
        'created_by',
        'created_at',
        ...snippetColumns(this.engine, 'pastes.remark', term, 'remark'),
      ])
      .where('id', 'in', ids)
      .execute();
    // The content's window comes from unencrypted rows only: ciphertext is never read for a snippet.
    const windows = await this.db
      .selectFrom('pastes')
      .select(['id', ...snippetColumns(this.engine, 'pastes.content', term, 'content')])
      .where('id', 'in', ids)
      .where('encryption', 'is', null)
      .execute();
    const contentWindows = new Map(windows.map((row) => [row.id, firstSource(row, ['content'])]));
    return rows.map((row) => {
      const encrypted = row.encryption !== null;
      return {
        id: row.id,
        slug: row.slug,
        title: row.remark,
        encrypted,
        has_password: row.password_hash !== null,
        created_by: row.created_by,
        created_at: row.created_at,
        snippet: encrypted ? null : (contentWindows.get(row.id) ?? firstSource(row, ['remark'])),
      };
    });
  }

  /** Details of the listed files, with the snippet source of `term` in the filename, else the remark. */
  async fileDetails(ids: readonly string[], term: string): Promise<SearchHitDetail[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('files')
      .select([
        'id',
        'slug',
        'filename',
        'password_hash',
        'created_by',
        'created_at',
        ...snippetColumns(this.engine, 'files.filename', term, 'filename'),
        ...snippetColumns(this.engine, 'files.remark', term, 'remark'),
      ])
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.filename,
      encrypted: false,
      has_password: row.password_hash !== null,
      created_by: row.created_by,
      created_at: row.created_at,
      snippet: firstSource(row, ['filename', 'remark']),
    }));
  }

  private pasteHits(terms: readonly string[], access: SearchAccess) {
    const query = this.db.selectFrom('pastes');
    const matches = searchCondition(this.engine, 'pastes', terms, access);
    return matches === undefined ? query : query.where(matches);
  }

  private fileHits(terms: readonly string[], access: SearchAccess) {
    const query = this.db.selectFrom('files');
    const matches = searchCondition(this.engine, 'files', terms, access);
    return matches === undefined ? query : query.where(matches);
  }
}
