/** Window maths of the virtualised listing: which rows are drawn for a scroll position. */

export interface WindowInput {
  /** Pixels scrolled inside the list. */
  scrollTop: number;
  /** Visible height of the list. */
  viewportHeight: number;
  /** Fixed height of one row (px). */
  rowHeight: number;
  rowCount: number;
  /** Rows drawn above and below the visible ones. */
  overscan?: number;
}

export interface WindowRange {
  /** First drawn row (inclusive). */
  start: number;
  /** Row after the last drawn one (exclusive). */
  end: number;
  /** Top offset of the first drawn row (px). */
  offsetTop: number;
  /** Height of all rows together (px): the scroll height of the list. */
  totalHeight: number;
}

export function computeWindow({ scrollTop, viewportHeight, rowHeight, rowCount, overscan = 6 }: WindowInput): WindowRange {
  const totalHeight = Math.max(0, rowCount) * rowHeight;
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight: 0 };
  const maxScroll = Math.max(0, totalHeight - viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), maxScroll);
  const firstVisible = Math.floor(top / rowHeight);
  const visibleCount = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight) + 1;
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(rowCount, firstVisible + visibleCount + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** Number of grid columns that fit a width (at least one). */
export function gridColumns(width: number, minCellWidth: number, gap: number): number {
  if (width <= 0 || minCellWidth <= 0) return 1;
  return Math.max(1, Math.floor((width + gap) / (minCellWidth + gap)));
}

/** Rows needed for `count` cells in `columns` columns. */
export function gridRowCount(count: number, columns: number): number {
  return columns <= 0 ? 0 : Math.ceil(Math.max(0, count) / columns);
}

/** The scrollTop that brings row `index` fully into view (unchanged when it already is). */
export function scrollTopToReveal(index: number, rowHeight: number, scrollTop: number, viewportHeight: number): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}
