import { SHARE_QUERY_PARAM } from '@cloudclip/shared-kernel';

/** The same address without `?share=…` (other parameters and the #fragment stay). */
export function withoutShareParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(SHARE_QUERY_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Removes `share` from the address bar in place, so a reload does not take the item again. */
export function forgetShareParam(): void {
  const { href, search } = window.location;
  if (!new URLSearchParams(search).has(SHARE_QUERY_PARAM)) return;
  // Keep the router's state object: only the address changes.
  window.history.replaceState(window.history.state, '', withoutShareParam(href));
}
