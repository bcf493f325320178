import { ViewerError } from '../../errors';
import type { FileSource } from '../../types';

/** CSS pixels per PDF point: "100 %" is the paper's real size on a 96 dpi screen, as in pdf.js's viewer. */
export const CSS_UNITS = 96 / 72;

/** The zoom levels +/− step through (fractions of the real size). */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

/** The zoom: fit the page to the width of the viewer (the default), or a fixed fraction of the real size. */
export type Zoom = { mode: 'fit-width' } | { mode: 'fixed'; value: number };

export const clampZoom = (value: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value));

/** The next step above `current` (a zoom between two steps goes to the next one up). */
export function zoomIn(current: number): number {
  const next = ZOOM_STEPS.find((step) => step > current + 1e-3);
  return next ?? MAX_ZOOM;
}

/** The next step below `current`. */
export function zoomOut(current: number): number {
  for (let i = ZOOM_STEPS.length - 1; i >= 0; i -= 1) if (ZOOM_STEPS[i]! < current - 1e-3) return ZOOM_STEPS[i]!;
  return MIN_ZOOM;
}

/** "125 %" → the percentage shown beside the zoom buttons (rounded). */
export const zoomPercent = (zoom: number): number => Math.round(zoom * 100);

/** Room left and right of the page inside the scroller (CSS px, both sides together). */
export const PAGE_GUTTER = 16;

/**
 * The zoom (fraction of the real size) at which a page `pageWidthPt` points wide fills a viewer
 * `containerWidth` CSS pixels wide, minus the gutter. Bounded by the zoom range.
 */
export function fitWidthZoom(containerWidth: number, pageWidthPt: number): number {
  if (!(containerWidth > 0) || !(pageWidthPt > 0)) return 1;
  return clampZoom((containerWidth - PAGE_GUTTER) / (pageWidthPt * CSS_UNITS));
}

/** The zoom in effect: fit width needs the container's and the first page's width. */
export function effectiveZoom(zoom: Zoom, containerWidth: number, pageWidthPt: number): number {
  return zoom.mode === 'fit-width' ? fitWidthZoom(containerWidth, pageWidthPt) : clampZoom(zoom.value);
}

/**
 * What the reader typed in the page box ("3", " 12 ", "3 / 100"), as a page number within
 * [1, pageCount], or null when it is not a page of this document.
 */
export function parsePageInput(input: string, pageCount: number): number | null {
  const match = /^\s*(\d{1,7})\s*(?:\/\s*\d*\s*)?$/.exec(input);
  if (!match) return null;
  const page = Number(match[1]);
  return page >= 1 && page <= pageCount ? page : null;
}

/** A percentage typed in the zoom box ("150", "150%", "150 %") as a zoom, or null. */
export function parseZoomInput(input: string): number | null {
  const match = /^\s*(\d{1,4}(?:\.\d+)?)\s*%?\s*$/.exec(input);
  if (!match) return null;
  const value = Number(match[1]) / 100;
  return value > 0 ? clampZoom(value) : null;
}

/** The most pages a document shows (a file claiming millions of pages cannot exhaust the tab). */
export const MAX_PAGES = 50_000;
/** Pages kept in the DOM (as empty sheets, or drawn) on each side of the visible ones. */
export const WINDOW_AHEAD = 6;
/** The most pages in the DOM at once. */
export const MAX_WINDOW = 120;

/** The first and last page (1-based) to have in the DOM: the visible ones and WINDOW_AHEAD around them. */
export function pageWindow(visible: readonly number[], pageCount: number): [number, number] {
  if (pageCount < 1) return [1, 0];
  const first = visible.length ? Math.max(1, Math.min(...visible)) : 1;
  const last = visible.length ? Math.min(pageCount, Math.max(...visible)) : 1;
  const from = Math.max(1, first - WINDOW_AHEAD);
  const to = Math.min(pageCount, last + WINDOW_AHEAD, from + MAX_WINDOW - 1);
  return [from, to];
}

/** Pages kept rendered on each side of the visible ones, and the most canvases alive at once. */
export const RENDER_AHEAD = 2;
export const MAX_RENDERED_PAGES = 12;

/**
 * The pages to have rendered: the visible ones and `RENDER_AHEAD` on each side, at most
 * `MAX_RENDERED_PAGES` (nearest the first visible page first). Pages are 1-based.
 */
export function pagesToRender(visible: readonly number[], pageCount: number): number[] {
  if (pageCount < 1) return [];
  const shown = visible.filter((page) => page >= 1 && page <= pageCount);
  const first = shown.length ? Math.min(...shown) : 1;
  const last = shown.length ? Math.max(...shown) : 1;
  const from = Math.max(1, first - RENDER_AHEAD);
  const to = Math.min(pageCount, last + RENDER_AHEAD);
  const pages: number[] = [];
  for (let page = from; page <= to; page += 1) pages.push(page);
  pages.sort((a, b) => Math.abs(a - first) - Math.abs(b - first) || a - b);
  return pages.slice(0, MAX_RENDERED_PAGES).sort((a, b) => a - b);
}

