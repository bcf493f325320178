import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  hasFiles,
  putSharedItem,
  SHARE_QUERY_PARAM,
  SHARE_UNAVAILABLE,
  sharedItemIdOf,
  sharedMarkdownOf,
  takeSharedItem,
  useKernel,
  type SharedItem,
} from '@cloudclip/shared-kernel';

/** What the page says about `?share=…`. */
export type SharedContentNotice =
  /** The shared text is in the editor; `previous` is the draft it replaced (null when there was none). */
  | { kind: 'shared'; previous: string | null }
  /** The writer took the previous draft back. */
  | { kind: 'restored' }
  /** The share sheet posted while no service worker was there to take it. */
  | { kind: 'unavailable' }
  /** No such item (already taken, too old, or the browser storage could not be read). */
  | { kind: 'gone' };

// One take per id for the page's life: React's development double effects, or the page mounted
// again, must not take an item twice (the second take finds nothing).
const takes = new Map<string, Promise<SharedItem | null>>();

function takeOnce(id: string): Promise<SharedItem | null> {
  let taken = takes.get(id);
  if (!taken) {
    taken = takeSharedItem(id).catch(() => null);
    takes.set(id, taken);
  }
  return taken;
}

export interface SharedContentOptions {
  /** The document as it is now. */
  currentText: () => string;
  /** Replaces the document (and saves it as the draft). */
  replace: (next: string) => void;
}

/**
 * `/?share=<id>`: the text or link shared to Cloudclip (kept in the share inbox by the service
 * worker) becomes the editor's document; a draft it replaces can be restored. `share` is removed
 * from the address at once (replace, no new history entry) so a reload does not repeat it. An item
 * with files belongs to the upload page: it is put back and the host is asked to go there.
 */
export function useSharedContent({ currentText, replace }: SharedContentOptions) {
  const kernel = useKernel();
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<SharedContentNotice | null>(null);
  const latest = useRef({ currentText, replace });
  latest.current = { currentText, replace };

  // The address the page opened at: it is cleaned right away, which must not start this again.
  const [opened] = useState(() => ({ ...location, id: sharedItemIdOf(location.search) }));
  const applied = useRef(false);
  useEffect(() => {
    const { id } = opened;
    if (!id || applied.current) return undefined;
    const params = new URLSearchParams(opened.search);
    params.delete(SHARE_QUERY_PARAM);
    const rest = params.toString();
    navigate({ pathname: opened.pathname, search: rest ? `?${rest}` : '', hash: opened.hash }, { replace: true });
    if (id === SHARE_UNAVAILABLE) {
      applied.current = true;
      setNotice({ kind: 'unavailable' });
      return undefined;
    }
    let active = true;
    void takeOnce(id).then(async (item) => {
      if (!active || applied.current) return;
      applied.current = true;
      if (item && hasFiles(item)) {
        const again = await putSharedItem(item).catch(() => null);
        if (again) {
          kernel.bus.emit('navigate', { to: `/upload?${SHARE_QUERY_PARAM}=${encodeURIComponent(again)}`, replace: true });
          return;
        }
      }
      const markdown = item ? sharedMarkdownOf(item) : '';
      if (!markdown) {
        setNotice({ kind: 'gone' });
        return;
      }
      const previous = latest.current.currentText();
      latest.current.replace(markdown);
      setNotice({ kind: 'shared', previous: previous.trim() && previous !== markdown ? previous : null });
    });
    return () => {
      active = false;
    };
  }, [opened, navigate, kernel]);

  const restorePrevious = useCallback(() => {
    if (notice?.kind !== 'shared' || notice.previous === null) return;
    latest.current.replace(notice.previous);
    setNotice({ kind: 'restored' });
  }, [notice]);

  const dismiss = useCallback(() => setNotice(null), []);

  return { notice, restorePrevious, dismiss };
}
