import { SEARCH_MAX_TERMS, SEARCH_QUERY_MAX_LENGTH, searchQueryProblem, searchTermsOf } from './search';

describe('search query rules', () => {
  it('splits a query into its terms on any whitespace and drops empty ones', () => {
    expect(searchTermsOf('  release\tnotes\n 剪贴板 ')).toEqual(['release', 'notes', '剪贴板']);
    expect(searchTermsOf('   ')).toEqual([]);
    expect(searchTermsOf(undefined)).toEqual([]);
  });

  it('accepts a blank query (no filter) and one at the limits', () => {
    expect(searchQueryProblem('')).toBeNull();
    expect(searchQueryProblem(null)).toBeNull();
    expect(searchQueryProblem('x'.repeat(SEARCH_QUERY_MAX_LENGTH))).toBeNull();
    expect(searchQueryProblem(Array.from({ length: SEARCH_MAX_TERMS }, (_, i) => `t${i}`).join(' '))).toBeNull();
  });

  it('refuses a query one character or one term over the limit', () => {
    expect(searchQueryProblem('x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1))).toBe('tooLong');
    expect(searchQueryProblem(Array.from({ length: SEARCH_MAX_TERMS + 1 }, (_, i) => `t${i}`).join(' '))).toBe('tooManyTerms');
  });

  it('counts characters, not UTF-16 units, and ignores the whitespace around the query', () => {
    expect(searchQueryProblem('😀'.repeat(SEARCH_QUERY_MAX_LENGTH))).toBeNull();
    expect(searchQueryProblem(`  ${'x'.repeat(SEARCH_QUERY_MAX_LENGTH)}  `)).toBeNull();
  });
});
