import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { SEARCH_QUERY_PARAM, validateSearchQuery, type ValidationError } from '@cloudclip/shared-kernel';

/** How long the typing must pause before a server-side search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search of a query that needs no check: the page-local filter accepts any text. */
function pageFilterOf(text: string) {
  return { valid: true as const, value: text.trim(), error: null };
}

/**
 * The toolbar search of a share table. `serverSide` (the backend lists `"search"`): the search is
 * checked with the contract's rule (a refused one shows its message and changes nothing), then sent as
 * `q` after a short pause in the typing or at once on Enter. Otherwise: today's page-local filter,
 * applied on Enter. Either way a new search starts at page 1 (`onNewSearch`) and is mirrored in the
 * address (`?q=`), which also gives the first search: a global-search hit opens
 * `/text-management?q=<slug>` and every later navigation to such an address applies its `q`.
 */
export function useTableSearch({ serverSide, onNewSearch }: { serverSide: boolean; onNewSearch: () => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const check = serverSide ? validateSearchQuery : pageFilterOf;
  const addressQuery = searchParams.get(SEARCH_QUERY_PARAM) ?? '';
  const [text, setText] = useState(addressQuery);
  const [applied, setApplied] = useState(() => check(addressQuery).value ?? '');
  const [error, setError] = useState<ValidationError | null>(() => check(addressQuery).error);
  const appliedRef = useRef(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const newSearch = useRef(onNewSearch);
  newSearch.current = onNewSearch;

  const apply = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      const checked = check(value);
      setError(checked.error);
      if (!checked.valid || checked.value === appliedRef.current) return;
      appliedRef.current = checked.value;
      newSearch.current();
      setApplied(checked.value);
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (checked.value) next.set(SEARCH_QUERY_PARAM, checked.value);
          else next.delete(SEARCH_QUERY_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [check, setSearchParams],
  );

  // A navigation to this page's address with another `q` (a global-search hit) applies it.
  useEffect(() => {
    const fromAddress = new URLSearchParams(location.search).get(SEARCH_QUERY_PARAM) ?? '';
    if (fromAddress.trim() === appliedRef.current) return;
    setText(fromAddress);
    apply(fromAddress);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new address counts, not a new `apply`
  }, [location.key]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** The text changed: cleared → applied at once; server-side → applied once the typing pauses. */
  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    if (value.trim() === '') apply('');
    else if (serverSide) timer.current = setTimeout(() => apply(value), SEARCH_DEBOUNCE_MS);
  };

  return {
    serverSide,
    /** What the search box shows. */
    text,
    change,
    /** Enter (or the search button): apply now. */
    submit: apply,
    /** Why the last search was refused (shown under the box), or null. */
    error,
    /** The params ProTable adds to its requests: `q` for the server, else `keyword` for the page. */
    params: serverSide ? { q: applied } : { keyword: applied },
  };
}

export type TableSearchState = ReturnType<typeof useTableSearch>;
