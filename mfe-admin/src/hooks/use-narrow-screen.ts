import { useEffect, useState } from 'react';

/** Phones: below antd's `md` breakpoint, where ProLayout shows its mobile header and menu drawer. */
export const NARROW_SCREEN = '(max-width: 767px)';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Whether the screen is phone-sized now, following later changes (rotation, resizing). */
export function useNarrowScreen(query: string = NARROW_SCREEN): boolean {
  const [narrow, setNarrow] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    onChange();
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, [query]);
  return narrow;
}
