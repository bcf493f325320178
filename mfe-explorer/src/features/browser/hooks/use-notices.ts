import { useCallback, useRef, useState } from 'react';

export interface Notice {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** Messages shown above the listing (success ones fade after a while, errors stay until dismissed). */
export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((notice) => notice.id !== id)), []);
  const push = useCallback(
    (kind: Notice['kind'], text: string) => {
      const id = next.current++;
      setNotices((list) => [...list.slice(-4), { id, kind, text }]);
      if (kind !== 'error') setTimeout(() => dismiss(id), 8000);
    },
    [dismiss],
  );
  return { notices, push, dismiss };
}
