import { useCallback, useEffect, useState } from 'react';
import type { CloudclipApi, MountIndexState } from '@cloudclip/shared-kernel';

/** How often a mount's index state is asked again while it is being built. */
export const INDEX_POLL_MS = 1500;

export interface MountIndexView {
  /** The last state read (null until the first answer). */
  state: MountIndexState | null;
  /** Why the state could not be read (the last attempt failed), else null. */
  error: string | null;
  /** Drops the index and crawls the mount again (POST …/index/rebuild), then follows its progress. */
  rebuild: () => Promise<void>;
}

type IndexApi = Pick<CloudclipApi['mounts'], 'indexState' | 'rebuildIndex'>;

/**
 * The filename index of one mount (`GET /admin/mounts/{id}/index`): read once, then again every
 * `pollMs` while it is `building`, so its progress shows; the polling ends when the crawl is done
 * (ready or failed), when a read fails, and when the component goes away (the request is aborted).
 */
export function useMountIndexState(api: IndexApi, mountId: string, pollMs = INDEX_POLL_MS): MountIndexView {
  const [state, setState] = useState<MountIndexState | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Bumped by a rebuild: the reading (and polling) starts over. */
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      api.indexState(mountId, controller.signal).then(
        (next) => {
          if (controller.signal.aborted) return;
          setState(next);
          setError(null);
          if (next.status === 'building') timer = setTimeout(read, pollMs);
        },
        (caught: unknown) => {
          if (!controller.signal.aborted) setError(caught instanceof Error ? caught.message : String(caught));
        },
      );
    };
    if (round === 0) read();
    else timer = setTimeout(read, pollMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, mountId, pollMs, round]);

  const rebuild = useCallback(async () => {
    const next = await api.rebuildIndex(mountId);
    setState(next);
    setError(null);
    setRound((value) => value + 1);
  }, [api, mountId]);

  return { state, error, rebuild };
}
