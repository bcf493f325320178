import { useCallback, useEffect, useRef, useState } from 'react';
import type { FsSearchHit } from '@cloudclip/shared-kernel';
import type { FsApi } from '../../../lib/fs-api';
import { errorMessage } from '../../../lib/format';

export interface SearchResultsState {
  /** `idle`: no query; `loading`: the first page is on its way; `ready`; `error`: the first page failed. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: FsSearchHit[];
  /** Every hit on the server (all pages). */
  total: number;
  hasMore: boolean;
  /** A mount below the folder is still being indexed: the hits may be incomplete. */
  incomplete: boolean;
  /** The next page: being loaded, or failed with `moreError`. */
  more: 'idle' | 'loading' | 'error';
  error: string | null;
  moreError: string | null;
}

interface Loaded extends SearchResultsState {
  /** The folder and query these results belong to. */
  key: string;
}

const IDLE: SearchResultsState = {
  status: 'idle',
  items: [],
  total: 0,
  hasMore: false,
  incomplete: false,
  more: 'idle',
  error: null,
  moreError: null,
};

export interface SearchResults extends SearchResultsState {
  /** Loads the next page (nothing when there is none or one is already on its way). */
  loadMore: () => void;
  /** Searches again from the first page. */
  retry: () => void;
}

/**
 * The hits of `query` below `directory`, page by page (`fs.search`). A new folder or query aborts the
 * requests of the previous one, so a late answer never replaces newer results; results of another
 * folder or query are never returned, not even for the render before the new request starts.
 */
export function useSearchResults(fs: FsApi, directory: string, query: string): SearchResults {
  const key = `${directory}\n${query}`;
  const [state, setState] = useState<Loaded>({ ...IDLE, key: '' });
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(state);
  latest.current = state;
  const moreInFlight = useRef(false);

  useEffect(() => {
    moreInFlight.current = false;
    if (!query) {
      setState({ ...IDLE, key });
      return undefined;
    }
    const current = new AbortController();
    controller.current = current;
    setState({ ...IDLE, key, status: 'loading' });
    fs.search({ q: query, path: directory }, current.signal).then(
      (data) =>
        !current.signal.aborted &&
        setState({
          ...IDLE,
          key,
          status: 'ready',
          items: data.items,
          total: data.pagination.total,
          hasMore: data.pagination.hasMore && data.items.length > 0,
          incomplete: data.incomplete,
        }),
      (error: unknown) => !current.signal.aborted && setState({ ...IDLE, key, status: 'error', error: errorMessage(error) }),
    );
    return () => current.abort();
  }, [fs, directory, query, key, attempt]);

  const loadMore = useCallback(() => {
    const loaded = latest.current;
    const current = controller.current;
    if (loaded.key !== key || loaded.status !== 'ready' || !loaded.hasMore || moreInFlight.current || !current) return;
    moreInFlight.current = true;
    setState((previous) => ({ ...previous, more: 'loading', moreError: null }));
    fs.search({ q: query, path: directory, offset: loaded.items.length }, current.signal).then(
      (data) => {
        moreInFlight.current = false;
        if (current.signal.aborted) return;
        setState((previous) =>
          previous.key !== key
            ? previous
            : {
                ...previous,
                items: [...previous.items, ...data.items],
                total: data.pagination.total,
                hasMore: data.pagination.hasMore && data.items.length > 0,
                incomplete: previous.incomplete || data.incomplete,
                more: 'idle',
              },
        );
      },
      (error: unknown) => {
        moreInFlight.current = false;
        if (current.signal.aborted) return;
        setState((previous) => (previous.key !== key ? previous : { ...previous, more: 'error', moreError: errorMessage(error) }));
      },
    );
  }, [fs, directory, query, key]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  if (!query) return { ...IDLE, loadMore, retry };
  if (state.key !== key) return { ...IDLE, status: 'loading', loadMore, retry };
  return { ...state, loadMore, retry };
}
