import { SEARCH_MAX_TERMS, SEARCH_QUERY_MAX_LENGTH, searchQueryProblem, searchTermsOf } from '@cloudclip/contract';
import { HttpError } from '../http/http-error';

/**
 * The terms of a list's or a search's `q` (contract api/search.ts): [] for an absent or blank query
 * (no filter), 400 for a query the contract refuses (too long, too many terms), naming the limit.
 */
export function searchTermsOrRefuse(q: string | undefined): string[] {
  const problem = searchQueryProblem(q);
  if (problem === 'tooLong') throw new HttpError(400, 'search.queryTooLong', { params: { max: SEARCH_QUERY_MAX_LENGTH } });
  if (problem === 'tooManyTerms') throw new HttpError(400, 'search.tooManyTerms', { params: { max: SEARCH_MAX_TERMS } });
  return searchTermsOf(q);
}
