/**
 * What the slides viewer draws: a deck read from a .pptx or an .odp, independent of the format.
 * Positions are percentages of the slide; font sizes are points (drawn relative to the slide's width).
 */
import { imageTypeOf, type PackageParts } from '../../lib/package-zip';

export interface Box {
  /** Left, top, width and height in % of the slide's width (x, w) and height (y, h). */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Clockwise, in degrees. */
  rotation?: number;
}

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** Points. */
  size?: number;
  /** A CSS colour (#rrggbb). */
  color?: string;
  /** A line break inside the paragraph (text is empty). */
  lineBreak?: boolean;
}

export interface Paragraph {
  runs: Run[];
  /** 0-based outline level (indent). */
  level: number;
  /** The bullet's text ("•", "1.") when the paragraph has one. */
  bullet?: string;
  align?: 'left' | 'center' | 'right' | 'justify';
}

export interface TextItem {
  type: 'text';
  box: Box;
  paragraphs: Paragraph[];
  fill?: string;
  border?: string;
  shape?: 'rect' | 'ellipse' | 'round';
  anchor?: 'top' | 'middle' | 'bottom';
  /** Lines do not wrap (PowerPoint's wrap="none"). */
  nowrap?: boolean;
  /** Points, for runs without their own size. */
  defaultSize?: number;
}

export interface ImageItem {
  type: 'image';
  box: Box;
  /** The picture's part in the package; the viewer makes the blob: URL when the slide is shown. */
  part: string;
  alt: string;
}

export interface TableItem {
  type: 'table';
  box: Box;
  rows: { cells: { paragraphs: Paragraph[]; colSpan?: number; rowSpan?: number; fill?: string }[] }[];
}

/**
 * A table cell spanning `columns` and `rows` (absent, unreadable or 1: no span), at most 100 columns
 * and 1000 rows.
 */
export function tableCell(
  paragraphs: Paragraph[],
  columns: number | null | undefined,
  rows: number | null | undefined,
): TableItem['rows'][number]['cells'][number] {
  const cell: TableItem['rows'][number]['cells'][number] = { paragraphs };
  if (columns && columns > 1) cell.colSpan = Math.min(100, columns);
  if (rows && rows > 1) cell.rowSpan = Math.min(1000, rows);
  return cell;
}

/** Whether a text item draws anything: some paragraph, a fill or a border. */
export function drawsSomething(item: TextItem): boolean {
  return item.paragraphs.length > 0 || Boolean(item.fill) || Boolean(item.border);
}

/** Whether any run of the paragraphs has text (a body without any, an unused placeholder, draws nothing). */
export function hasText(paragraphs: Paragraph[]): boolean {
  return paragraphs.some((paragraph) => paragraph.runs.some((run) => run.text));
}

export type SlideItem = TextItem | ImageItem | TableItem;

export interface Slide {
  background?: string;
  /** A picture filling the background (a part path). */
  backgroundPart?: string;
  items: SlideItem[];
  /** The slide's title (the first text). */
  title: string;
  /** The slide's part could not be read (shown empty, with a note). */
  unreadable?: boolean;
}

/** Slides read on demand and kept; the first one is read at once so a damaged deck fails early. */
export function lazySlides(count: number, read: (index: number) => Slide): (index: number) => Slide {
  const cache = new Map<number, Slide>();
  const slide = (index: number): Slide => {
    let found = cache.get(index);
    if (!found) {
      try {
        found = read(index);
      } catch {
        found = { items: [], title: '', unreadable: true };
      }
      cache.set(index, found);
    }
    return found;
  };
  return slide;
}

export interface Deck {
  /** The slide's size in points (only the ratio and the font scale matter). */
  width: number;
  height: number;
  /** How many slides are shown (at most MAX_SLIDES). */
  count: number;
  /**
   * A slide, read when first asked for (a long deck shows its first slide at once); a slide that
   * cannot be read comes back empty and marked `unreadable`.
   */
  slide(index: number): Slide;
  /** Slides in the file beyond MAX_SLIDES, not read. */
  omitted: number;
  /** The image parts' bytes as Blobs, by part path. */
  image(part: string): Blob | null;
}

/** Most slides read from one file; more are left out (the counter says how many are shown). */
export const MAX_SLIDES = 500;

/**
 * The deck of a file whose slides are `all` (pages, part paths): the first MAX_SLIDES of them, each
 * read by `read` when first asked for. The first is read at once, so a deck whose slides cannot be
 * read is reported damaged, not shown blank.
 */
export function lazyDeck<T>(
  parts: PackageParts,
  size: { width: number; height: number },
  all: T[],
  read: (entry: T, index: number) => Slide,
): Deck {
  const shown = all.slice(0, MAX_SLIDES);
  const readShown = (index: number) => read(shown[index]!, index);
  if (shown.length > 0) readShown(0);
  return {
    width: size.width,
    height: size.height,
    count: shown.length,
    slide: lazySlides(shown.length, readShown),
    omitted: all.length - shown.length,
    image: (part) => parts.blob(part, imageTypeOf(part)),
  };
}
/** Most shapes drawn on one slide. */
export const MAX_ITEMS_PER_SLIDE = 2000;
/** Most characters of text kept per slide. */
export const MAX_TEXT_PER_SLIDE = 100_000;
/** Largest file read into the page. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

/** Image types a browser draws in an <img> (EMF/WMF/TIFF are skipped). */
export const DRAWABLE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/svg+xml', 'image/webp']);

/** Symbol-font bullets (Wingdings, Symbol, OpenSymbol's private-use glyphs) as the Unicode they look like. */
const SYMBOL_BULLETS: Record<string, string> = { '§': '▪', Ø: '➢', ü: '✓', q: '❑', n: '■', l: '●', v: '❖', o: '○', w: '◆', è: '➔', à: '➔' };

/** A bullet character to draw: a symbol font's glyph or a private-use code point becomes a visible one. */
export function bulletGlyph(char: string, font?: string | null): string {
  const first = char.slice(0, 2);
  const code = first.codePointAt(0) ?? 0;
  if (code >= 0xe000 && code <= 0xf8ff) {
    const low = String.fromCharCode(code & 0xff);
    return SYMBOL_BULLETS[low] ?? '•';
  }
  if (font && /wingdings|webdings|symbol/i.test(font)) return SYMBOL_BULLETS[first] ?? '•';
  return first;
}

/** The text of a slide's runs (for titles and tests). */
export function paragraphText(paragraph: Paragraph): string {
  return paragraph.runs.map((run) => (run.lineBreak ? ' ' : run.text)).join('');
}

/** Stops a hostile file's text growing without bound: counts characters kept on a slide. */
export class TextBudget {
  private used = 0;
  take(text: string): string {
    const left = MAX_TEXT_PER_SLIDE - this.used;
    if (left <= 0) return '';
    const kept = text.length > left ? text.slice(0, left) : text;
    this.used += kept.length;
    return kept;
  }
}
