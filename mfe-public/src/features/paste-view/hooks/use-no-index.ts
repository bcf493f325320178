import { useEffect } from 'react';

/**
 * Adds `<meta name="robots" content="noindex">` to the document while `active` (an encrypted or
 * burn-after-reading paste is shown) and removes it when the page leaves: search engines and link
 * previews get nothing of such a paste. Only the element added here is removed.
 */
export function useNoIndex(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    meta.dataset.cloudclip = 'paste-noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, [active]);
}
