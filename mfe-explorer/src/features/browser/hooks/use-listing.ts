import { useCallback, useEffect, useState } from 'react';
import type { FsListing } from '@cloudclip/shared-kernel';
import type { FsApi } from '../../../lib/fs-api';
import { errorMessage } from '../../../lib/format';

export interface ListingState {
  status: 'loading' | 'ready' | 'error';
  /** The last listing of this directory (kept while reloading, so the list does not flash). */
  listing: FsListing | null;
  error: string | null;
}

interface Loaded extends ListingState {
  /** The directory `listing` belongs to. */
  directory: string | null;
}

/**
 * Lists a directory; `reload` fetches it again (after every change, successful or not). A listing of
 * another directory is never returned, not even for the one render before the new request starts.
 */
export function useListing(fs: FsApi, directory: string): ListingState & { reload: () => void } {
  const [state, setState] = useState<Loaded>({ status: 'loading', listing: null, error: null, directory: null });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    fs.list(directory, controller.signal).then(
      (listing) => !controller.signal.aborted && setState({ status: 'ready', listing, error: null, directory }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', listing: null, error: errorMessage(error), directory }),
    );
    return () => controller.abort();
  }, [fs, directory, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  if (state.directory !== directory) return { status: 'loading', listing: null, error: null, reload };
  return { status: state.status, listing: state.listing, error: state.error, reload };
}
