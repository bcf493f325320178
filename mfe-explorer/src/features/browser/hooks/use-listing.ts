import type { FsApi } from '../../../lib/fs-api';
import { useCallback, useEffect, useState } from 'react';
import type { FsListing } from '@cloudclip/shared-kernel';
import { errorMessage } from '../../../lib/format';

export interface ListingState {
  status: 'loading' | 'ready' | 'error';
  /** The last listing of this directory (kept while reloading, so the list does not flash). */
  listing: FsListing | null;
  error: string | null;
}

/** Lists a directory; `reload` fetches it again (after every change, successful or not). */
export function useListing(fs: FsApi, directory: string): ListingState & { reload: () => void } {
  const [state, setState] = useState<ListingState>({ status: 'loading', listing: null, error: null });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', listing: previous.listing?.path === directory ? previous.listing : null, error: null }));
    fs.list(directory, controller.signal).then(
      (listing) => !controller.signal.aborted && setState({ status: 'ready', listing, error: null }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', listing: null, error: errorMessage(error) }),
    );
    return () => controller.abort();
  }, [fs, directory, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { ...state, reload };
}
