import { pasteTagKey, type PasteTagCount } from '@cloudclip/contract';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';

/** Largest number of paste ids put in one `IN (…)` list (a list page has at most 100 rows: one query). */
const ID_CHUNK = 500;

/**
 * The paste lists' `tag=` filter: pastes carrying the tag whose key (`pasteTagKey`) is `tagKey`.
 * Answered by the index (tag_key, paste_id) of migration 0009-paste-tags.
 */
export function pasteHasTagCondition(tagKey: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('pastes.id')} IN (SELECT paste_id FROM paste_tags WHERE tag_key = ${tagKey})`;
}

/**
 * The tags of pastes (contract rules/paste-tags.ts; table `paste_tags`, migration 0009-paste-tags).
 * A paste's tags are written in the transaction that writes the paste: `PasteRepository.tags` of the
 * transaction-bound repository of `withStorageLock`. They go with their paste (foreign key cascade).
 */
export class PasteTagRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Makes `tags` (normalised, duplicates already dropped) the tags of paste `pasteId`, in this order; [] removes them all. */
  async replace(pasteId: string, tags: readonly string[]): Promise<void> {
    await this.db.deleteFrom('paste_tags').where('paste_id', '=', pasteId).execute();
    if (tags.length === 0) return;
    await this.db
      .insertInto('paste_tags')
      .values(tags.map((tag, position) => ({ paste_id: pasteId, tag, tag_key: pasteTagKey(tag), position })))
      .execute();
  }

  /** The tags of each listed paste, in their order, read in one query per 500 ids; a paste without tags is absent. */
  async tagsOf(pasteIds: readonly string[]): Promise<Map<string, string[]>> {
    const tags = new Map<string, string[]>();
    const ids = [...new Set(pasteIds)];
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      const rows = await this.db
        .selectFrom('paste_tags')
        .select(['paste_id', 'tag'])
        .where('paste_id', 'in', ids.slice(start, start + ID_CHUNK))
        .orderBy('paste_id')
        .orderBy('position')
        .execute();
      for (const row of rows) {
        const list = tags.get(row.paste_id);
        if (list === undefined) tags.set(row.paste_id, [row.tag]);
        else list.push(row.tag);
      }
    }
    return tags;
  }

  /**
   * Every tag in use (on `createdBy`'s pastes only, when given) with the number of pastes carrying
   * it, most used first, then by key (code point order). Tags are counted by key, case-insensitively;
   * when spellings differ by case, the one shown is that of the most recently written paste
   * (`updated_at`, then `created_at`, then id). Like the lists, expired pastes not yet removed count.
   *
   * Two reads, so the common case stays cheap: the counts with the lowest and highest spelling of
   * each key (one pass over the tags, grouped by the index's key order), then the newest spelling
   * only for the keys spelled more than one way (a ranking over those keys' rows alone).
   */
  async counts(createdBy?: string): Promise<PasteTagCount[]> {
    const owner = createdBy === undefined ? sql`` : sql`JOIN pastes p ON p.id = t.paste_id WHERE p.created_by = ${createdBy}`;
    const { rows } = await sql<{ tag_key: string; count: number | string; low: string; high: string }>`
      SELECT t.tag_key AS tag_key, count(*) AS count, min(t.tag) AS low, max(t.tag) AS high
      FROM paste_tags t ${owner}
      GROUP BY t.tag_key
      ORDER BY count DESC, t.tag_key`.execute(this.db);
    const mixed = rows.filter((row) => row.low !== row.high).map((row) => row.tag_key);
    const newest = await this.newestSpellings(mixed, createdBy);
    return rows.map((row) => ({ tag: newest.get(row.tag_key) ?? row.low, count: Number(row.count) }));
  }

  /** For each key: the spelling on the most recently written paste carrying it (of `createdBy`'s, when given). */
  private async newestSpellings(keys: readonly string[], createdBy: string | undefined): Promise<Map<string, string>> {
    const spellings = new Map<string, string>();
    const owner = createdBy === undefined ? sql`` : sql`AND p.created_by = ${createdBy}`;
    for (let start = 0; start < keys.length; start += ID_CHUNK) {
      const part = keys.slice(start, start + ID_CHUNK);
      const { rows } = await sql<{ tag_key: string; tag: string }>`
        SELECT tag_key, tag FROM (
          SELECT t.tag_key AS tag_key, t.tag AS tag,
            row_number() OVER (PARTITION BY t.tag_key ORDER BY p.updated_at DESC, p.created_at DESC, p.id DESC) AS spelling
          FROM paste_tags t JOIN pastes p ON p.id = t.paste_id
          WHERE t.tag_key IN (${sql.join(part)}) ${owner}
        ) ranked
        WHERE spelling = 1`.execute(this.db);
      for (const row of rows) spellings.set(row.tag_key, row.tag);
    }
    return spellings;
  }
}
