import { findAll, firstMatchFrom, itemRanges, MAX_MATCHES, pageTextOf, queryPattern, stepMatch, type PageText } from './find';

const page = (...items: [string, boolean?][]) => pageTextOf(items.map(([str, hasEOL]) => ({ str, hasEOL: !!hasEOL })));

describe('find index', () => {
  it('joins a page’s items, a line break after an item that ends a line, and records where each starts', () => {
    const text = pageTextOf([{ str: 'Hello ' }, { type: 'beginMarkedContent' } as never, { str: 'world', hasEOL: true }, { str: 'next' }]);
    expect(text.text).toBe('Hello world\nnext');
    expect(text.starts).toEqual([0, 6, 12]);
  });

  it('finds case-insensitively on every page, in page order, and across a line break', () => {
    const pages = new Map<number, PageText>([
      [2, page(['Revenue grew on page two'])],
      [1, page(['Report: Page one'])],
      [3, page(['closing', true], ['notes'])],
    ]);
    const matches = findAll(pages, 'page');
    expect(matches.map((m) => [m.page, m.start])).toEqual([
      [1, 8],
      [2, 16],
    ]);
    expect(findAll(pages, 'closing notes')).toEqual([{ page: 3, start: 0, end: 13 }]);
    expect(findAll(pages, '   ')).toEqual([]);
  });

  it('takes regular-expression characters literally', () => {
    const pages = new Map([[1, page(['cost (a+b) * 2 and aab'])]]);
    expect(findAll(pages, '(a+b)')).toHaveLength(1);
    expect(findAll(pages, 'a+b')).toHaveLength(1);
    expect(queryPattern('.*')!.test('abc')).toBe(false);
  });

  it('counts at most MAX_MATCHES matches', () => {
    const pages = new Map([[1, page(['a'.repeat(MAX_MATCHES + 50)])]]);
    expect(findAll(pages, 'a')).toHaveLength(MAX_MATCHES);
  });

  it('splits a match over the spans it covers', () => {
    const text = page(['Hello '], ['wor'], ['ld!']);
    const lengths = [6, 3, 3];
    expect(itemRanges(text, { start: 4, end: 11 }, lengths)).toEqual([
      { item: 0, from: 4, to: 6 },
      { item: 1, from: 0, to: 3 },
      { item: 2, from: 0, to: 2 },
    ]);
  });

  it('steps to the next and previous match, wrapping around, starting from the reader’s page', () => {
    expect(stepMatch(-1, 3, 1)).toBe(0);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(-1);
    const matches = [
      { page: 1, start: 0, end: 1 },
      { page: 4, start: 0, end: 1 },
    ];
    expect(firstMatchFrom(matches, 3)).toBe(1);
    expect(firstMatchFrom(matches, 9)).toBe(0);
  });
});
