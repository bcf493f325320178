import { SEARCH_MAX_TERMS, SEARCH_QUERY_MAX_LENGTH } from '@cloudclip/contract';
import { validateSearchQuery } from './search-query';

describe('validateSearchQuery', () => {
  it('accepts a blank query as no filter', () => {
    expect(validateSearchQuery('')).toEqual({ valid: true, value: '', error: null });
    expect(validateSearchQuery('   ').value).toBe('');
    expect(validateSearchQuery(null).value).toBe('');
    expect(validateSearchQuery(undefined).value).toBe('');
  });

  it('trims an accepted query to what is sent as q', () => {
    expect(validateSearchQuery('  report 2025 ')).toEqual({ valid: true, value: 'report 2025', error: null });
    expect(validateSearchQuery('中文 搜索').value).toBe('中文 搜索');
  });

  it('accepts exactly the longest query and the most terms', () => {
    expect(validateSearchQuery('a'.repeat(SEARCH_QUERY_MAX_LENGTH)).valid).toBe(true);
    expect(validateSearchQuery(Array.from({ length: SEARCH_MAX_TERMS }, () => 'a').join(' ')).valid).toBe(true);
  });

  it('refuses a query one character too long, naming the limit', () => {
    expect(validateSearchQuery('a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1))).toEqual({
      valid: false,
      value: null,
      error: { ns: 'validation', key: 'searchQueryTooLong', params: { max: SEARCH_QUERY_MAX_LENGTH } },
    });
  });

  it('counts characters, not UTF-16 units (200 emoji pass)', () => {
    expect(validateSearchQuery('😀'.repeat(SEARCH_QUERY_MAX_LENGTH)).valid).toBe(true);
  });

  it('refuses one term too many, naming the limit', () => {
    const query = Array.from({ length: SEARCH_MAX_TERMS + 1 }, (_, index) => `t${index}`).join(' ');
    expect(validateSearchQuery(query).error).toEqual({
      ns: 'validation',
      key: 'searchQueryTooManyTerms',
      params: { max: SEARCH_MAX_TERMS },
    });
  });
});