/** The largest canvas a page gets (pixels), whatever the zoom and the screen's pixel ratio. */
export const MAX_CANVAS_PIXELS = 16_777_216; // 4096 × 4096

/** The canvas's pixel ratio for a page of `cssWidth` × `cssHeight` at the screen's `devicePixelRatio`. */
export function outputScale(cssWidth: number, cssHeight: number, devicePixelRatio: number): number {
  const ratio = devicePixelRatio > 0 ? devicePixelRatio : 1;
  const area = cssWidth * cssHeight * ratio * ratio;
  return area > MAX_CANVAS_PIXELS ? Math.sqrt(MAX_CANVAS_PIXELS / (cssWidth * cssHeight)) : ratio;
}

/** Bytes fetched per range request when the file is read by address (pdf.js's default is 64 KB). */
export const RANGE_CHUNK_SIZE = 131_072;

/** Options of pdf.js's getDocument that are ours to choose (the edge adds the worker and factories). */
export interface PdfOpenOptions {
  url?: string;
  data?: Uint8Array;
  rangeChunkSize: number;
  disableAutoFetch: boolean;
  disableStream: boolean;
  withCredentials: boolean;
  useSystemFonts: boolean;
  enableXfa: boolean;
  stopAtErrors: boolean;
  maxImageSize: number;
  verbosity: number;
}

/**
 * How to open the file: by address with range requests (only the chunks the shown pages need; no
 * fetching ahead, no streaming of the whole file), or from bytes for a blob source. Nothing else is
 * ever fetched: fonts a file does not embed fall back to the system's, CMaps come from the bundle.
 */
export async function openOptions(source: FileSource): Promise<PdfOpenOptions> {
  const base = {
    rangeChunkSize: RANGE_CHUNK_SIZE,
    disableAutoFetch: true,
    disableStream: true,
    withCredentials: false,
    useSystemFonts: true,
    enableXfa: false,
    stopAtErrors: false,
    // Images above 100 megapixels are skipped rather than decoded (a hostile file cannot eat memory).
    maxImageSize: 100_000_000,
    verbosity: 0,
  };
  if (source.url) return { ...base, url: source.url };
  if (source.blob) return { ...base, data: new Uint8Array(await source.blob.arrayBuffer()) };
  throw new ViewerError('unreachable');
}

/** The reason to fall back to the download for what pdf.js rejected the document with. */
export function pdfFailure(error: unknown): ViewerError {
  if (error instanceof ViewerError) return error;
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'PasswordException') return new ViewerError('encrypted');
  // Neither the worker nor its main-thread stand-in could load: the previewer's code did not come.
  if (/fake worker failed|worker was destroyed/i.test((error as Error | null)?.message ?? ''))
    return new ViewerError('chunk-failed', (error as Error).message);
  if (/^(?:ResponseException|MissingPDFException|UnexpectedResponseException)$/.test(name))
    return new ViewerError('unreachable', (error as Error).message);
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return new ViewerError('unreachable', error.message);
  return new ViewerError('damaged', (error as Error | null)?.message);
}

/** The space above the first page and between pages (CSS px). */
export const PAGE_GAP = 12;

/** The top of each page in the scroller, from the pages' heights (CSS px). */
export function pageTops(heights: readonly number[], gap = PAGE_GAP): number[] {
  const tops: number[] = [];
  let top = gap;
  for (const height of heights) {
    tops.push(top);
    top += height + gap;
  }
  return tops;
}

/**
 * The pages in view (1-based, first to last) and the current one: the page taking the most of the
 * viewport (the first of equals). With no viewport height yet, the page at the scroll position.
 */
export function visiblePages(
  tops: readonly number[],
  heights: readonly number[],
  scrollTop: number,
  viewportHeight: number,
): { pages: number[]; current: number } {
  const bottom = scrollTop + Math.max(viewportHeight, 1);
  const pages: number[] = [];
  let current = 0;
  let best = -1;
  for (let i = 0; i < tops.length; i += 1) {
    const top = tops[i]!;
    const end = top + (heights[i] ?? 0);
    if (end < scrollTop) continue;
    if (top > bottom) break;
    pages.push(i + 1);
    const shown = Math.min(end, bottom) - Math.max(top, scrollTop);
    if (shown > best) {
      best = shown;
      current = i + 1;
    }
  }
  if (!pages.length && tops.length) {
    // In the gap between two pages: the next one; past the end: the last one.
    const index = tops.findIndex((top) => top > scrollTop);
    const page = (index < 0 ? tops.length - 1 : index) + 1;
    return { pages: [page], current: page };
  }
  return { pages, current };
}
