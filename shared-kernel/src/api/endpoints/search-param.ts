/**
 * The `q` a list or search request sends: the trimmed query, or `undefined` (not sent at all) when it
 * is blank, so a request without a search looks exactly like the contract's plain list request and
 * keeps working against a backend that has no search.
 */
export function searchParam(q: string | null | undefined): string | undefined {
  const trimmed = (q ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
}
