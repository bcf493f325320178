import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, useKernel, validateSearchQuery, type AdminSearchHit } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { validationMessage } from '../../../lib/validation';
import { appendHits, searchPage } from '../api/search-hits';

/** How long the typing must pause before the search is sent. */
export const GLOBAL_SEARCH_DEBOUNCE_MS = 300;

/**
 * - `idle`: nothing searched (blank box);
 * - `loading`: the first page of a search is on its way;
 * - `results` / `empty`: the server answered;
 * - `error`: the first page failed (`message` says why, in the user's language);
 * - `invalid`: the query breaks the contract's limits and was not sent (`message` says which).
 */
export type GlobalSearchStatus = 'idle' | 'loading' | 'results' | 'empty' | 'error' | 'invalid';

/**
 * The state of the header's search over every paste and file share (`GET /admin/search`): the text
 * typed, sent after a short pause or at once with `submit`; the hits of the pages loaded so far and
 * `more` for the next page. A search replaced by a newer one is aborted and its answer ignored.
 */
export function useGlobalSearch() {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<AdminSearchHit[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [totalPages, setTotalPages] = useState(0);
  const [status, setStatus] = useState<GlobalSearchStatus>('idle');
  const [message, setMessage] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Forgets the pending pause and aborts the search on its way. */
  const stop = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const load = useCallback(
    async (q: string, nextPage: number) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      if (nextPage === 1) setStatus('loading');
      else setLoadingMore(true);
      setMessage('');
      try {
        const data = await searchPage(kernel.api.search, q, nextPage, controller.signal);
        if (controller.signal.aborted) return;
        const items = data?.items ?? [];
        setHits((listed) => (nextPage === 1 ? items : appendHits(listed, items)));
        setQuery(q);
        setPage(nextPage);
        setTotal(data?.pagination?.total ?? items.length);
        setTotalPages(data?.pagination?.totalPages ?? nextPage);
        if (nextPage === 1) setStatus(items.length ? 'results' : 'empty');
      } catch (error) {
        if (controller.signal.aborted) return;
        setMessage(errorText(error, t('globalSearch.failed')));
        if (nextPage === 1) {
          setHits([]);
          setStatus('error');
        }
      } finally {
        if (!controller.signal.aborted) {
          setLoadingMore(false);
          inFlight.current = null;
        }
      }
    },
    [kernel, t],
  );

  /** Searches `value` now (Enter); blank clears, a refused query explains itself and sends nothing. */
  const submit = useCallback(
    (value: string) => {
      stop();
      const checked = validateSearchQuery(value);
      if (!checked.valid) {
        setStatus('invalid');
        setMessage(validationMessage(t, checked.error));
        return;
      }
      if (checked.value === '') {
        setHits([]);
        setQuery('');
        setStatus('idle');
        setMessage('');
        return;
      }
      void load(checked.value, 1);
    },
    [load, stop, t],
  );

  /** The text changed: searched once the typing pauses (cleared at once). */
  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    if (value.trim() === '') submit('');
    else timer.current = setTimeout(() => submit(value), GLOBAL_SEARCH_DEBOUNCE_MS);
  };

  const hasMore = status === 'results' && page < totalPages;
  /** Loads the next page of the current search and appends its hits. */
  const more = () => {
    if (hasMore && !loadingMore) void load(query, page + 1);
  };

  return { text, change, submit, query, hits, total, status, message, hasMore, loadingMore, more };
}

export type GlobalSearchState = ReturnType<typeof useGlobalSearch>;
