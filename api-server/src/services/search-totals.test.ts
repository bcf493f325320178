import { SearchTotals } from './search-totals';

describe('SearchTotals (counts of the admin search reused while nothing was written)', () => {
  let clock: number;
  let counted: string[];
  let totals: SearchTotals;

  beforeEach(() => {
    clock = 0;
    counted = [];
    totals = new SearchTotals({ maxAgeMs: 1000, maxEntries: 3, now: () => clock });
  });

  const countOf = (kind: 'paste' | 'file', terms: string[], mark: string | null, value = 7) =>
    totals.countOf(kind, terms, mark, async () => {
      counted.push(`${kind}:${terms.join(' ')}@${mark}`);
      return value;
    });

  it('reuses a count of the same kind and terms while the write mark stays the same', async () => {
    expect(await countOf('paste', ['kiwi'], 'm1')).toBe(7);
    expect(await countOf('paste', ['kiwi'], 'm1', 99)).toBe(7);
    expect(counted).toEqual(['paste:kiwi@m1']);
    // Another kind, other terms (their order included) are other counts.
    await countOf('file', ['kiwi'], 'm1');
    await countOf('paste', ['kiwi', 'tea'], 'm1');
    await countOf('paste', ['tea', 'kiwi'], 'm1');
    expect(counted).toHaveLength(4);
  });

  it('keeps a list count under its owner, tag and storage filters, apart from any other filter', async () => {
    totals = new SearchTotals({ now: () => clock });
    let next = 0;
    const totalOf = (rows: Parameters<SearchTotals['totalOf']>[0]) => totals.totalOf(rows, 'm1', () => Promise.resolve((next += 1)));
    expect(await totalOf({ kind: 'paste', terms: ['kiwi'] })).toBe(1);
    expect(await totalOf({ kind: 'paste', terms: ['kiwi'], createdBy: 'apikey:a' })).toBe(2);
    expect(await totalOf({ kind: 'paste', terms: ['kiwi'], createdBy: 'apikey:b' })).toBe(3);
    expect(await totalOf({ kind: 'paste', terms: ['kiwi'], tagKey: 'apikey:a' })).toBe(4);
    expect(await totalOf({ kind: 'paste', terms: ['kiwi'], createdBy: 'apikey:a', tagKey: 'x' })).toBe(5);
    expect(await totalOf({ kind: 'file', terms: ['kiwi'], s3ConfigId: 'apikey:a' })).toBe(6);
    expect(await totalOf({ kind: 'file', terms: [], createdBy: 'apikey:a' })).toBe(7);
    // The same filters again: reused, and the admin search's countOf is the unfiltered count.
    expect(await totalOf({ kind: 'paste', terms: ['kiwi'], createdBy: 'apikey:b' })).toBe(3);
    expect(await totalOf({ kind: 'paste', terms: ['kiwi'], createdBy: undefined, tagKey: undefined })).toBe(1);
    expect(await totals.countOf('paste', ['kiwi'], 'm1', () => Promise.resolve(99))).toBe(1);
    expect(next).toBe(7);
  });

  it('counts again once the mark moved, and again after the maximum age', async () => {
    await countOf('paste', ['kiwi'], 'm1');
    expect(await countOf('paste', ['kiwi'], 'm2', 8)).toBe(8);
    expect(await countOf('paste', ['kiwi'], 'm2', 9)).toBe(8);
    clock = 999;
    expect(await countOf('paste', ['kiwi'], 'm2', 9)).toBe(8);
    clock = 1000;
    expect(await countOf('paste', ['kiwi'], 'm2', 9)).toBe(9);
    expect(counted).toEqual(['paste:kiwi@m1', 'paste:kiwi@m2', 'paste:kiwi@m2']);
  });

  it('never reuses a count without a mark', async () => {
    await countOf('paste', ['kiwi'], null);
    await countOf('paste', ['kiwi'], null);
    expect(counted).toHaveLength(2);
    expect(totals.size).toBe(0);
  });

  it('lets searches that arrive during a count wait for it, and keeps no failed count', async () => {
    let finish: (value: number) => void = () => undefined;
    const pending = totals.countOf('paste', ['kiwi'], 'm1', () => new Promise<number>((resolve) => (finish = resolve)));
    const joined = countOf('paste', ['kiwi'], 'm1', 5);
    finish(3);
    expect(await Promise.all([pending, joined])).toEqual([3, 3]);
    expect(counted).toEqual([]);

    await expect(totals.countOf('file', ['kiwi'], 'm1', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await countOf('file', ['kiwi'], 'm1', 4)).toBe(4);
  });

  it('keeps at most maxEntries counts, dropping the oldest', async () => {
    for (const term of ['a1', 'b2', 'c3', 'd4']) await countOf('paste', [term], 'm1');
    expect(totals.size).toBe(3);
    await countOf('paste', ['d4'], 'm1');
    await countOf('paste', ['a1'], 'm1');
    expect(counted).toEqual(['paste:a1@m1', 'paste:b2@m1', 'paste:c3@m1', 'paste:d4@m1', 'paste:a1@m1']);
  });
});
