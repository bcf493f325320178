import type { OffsetPageQuery } from '@cloudclip/contract';

/**
 * The `limit` and `offset` a list request sends: the caller's, each falling back to the list's
 * default page (the constants `FILE_LIST_PAGE`, `USER_PASTE_PAGE` …).
 */
export function offsetPage(query: OffsetPageQuery, defaults: { readonly limit: number; readonly offset: number }) {
  return { limit: query.limit ?? defaults.limit, offset: query.offset ?? defaults.offset };
}
