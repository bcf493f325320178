import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** A version 1 key: 32 bytes in base64url, 43 characters. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The key of an encrypted paste: the address's fragment (without `#`) when the page opened. A later
 * fragment replaces it only when it has the shape of a key (the reader pasted the complete link):
 * the shell's "skip to content" link (`#cc-main`) or any other in-page anchor must not take the
 * key away from a paste already on screen.
 */
export function useLinkKey(): string {
  const { hash } = useLocation();
  const [key, setKey] = useState(() => hash.slice(1));
  useEffect(() => {
    const next = hash.slice(1);
    if (KEY_SHAPE.test(next)) setKey(next);
  }, [hash]);
  return key;
}
