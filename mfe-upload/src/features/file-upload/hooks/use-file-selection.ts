import { useCallback, useMemo, useState } from 'react';

/**
 * The files chosen but not started yet, whatever brought them (the file dialog, a drop, a paste,
 * the share sheet): the visitor reviews them and starts the upload with the options of the page.
 */
export function useFileSelection() {
  const [files, setFiles] = useState<File[]>([]);
  const add = useCallback((more: File[]) => {
    if (more.length > 0) setFiles((previous) => [...previous, ...more]);
  }, []);
  const removeAt = useCallback((index: number) => setFiles((previous) => previous.filter((_, position) => position !== index)), []);
  const clear = useCallback(() => setFiles([]), []);
  return useMemo(() => ({ files, add, removeAt, clear }), [files, add, removeAt, clear]);
}

export type FileSelection = ReturnType<typeof useFileSelection>;
