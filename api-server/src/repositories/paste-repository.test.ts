import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { IN_MEMORY, openSqliteDatabase, type AppDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { PasteRepository } from './paste-repository';

describe('PasteRepository', () => {
  let db: AppDatabase;
  let pastes: PasteRepository;

  beforeEach(async () => {
    db = openSqliteDatabase(IN_MEMORY);
    await migrateToLatest(db);
    pastes = new PasteRepository(db);
  });

  afterEach(async () => {
    await db.destroy();
  });

  const insert = async (fields: { max_views?: number | null; views?: number; content?: string; created_by?: string | null }) => {
    const id = randomUUID();
    await pastes.insert({
      id,
      slug: `s${id.slice(0, 8)}`,
      content: fields.content ?? 'content',
      max_views: fields.max_views ?? null,
      views: fields.views ?? 0,
      created_by: fields.created_by ?? null,
      created_at: '2025-07-01T08:00:00.000Z',
      updated_at: '2025-07-01T08:00:00.000Z',
    });
    return id;
  };

  it('counts a view and returns the new count', async () => {
    const id = await insert({ max_views: 3, views: 1 });
    expect(await pastes.incrementViews(id)).toBe(2);
    expect((await pastes.findById(id))?.views).toBe(2);
  });

  it('refuses to count a view once the limit is reached, so concurrent readers cannot exceed it', async () => {
    const id = await insert({ max_views: 2, views: 2 });
    expect(await pastes.incrementViews(id)).toBeUndefined();
    expect((await pastes.findById(id))?.views).toBe(2);
  });

  it('counts views without limit for max_views null or 0', async () => {
    const unlimited = await insert({ max_views: null, views: 7 });
    const zero = await insert({ max_views: 0, views: 7 });
    expect(await pastes.incrementViews(unlimited)).toBe(8);
    expect(await pastes.incrementViews(zero)).toBe(8);
  });

  it('returns undefined for a row that no longer exists', async () => {
    expect(await pastes.incrementViews(randomUUID())).toBeUndefined();
  });

  it('reads only the head of the content for summaries', async () => {
    await insert({ content: `${'é'.repeat(10)}tail` });
    const [summary] = await pastes.listSummaries({ limit: 10, offset: 0 }, 10);
    expect(summary?.content_head).toBe('é'.repeat(10));
  });

  it('leaves long remarks out of summaries (with their byte count) and reads them one by one', async () => {
    const long = await insert({ content: 'x' });
    await pastes.update(long, { remark: 'é'.repeat(3000) });
    const short = await insert({ content: 'y' });
    await pastes.update(short, { remark: 'hi' });
    const summaries = await pastes.listSummaries({ limit: 10, offset: 0 }, 10);
    expect(summaries.find((row) => row.id === long)).toMatchObject({ remark: null, remark_bytes: 6000 });
    expect(summaries.find((row) => row.id === short)).toMatchObject({ remark: 'hi', remark_bytes: 2 });
    expect(await pastes.remarkOf(long)).toBe('é'.repeat(3000));
  });

  it('sums the UTF-8 bytes of content and remark, per creator and without one row', async () => {
    const a = await insert({ content: 'é', created_by: 'apikey:a' });
    await pastes.update(a, { remark: 'ab' });
    await insert({ content: 'xyz', created_by: 'apikey:b' });
    expect(await pastes.storedBytes()).toBe(7);
    expect(await pastes.storedBytes({ createdBy: 'apikey:a' })).toBe(4);
    expect(await pastes.storedBytes({ exceptId: a })).toBe(3);
    expect(await pastes.storedBytes({ id: a })).toBe(4);
    expect(await pastes.storedBytes({ createdBy: 'apikey:none' })).toBe(0);
    // The excepted row counts only where the filter would have counted it.
    expect(await pastes.storedBytes({ createdBy: 'apikey:b', exceptId: a })).toBe(3);
    expect(await pastes.storedBytes({ createdBy: 'apikey:a', exceptId: a })).toBe(0);
    expect(await pastes.storedBytes({ id: a, exceptId: a })).toBe(0);
    expect(await pastes.storedBytes({ id: a, createdBy: 'apikey:b' })).toBe(0);
    // Edits change the generated column.
    await pastes.update(a, { content: 'ab', remark: 'é' });
    expect(await pastes.storedBytes({ id: a })).toBe(4);
    expect(await pastes.storedBytes()).toBe(7);
  });

  it('sums the stored bytes from the index (created_by, stored_bytes), never the table', async () => {
    const plans = async (query: string) =>
      (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(query)}`.execute(db)).rows.map((row) => row.detail).join(' | ');
    const spy = jest.spyOn(db.getExecutor(), 'executeQuery');
    await insert({ content: 'x', created_by: 'apikey:a' });
    spy.mockClear();
    await pastes.storedBytes();
    await pastes.storedBytes({ createdBy: 'apikey:a', exceptId: 'nope' });
    const statements = spy.mock.calls.map(([query]) => query.sql).filter((text) => /sum\(/.test(text));
    spy.mockRestore();
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const statement of statements.filter((text) => !/\bid = /.test(text))) {
      expect(await plans(statement.replace(/\?/g, "'apikey:a'"))).toMatch(/USING (COVERING )?INDEX idx_pastes_stored_bytes/);
    }
  });

  it('deletes by ids only the rows of the given creator', async () => {
    const mine = await insert({ created_by: 'apikey:a' });
    const theirs = await insert({ created_by: 'apikey:b' });
    expect(await pastes.deleteByIds([mine, theirs, mine], 'apikey:a')).toBe(1);
    expect(await pastes.findById(theirs)).toBeDefined();
  });
});
