import { SEARCH_MAX_TERMS, SEARCH_QUERY_MAX_LENGTH, searchQueryProblem, type SearchQueryProblem } from '@cloudclip/contract';
import { fieldFail, fieldOk, validationError, type FieldResult, type ValidationMessageKey } from './validation-result';

const MESSAGE_OF: Record<SearchQueryProblem, { key: ValidationMessageKey; max: number }> = {
  tooLong: { key: 'searchQueryTooLong', max: SEARCH_QUERY_MAX_LENGTH },
  tooManyTerms: { key: 'searchQueryTooManyTerms', max: SEARCH_MAX_TERMS },
};

/**
 * Checks a search query with the contract's own rule (`searchQueryProblem`, the one the server answers
 * 400 for), so a refused query is explained in the user's language before anything is sent.
 * - blank (`null`, `undefined`, whitespace) → valid, value `''` (no filter);
 * - more than SEARCH_QUERY_MAX_LENGTH characters after trimming → `searchQueryTooLong` (`{{max}}`);
 * - more than SEARCH_MAX_TERMS whitespace-separated terms → `searchQueryTooManyTerms` (`{{max}}`);
 * - otherwise valid, value = the trimmed query (what to send as `q`).
 */
export function validateSearchQuery(input: string | null | undefined): FieldResult<string> {
  const problem = searchQueryProblem(input);
  if (problem) {
    const { key, max } = MESSAGE_OF[problem];
    return fieldFail(validationError(key, { max }));
  }
  return fieldOk((input ?? '').trim());
}
