import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PREVIEW_PARAM } from '../../../config/paths';

/** The file previewed in this folder: the `preview` query parameter of the address. */
export function usePreviewParam() {
  const [search, setSearch] = useSearchParams();

  const close = useCallback(
    () =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(PREVIEW_PARAM);
          return next;
        },
        { replace: false },
      ),
    [setSearch],
  );

  /** After a rename, the preview follows the file under its new name. */
  const follow = useCallback((name: string) => setSearch({ [PREVIEW_PARAM]: name }, { replace: true }), [setSearch]);

  return { name: search.get(PREVIEW_PARAM), close, follow };
}
