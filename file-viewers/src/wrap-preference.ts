import { useCallback, useState } from 'react';

/** Where the reader's "wrap lines" choice is kept (the same for every text view of the site). */
export const WRAP_PREFERENCE_KEY = 'cloudclip.viewers.code.wrap';

/** The wrap toggle of a text view, remembered in localStorage. */
export function useWrapPreference(): [boolean, (wrap: boolean) => void] {
  const [wrap, setWrap] = useState(() => {
    try {
      return window.localStorage.getItem(WRAP_PREFERENCE_KEY) === '1';
    } catch {
      return false;
    }
  });
  const change = useCallback((next: boolean) => {
    setWrap(next);
    try {
      window.localStorage.setItem(WRAP_PREFERENCE_KEY, next ? '1' : '0');
    } catch {
      // Storage refused (private mode): the choice lasts for this view.
    }
  }, []);
  return [wrap, change];
}
