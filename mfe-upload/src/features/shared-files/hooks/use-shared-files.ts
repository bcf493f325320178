import { useEffect, useRef, useState } from 'react';
import { SHARE_UNAVAILABLE, sharedItemIdOf, takeSharedItem, type SharedItem } from '@cloudclip/shared-kernel';
import { forgetShareParam } from '../utils/share-address';

/** What became of `?share=<id>`. */
export type SharedFilesState =
  | { status: 'none' }
  | { status: 'taking' }
  /** `count` files were handed over; `text` is what came with them (text, link), not uploaded. */
  | { status: 'taken'; count: number; text: { title: string; text: string; url: string } | null }
  /** The share sheet posted while no service worker was there (`?share=unavailable`). */
  | { status: 'unavailable' }
  /** Taken already, too old, or the browser storage could not be read. */
  | { status: 'gone' };

// One take per id for the page's lifetime: React's strict mode runs the effect twice, and the
// second take of an item finds it gone.
const takes = new Map<string, Promise<SharedItem | null>>();

function take(id: string): Promise<SharedItem | null> {
  let pending = takes.get(id);
  if (!pending) {
    pending = takeSharedItem(id).catch(() => null);
    takes.set(id, pending);
    // Every effect run of this mount has the promise by now (they run back to back).
    void pending.then(() => takes.delete(id));
  }
  return pending;
}

/**
 * `/upload?share=<id>`: takes the item the share sheet or a drop on another page left in the share
 * inbox and hands its files to `onFiles` (the same selection as files chosen by hand). Waits while
 * `enabled` is false (a visitor who may not upload: the item stays for after the login). The
 * `share` parameter leaves the address once the item was taken.
 */
export function useSharedFiles({ enabled, onFiles }: { enabled: boolean; onFiles: (files: File[]) => void }): SharedFilesState {
  const [id] = useState(() => sharedItemIdOf(window.location.search));
  const [state, setState] = useState<SharedFilesState>(() =>
    id === SHARE_UNAVAILABLE ? { status: 'unavailable' } : id ? { status: 'taking' } : { status: 'none' },
  );
  const latestOnFiles = useRef(onFiles);
  latestOnFiles.current = onFiles;

  useEffect(() => {
    if (id === SHARE_UNAVAILABLE) forgetShareParam();
    if (!id || id === SHARE_UNAVAILABLE || !enabled) return undefined;
    let current = true;
    void take(id).then((item) => {
      if (!current) return;
      forgetShareParam();
      const text = item && (item.text.trim() || item.url.trim()) ? { title: item.title, text: item.text, url: item.url } : null;
      if (!item || (item.files.length === 0 && !text)) {
        setState({ status: 'gone' });
        return;
      }
      if (item.files.length > 0) latestOnFiles.current(item.files);
      setState({ status: 'taken', count: item.files.length, text });
    });
    return () => {
      current = false;
    };
  }, [id, enabled]);

  return state;
}
