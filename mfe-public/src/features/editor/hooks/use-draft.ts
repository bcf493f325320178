import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { addListeners } from '@cloudclip/shared-kernel';
import { createDraftStore, DraftAutosaver, type DraftSaveResult } from '../stores/draft-store';

export type DraftStatus =
  { kind: 'idle' } | { kind: 'restored' } | { kind: 'autosaved'; at: number } | { kind: 'saved'; at: number } | { kind: 'failed' };

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The editor document with its local draft: restored on load, auto-saved while typing, written at
 * once on Save and when the page is hidden or closed, removed on Clear.
 */
export function useDraft() {
  const store = useMemo(() => createDraftStore(browserStorage()), []);
  const [initial] = useState(() => store.load());
  const [content, setContentState] = useState(initial);
  const [status, setStatus] = useState<DraftStatus>(initial.trim() ? { kind: 'restored' } : { kind: 'idle' });

  const report = useCallback((result: DraftSaveResult, explicit: boolean) => {
    if (result === 'failed') setStatus({ kind: 'failed' });
    else if (result === 'saved') setStatus({ kind: explicit ? 'saved' : 'autosaved', at: Date.now() });
    else setStatus({ kind: 'idle' });
  }, []);

  const autosaver = useRef<DraftAutosaver | null>(null);
  autosaver.current ??= new DraftAutosaver(store, (result) => report(result, false));

  useEffect(() => {
    const saver = autosaver.current!;
    const flush = () => saver.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const removeWindowListeners = addListeners(window, { pagehide: flush, beforeunload: flush });
    const removeDocumentListeners = addListeners(document, { visibilitychange: onVisibility });
    return () => {
      removeWindowListeners();
      removeDocumentListeners();
      flush();
    };
  }, []);

  const setContent = useCallback((next: string) => {
    setContentState(next);
    autosaver.current!.schedule(next);
  }, []);

  /** Explicit save (the Save button). */
  const saveNow = useCallback(() => {
    autosaver.current!.cancel();
    report(store.save(content), true);
  }, [content, report, store]);

  /** Replaces the document (import) and saves it at once. */
  const replace = useCallback(
    (next: string) => {
      setContentState(next);
      autosaver.current!.cancel();
      report(store.save(next), false);
    },
    [report, store],
  );

  const clear = useCallback(() => {
    autosaver.current!.cancel();
    store.clear();
    setContentState('');
    setStatus({ kind: 'idle' });
  }, [store]);

  return { content, setContent, saveNow, replace, clear, status };
}
