import { ViewerError } from '../../errors';
import {
  CSS_UNITS,
  effectiveZoom,
  fitWidthZoom,
  MAX_CANVAS_PIXELS,
  MAX_PAGES,
  MAX_WINDOW,
  pageWindow,
  WINDOW_AHEAD,
  MAX_RENDERED_PAGES,
  MAX_ZOOM,
  MIN_ZOOM,
  openOptions,
  outputScale,
  pageTops,
  pagesToRender,
  parsePageInput,
  parseZoomInput,
  pdfFailure,
  RANGE_CHUNK_SIZE,
  visiblePages,
  zoomIn,
  zoomOut,
  zoomPercent,
} from './logic';

describe('page number box', () => {
  it('accepts a page of the document, with spaces or the "n / total" form', () => {
    expect(parsePageInput('3', 100)).toBe(3);
    expect(parsePageInput(' 12 ', 100)).toBe(12);
    expect(parsePageInput('3 / 100', 100)).toBe(3);
    expect(parsePageInput('100', 100)).toBe(100);
  });

  it('refuses what is not a page of this document', () => {
    for (const input of ['0', '101', '', 'abc', '-1', '2.5', '1e3', '3 4']) expect(parsePageInput(input, 100)).toBeNull();
  });
});

describe('zoom', () => {
  it('steps up and down through the levels, from a level between two steps to the nearest one', () => {
    expect(zoomIn(1)).toBe(1.1);
    expect(zoomOut(1)).toBe(0.9);
    expect(zoomIn(1.03)).toBe(1.1);
    expect(zoomOut(1.03)).toBe(1);
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM);
  });

  it('reads a typed percentage, bounded by the zoom range', () => {
    expect(parseZoomInput('150')).toBe(1.5);
    expect(parseZoomInput(' 80 % ')).toBe(0.8);
    expect(parseZoomInput('5%')).toBe(MIN_ZOOM);
    expect(parseZoomInput('9000')).toBe(MAX_ZOOM);
    expect(parseZoomInput('big')).toBeNull();
    expect(parseZoomInput('0')).toBeNull();
    expect(zoomPercent(1.254)).toBe(125);
  });

  it('fits an A4 page (595 pt) to a 390 px phone, leaving the gutter', () => {
    const zoom = fitWidthZoom(390, 595);
    expect(595 * CSS_UNITS * zoom).toBeCloseTo(390 - 16, 5);
    expect(effectiveZoom({ mode: 'fit-width' }, 390, 595)).toBe(zoom);
    expect(effectiveZoom({ mode: 'fixed', value: 2 }, 390, 595)).toBe(2);
    expect(fitWidthZoom(0, 595)).toBe(1);
  });
});

describe('which pages are drawn', () => {
  it('draws the visible pages and two on each side, not the rest of a 100-page document', () => {
    expect(pagesToRender([1], 100)).toEqual([1, 2, 3]);
    expect(pagesToRender([50, 51], 100)).toEqual([48, 49, 50, 51, 52, 53]);
    expect(pagesToRender([100], 100)).toEqual([98, 99, 100]);
  });

  it('never keeps more than the bound of canvases, even with many small pages in view', () => {
    const visible = Array.from({ length: 40 }, (_, i) => i + 1);
    const pages = pagesToRender(visible, 100);
    expect(pages).toHaveLength(MAX_RENDERED_PAGES);
    expect(pages[0]).toBe(1);
  });

  it('keeps only the pages around the viewport in the DOM, however many the document has', () => {
    expect(pageWindow([1], 3)).toEqual([1, 3]);
    expect(pageWindow([50], 100)).toEqual([50 - WINDOW_AHEAD, 50 + WINDOW_AHEAD]);
    const [from, to] = pageWindow(
      Array.from({ length: 500 }, (_, i) => i + 1),
      MAX_PAGES,
    );
    expect(to - from + 1).toBe(MAX_WINDOW);
  });

  it('finds the pages in view and the one taking most of it', () => {
    const heights = [100, 100, 100, 100];
    const tops = pageTops(heights, 10);
    expect(tops).toEqual([10, 120, 230, 340]);
    expect(visiblePages(tops, heights, 0, 150)).toEqual({ pages: [1, 2], current: 1 });
    expect(visiblePages(tops, heights, 100, 150)).toEqual({ pages: [1, 2, 3], current: 2 });
    expect(visiblePages(tops, heights, 1000, 150)).toEqual({ pages: [4], current: 4 });
    // No height yet (not laid out): the page at the scroll position, the next one in a gap.
    expect(visiblePages(tops, heights, 150, 0)).toEqual({ pages: [2], current: 2 });
    expect(visiblePages(tops, heights, 115, 0)).toEqual({ pages: [2], current: 2 });
  });

  it('bounds the canvas of a huge zoom on a dense screen', () => {
    expect(outputScale(800, 1100, 2)).toBe(2);
    const ratio = outputScale(6000, 8000, 3);
    expect(6000 * 8000 * ratio * ratio).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
  });
});

describe('opening options', () => {
  it('reads a file by address in ranges, without fetching ahead or streaming it whole', async () => {
    const options = await openOptions({ name: 'a.pdf', size: 10, url: '/api/files/a/content' });
    expect(options).toMatchObject({
      url: '/api/files/a/content',
      rangeChunkSize: RANGE_CHUNK_SIZE,
      disableAutoFetch: true,
      disableStream: true,
      useSystemFonts: true,
      enableXfa: false,
    });
    expect(options.data).toBeUndefined();
  });

  it('reads a blob source from its bytes', async () => {
    const bytes = new Uint8Array([37, 80, 68, 70]);
    // jsdom's Blob has no arrayBuffer(); browsers' has.
    const blob = Object.assign(new Blob([bytes]), { arrayBuffer: async () => bytes.buffer });
    const options = await openOptions({ name: 'a.pdf', size: 4, blob });
    expect(options.url).toBeUndefined();
    expect(Array.from(options.data ?? [])).toEqual([37, 80, 68, 70]);
  });

  it('has nothing to read without an address or bytes', async () => {
    await expect(openOptions({ name: 'a.pdf', size: 4 })).rejects.toMatchObject({ reason: 'unreachable' });
  });
});

describe('failures', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });
  it('gives the reason the fallback shows for what pdf.js rejected', () => {
    expect(pdfFailure(named('InvalidPDFException')).reason).toBe('damaged');
    expect(pdfFailure(named('FormatError')).reason).toBe('damaged');
    expect(pdfFailure(named('PasswordException')).reason).toBe('encrypted');
    expect(pdfFailure(named('ResponseException')).reason).toBe('unreachable');
    expect(pdfFailure(new TypeError('Failed to fetch')).reason).toBe('unreachable');
    expect(pdfFailure(new Error('Setting up fake worker failed: "Failed to fetch dynamically imported module".')).reason).toBe(
      'chunk-failed',
    );
    expect(pdfFailure(new ViewerError('too-large')).reason).toBe('too-large');
    expect(pdfFailure(named('InvalidPDFException'))).toBeInstanceOf(ViewerError);
  });
});
