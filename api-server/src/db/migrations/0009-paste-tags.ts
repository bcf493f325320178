import { sql, type Kysely } from 'kysely';
import { engineOf } from '../search-sql';

/**
 * Tags on pastes (issue 16, contract rules/paste-tags.ts): `paste_tags`, one row per tag of a paste.
 *
 * - `paste_id`: the paste; its tags go with it (ON DELETE CASCADE), so a delete, a batch delete,
 *   burn's `DELETE … RETURNING` and clearing expired pastes drop them in the same statement
 *   (SQLite enforces foreign keys on every connection, db/database.ts).
 * - `tag`: the tag as stored (normalised by the contract's `normalisePasteTags`).
 * - `tag_key`: `pasteTagKey(tag)`, what tags are compared, filtered and counted by (case-insensitive).
 * - `position`: 0-based, the order the tags were given in.
 *
 * Primary key (paste_id, tag_key): a paste has a tag once, and a page's tags are read by paste id.
 * Index (tag_key, paste_id): the `tag=` filter of the lists and the counts per tag.
 * PostgreSQL compares and sorts `tag_key` byte-wise (`COLLATE "C"`), as SQLite does, so the order
 * of equal counts (by key, code point order) is the same on both.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  const keyType = engineOf(db) === 'PostgreSQL' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema
    .createTable('paste_tags')
    .addColumn('paste_id', 'text', (col) => col.notNull().references('pastes.id').onDelete('cascade'))
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('tag_key', keyType, (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('pk_paste_tags', ['paste_id', 'tag_key'])
    .execute();
  await db.schema.createIndex('idx_paste_tags_key').on('paste_tags').columns(['tag_key', 'paste_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_paste_tags_key').ifExists().execute();
  await db.schema.dropTable('paste_tags').ifExists().execute();
}
