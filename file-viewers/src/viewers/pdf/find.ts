/** A text item of pdf.js's getTextContent (the fields the find index reads). */
export interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/**
 * The searchable text of one page: the items' strings one after the other (a line break after an
 * item that ends a line), and where each item starts in it. Items are those with a `str`, in order:
 * the same ones, in the same order, pdf.js's TextLayer makes a span for (`textDivs`).
 */
export interface PageText {
  text: string;
  starts: number[];
}

/** The most text indexed per page: a hostile page cannot make the search index grow without bound. */
export const MAX_PAGE_TEXT = 200_000;
/** The most matches counted in the whole document ("1000+" beyond). */
export const MAX_MATCHES = 1000;

export function pageTextOf(items: readonly TextItemLike[]): PageText {
  let text = '';
  const starts: number[] = [];
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    starts.push(text.length);
    if (text.length < MAX_PAGE_TEXT) text += item.str.slice(0, MAX_PAGE_TEXT - text.length);
    if (item.hasEOL) text += '\n';
  }
  return { text, starts };
}

/** One match: page (1-based), and [start, end) in that page's `PageText.text`. */
export interface Match {
  page: number;
  start: number;
  end: number;
}

/**
 * The pattern of a query: case-insensitive, any run of spaces in it matches any run of white space
 * (a phrase broken over two lines is found), regular-expression characters taken literally.
 */
export function queryPattern(query: string): RegExp | null {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(escaped.join('\\s+'), 'giu');
}

/** The matches on one page, at most `limit`. */
export function findInPage(page: number, pageText: PageText, pattern: RegExp, limit: number): Match[] {
  const matches: Match[] = [];
  const regex = new RegExp(pattern.source, pattern.flags);
  for (const found of pageText.text.matchAll(regex)) {
    if (matches.length >= limit) break;
    const start = found.index ?? 0;
    matches.push({ page, start, end: start + found[0].length });
  }
  return matches;
}

/** The matches in every indexed page (pages in order), at most MAX_MATCHES. */
export function findAll(pages: ReadonlyMap<number, PageText>, query: string): Match[] {
  const pattern = queryPattern(query);
  if (!pattern) return [];
  const matches: Match[] = [];
  for (const page of [...pages.keys()].sort((a, b) => a - b)) {
    const left = MAX_MATCHES - matches.length;
    if (left <= 0) break;
    matches.push(...findInPage(page, pages.get(page)!, pattern, left));
  }
  return matches;
}

/** The part of one item (span) a match covers: item index, and [from, to) within its string. */
export interface ItemRange {
  item: number;
  from: number;
  to: number;
}

/** The items a match spans, each with the part of its string that is highlighted. */
export function itemRanges(pageText: PageText, match: Pick<Match, 'start' | 'end'>, itemLengths: readonly number[]): ItemRange[] {
  const ranges: ItemRange[] = [];
  pageText.starts.forEach((itemStart, item) => {
    const length = itemLengths[item] ?? 0;
    const itemEnd = itemStart + length;
    if (length === 0 || itemEnd <= match.start || itemStart >= match.end) return;
    ranges.push({ item, from: Math.max(match.start, itemStart) - itemStart, to: Math.min(match.end, itemEnd) - itemStart });
  });
  return ranges;
}

/** The match to go to from `current` (wrapping around); -1 when there is none. */
export function stepMatch(current: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/** The first match on or after `page` (searching from where the reader is), else the first one. */
export function firstMatchFrom(matches: readonly Match[], page: number): number {
  if (!matches.length) return -1;
  const index = matches.findIndex((match) => match.page >= page);
  return index >= 0 ? index : 0;
}
