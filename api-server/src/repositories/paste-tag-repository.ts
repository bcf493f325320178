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
   */
  async counts(createdBy?: string): Promise<PasteTagCount[]> {
    const owner = createdBy === undefined ? sql`` : sql`WHERE p.created_by = ${createdBy}`;
    const { rows } = await sql<{ tag: string; count: number | string }>`
      SELECT tag, count FROM (
        SELECT t.tag AS tag, t.tag_key AS tag_key, count(*) OVER (PARTITION BY t.tag_key) AS count,
          row_number() OVER (PARTITION BY t.tag_key ORDER BY p.updated_at DESC, p.created_at DESC, p.id DESC) AS spelling
        FROM paste_tags t JOIN pastes p ON p.id = t.paste_id ${owner}
      ) ranked
      WHERE spelling = 1
      ORDER BY count DESC, tag_key`.execute(this.db);
    return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
  }
}
