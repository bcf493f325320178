/**
 * The window of lines a virtualized view renders. Lines have one fixed height. Browsers cap an
 * element's height (Firefox at about 17.9 million px), so above `maxScrollHeight` the scroll range
 * is scaled down: the scroll position maps proportionally onto the lines.
 */
export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  lineCount: number;
  lineHeight: number;
  /** The tallest scroll range used (default MAX_SCROLL_HEIGHT). */
  maxScrollHeight?: number;
  /** Lines rendered beyond each edge of the viewport. */
  overscan?: number;
}

export interface LineWindow {
  /** Height of the scroll range (the spacer). */
  scrollHeight: number;
  /** First line rendered (0-based). */
  first: number;
  /** One past the last line rendered. */
  end: number;
  /** Where the first rendered line goes, in px from the top of the scroll range. */
  top: number;
}

export const MAX_SCROLL_HEIGHT = 15_000_000;

/** How much content one px of scrolling stands for (1 unless the range is scaled). */
export function scrollRatio(lineCount: number, lineHeight: number, viewportHeight: number, maxScrollHeight = MAX_SCROLL_HEIGHT): number {
  const total = lineCount * lineHeight;
  if (total <= maxScrollHeight || maxScrollHeight <= viewportHeight) return 1;
  return (total - viewportHeight) / (maxScrollHeight - viewportHeight);
}

export function lineWindow(input: WindowInput): LineWindow {
  const { viewportHeight, lineCount, lineHeight, maxScrollHeight = MAX_SCROLL_HEIGHT, overscan = 10 } = input;
  const total = lineCount * lineHeight;
  const scrollHeight = Math.min(total, maxScrollHeight);
  const scrollTop = Math.max(0, Math.min(input.scrollTop, Math.max(0, scrollHeight - viewportHeight)));
  const ratio = scrollRatio(lineCount, lineHeight, viewportHeight, maxScrollHeight);
  const contentTop = scrollTop * ratio;
  // (A tiny epsilon: a position computed for a line, scaled back, must land on that line.)
  const firstVisible = Math.floor(contentTop / lineHeight + 1e-7);
  const first = Math.max(0, Math.min(lineCount, firstVisible - overscan));
  const end = Math.max(first, Math.min(lineCount, Math.ceil((contentTop + viewportHeight) / lineHeight) + overscan));
  // The lines sit where the scroll position shows them: unscaled, at their own offset.
  const top = scrollTop + (first * lineHeight - contentTop);
  return { scrollHeight, first, end, top };
}

/** The scroll position that puts line `line` (0-based) at the top of the viewport. */
export function scrollTopForLine(
  line: number,
  lineCount: number,
  lineHeight: number,
  viewportHeight: number,
  maxScrollHeight = MAX_SCROLL_HEIGHT,
): number {
  const ratio = scrollRatio(lineCount, lineHeight, viewportHeight, maxScrollHeight);
  const scrollHeight = Math.min(lineCount * lineHeight, maxScrollHeight);
  const clamped = Math.max(0, Math.min(line, lineCount));
  return Math.max(0, Math.min((clamped * lineHeight) / ratio, Math.max(0, scrollHeight - viewportHeight)));
}
