import type { SearchKind } from '@cloudclip/contract';

/** How long a count is reused at most, even while the write mark stays the same (a safety bound). */
export const SEARCH_TOTAL_MAX_AGE_MS = 5000;

/** Most counts kept (the oldest goes first). */
export const SEARCH_TOTAL_MAX_ENTRIES = 500;

export interface SearchTotalsOptions {
  maxAgeMs?: number;
  maxEntries?: number;
  /** Milliseconds, for the age of an entry. */
  now?: () => number;
}

/** What a count counts: the rows of one kind matching every term, within a list's filters. */
export interface CountedRows {
  kind: SearchKind;
  terms: readonly string[];
  /** Only rows of this creator (a key holder's own list, the admin's creator filter); undefined = all. */
  createdBy?: string | undefined;
  /** Pastes: only those with the tag of this key (`pasteTagKey`); undefined = no tag filter. */
  tagKey?: string | undefined;
  /** Files: only those of this storage configuration; undefined = all. */
  s3ConfigId?: string | undefined;
}

interface Entry {
  mark: string;
  at: number;
  count: Promise<number>;
}

/**
 * Counts of `GET /admin/search` and of the paste and file lists (`?q=`, `tag=`, the owner and
 * storage filters) — exact totals are the contract's, and counting a term found in most rows is
 * the dearest part of a search — reused while nothing was written.
 *
 * A count is stored with the database's write mark read before it was counted (SearchRepository
 * .writeMark, db/search-sql.ts writeMarkOf) and reused only while the mark read for a new search is
 * the same: no write has been committed since, by this process or any other on the database, so
 * the count is what counting again would give. Any write moves the mark (a write to any table, so
 * reuse ends more often than needed, never too late). A count is also never reused after
 * SEARCH_TOTAL_MAX_AGE_MS, whatever the mark says. Without a mark (null) nothing is reused.
 *
 * Searches of the same count and mark that arrive while it is being counted wait for that count
 * instead of starting their own. Each count is kept under everything that filters it (CountedRows):
 * a key holder's count is never another's, nor a list's with another tag.
 */
export class SearchTotals {
  private readonly entries = new Map<string, Entry>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: SearchTotalsOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? SEARCH_TOTAL_MAX_AGE_MS;
    this.maxEntries = options.maxEntries ?? SEARCH_TOTAL_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  /** The count of `kind` rows matching `terms` at write mark `mark`: reused, or `count()`ed now. */
  countOf(kind: SearchKind, terms: readonly string[], mark: string | null, count: () => Promise<number>): Promise<number> {
    return this.totalOf({ kind, terms }, mark, count);
  }

  /** The count of `rows` at write mark `mark`: reused, or `count()`ed now. */
  totalOf(rows: CountedRows, mark: string | null, count: () => Promise<number>): Promise<number> {
    if (mark === null) return count();
    // An absent filter is null: never the same key as a filter's value.
    const key = JSON.stringify([rows.kind, rows.createdBy ?? null, rows.tagKey ?? null, rows.s3ConfigId ?? null, ...rows.terms]);
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry !== undefined && entry.mark === mark && now - entry.at < this.maxAgeMs) return entry.count;
    const fresh: Entry = { mark, at: now, count: count() };
    this.entries.delete(key);
    this.entries.set(key, fresh);
    // A failed count is not kept.
    fresh.count.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return fresh.count;
  }

  /** Forgets every count. */
  clear(): void {
    this.entries.clear();
  }

  /** How many counts are kept. */
  get size(): number {
    return this.entries.size;
  }
}
