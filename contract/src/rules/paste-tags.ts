/**
 * Cloudclip addition (not in the legacy contract): tags on pastes, the owner's and the admin's own
 * labels for finding pastes again (never shown on the public paste page).
 *
 * A backend that offers them lists `"paste-tags"` in `GET /api/version` → `data.features`.
 *
 * - `tags` on `POST /api/paste` (PasteCreateRequest) and on `PUT /api/{admin,user}/pastes/{slug}`
 *   (PasteUpdateRequest: omitted = keep, `[]` = remove all). Refused tags (pasteTagsProblem) → 400.
 * - `tags` (normalised, in the order given) on the rows of `GET /api/{admin,user}/pastes` and on
 *   the details `GET /api/{admin,user}/pastes/{id}`; `[]` when none.
 * - `tag=` on `GET /api/admin/pastes` and `GET /api/user/pastes`: only pastes with that tag
 *   (compared case-insensitively); combines with `q` and paging.
 * - `GET /api/admin/paste-tags` (admin: every paste) and `GET /api/user/paste-tags` (a key with the
 *   text permission: its own pastes) → 200 E `data` = PasteTagCount[], most used first, then by tag.
 * Tags are metadata the server reads, also on an end-to-end encrypted paste.
 */
export const SERVER_FEATURE_PASTE_TAGS = 'paste-tags';

/** Most tags on one paste. */
export const PASTE_TAGS_MAX = 10;
/** Longest tag, in characters. */
export const PASTE_TAG_MAX_LENGTH = 32;

/** `GET /api/{admin,user}/paste-tags` item. */
export interface PasteTagCount {
  tag: string;
  /** Pastes carrying it (for the caller: all, or the key's own). */
  count: number;
}

export type PasteTagsProblem = 'notAList' | 'notText' | 'empty' | 'tooLong' | 'badCharacter' | 'tooMany';

// Control characters and the comma (the separator a tag input splits on).
// eslint-disable-next-line no-control-regex -- control characters are what is refused here
const BAD_TAG_CHARACTER = /[\u0000-\u001f\u007f,]/u;

/** One tag as stored: trimmed, inner whitespace runs as one space. */
export function normalisePasteTag(tag: string): string {
  return tag.trim().replace(/\s+/gu, ' ');
}

/** The key two tags are the same by (case-insensitive). */
export function pasteTagKey(tag: string): string {
  return normalisePasteTag(tag).toLocaleLowerCase('en-US');
}

/**
 * The tags a request asks for, as the server stores them: each normalised, duplicates (by
 * pasteTagKey) dropped keeping the first spelling, in the order given; or why they are refused.
 */
export function normalisePasteTags(input: unknown): { tags: string[] } | { problem: PasteTagsProblem } {
  if (!Array.isArray(input)) return { problem: 'notAList' };
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const item of input) {
    if (typeof item !== 'string') return { problem: 'notText' };
    const tag = normalisePasteTag(item);
    if (!tag) return { problem: 'empty' };
    if ([...tag].length > PASTE_TAG_MAX_LENGTH) return { problem: 'tooLong' };
    if (BAD_TAG_CHARACTER.test(tag)) return { problem: 'badCharacter' };
    const key = pasteTagKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  if (tags.length > PASTE_TAGS_MAX) return { problem: 'tooMany' };
  return { tags };
}
