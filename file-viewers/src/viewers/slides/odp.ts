import { ViewerError } from '../../errors';
import { imageTypeOf, type PackageParts } from '../../lib/package-zip';
import {
  bulletGlyph,
  DRAWABLE_IMAGES,
  drawsSomething,
  hasText,
  lazyDeck,
  MAX_ITEMS_PER_SLIDE,
  paragraphText,
  tableCell,
  TextBudget,
  type Box,
  type Deck,
  type Paragraph,
  type Run,
  type Slide,
  type SlideItem,
  type TableItem,
  type TextItem,
} from './model';
import { attr, child, children, percent } from './xml';

/**
 * An OpenDocument presentation (.odp) read into the viewer's model: content.xml's draw:page
 * elements, their frames (text boxes, pictures, tables) and simple shapes placed by svg:x/y/width/
 * height, text styles (size, bold, italic, colour) through the style chain. The page size comes from
 * styles.xml. (A minimal ODF text reader of its own; the document viewer's ODF helpers may replace it.)
 */

const NS = {
  draw: 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0',
  svg: 'urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0',
  xlink: 'http://www.w3.org/1999/xlink',
  presentation: 'urn:oasis:names:tc:opendocument:xmlns:presentation:1.0',
  style: 'urn:oasis:names:tc:opendocument:xmlns:style:1.0',
  fo: 'urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  table: 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
};

const POINTS_PER: Record<string, number> = { pt: 1, cm: 72 / 2.54, mm: 72 / 25.4, in: 72, pc: 12, px: 0.75 };

/** An ODF length ("2.5cm", "12pt") in points; null when absent or not a length. */
export function lengthInPoints(value: string | null | undefined): number | null {
  const match = value ? /^\s*(-?[\d.]+(?:e-?\d+)?)\s*(pt|cm|mm|in|pc|px)?\s*$/i.exec(value) : null;
  if (!match) return null;
  const number = Number(match[1]);
  const factor = POINTS_PER[(match[2] ?? 'cm').toLowerCase()] ?? 1;
  return Number.isFinite(number) ? number * factor : null;
}

function colour(value: string | null | undefined): string | undefined {
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : undefined;
}

type TextProps = Omit<Run, 'text' | 'lineBreak'>;

/** The styles of content.xml and styles.xml, by family and name, with parent chains. */
class Styles {
  private readonly byName = new Map<string, Element>();
  readonly listStyles = new Map<string, Element>();

  add(doc: Document | null): void {
    if (!doc) return;
    for (const containerName of ['styles', 'automatic-styles', 'master-styles']) {
      for (const container of children(doc.documentElement, containerName)) {
        for (const style of children(container)) {
          const name = attr(style, NS.style, 'name');
          if (!name) continue;
          if (style.localName === 'style') this.byName.set(`${attr(style, NS.style, 'family')}:${name}`, style);
          else if (style.localName === 'list-style') this.listStyles.set(name, style);
          else this.byName.set(`${style.localName}:${name}`, style);
        }
      }
    }
  }

  get(family: string, name: string | null): Element | null {
    return name ? (this.byName.get(`${family}:${name}`) ?? null) : null;
  }

  /** The chain from a style up through its parents (nearest first, bounded). */
  chain(family: string, name: string | null): Element[] {
    const out: Element[] = [];
    let style = this.get(family, name);
    while (style && out.length < 16 && !out.includes(style)) {
      out.push(style);
      style = this.get(family, attr(style, NS.style, 'parent-style-name'));
    }
    return out;
  }

  /** A property of a style's chain: `<style:{properties}>`'s attribute. */
  property(family: string, name: string | null, properties: string, namespace: string, attribute: string): string | null {
    for (const style of this.chain(family, name)) {
      const value = attr(child(style, properties), namespace, attribute);
      if (value) return value;
    }
    return null;
  }

  textProps(family: string, name: string | null): TextProps {
    const props: TextProps = {};
    const read = (namespace: string, attribute: string) => this.property(family, name, 'text-properties', namespace, attribute);
    const size = lengthInPoints(read(NS.fo, 'font-size'));
    if (size && size > 0) props.size = Math.min(4000, size);
    const weight = read(NS.fo, 'font-weight');
    if (weight === 'bold' || Number(weight) >= 600) props.bold = true;
    if (read(NS.fo, 'font-style') === 'italic') props.italic = true;
    const underline = read(NS.style, 'text-underline-style');
    if (underline && underline !== 'none') props.underline = true;
    const textColour = colour(read(NS.fo, 'color'));
    if (textColour) props.color = textColour;
    return props;
  }
}

interface PageContext {
  parts: PackageParts;
  styles: Styles;
  width: number;
  height: number;
  budget: TextBudget;
  items: SlideItem[];
}

function boxOf(element: Element, ctx: PageContext): Box | null {
  let x = lengthInPoints(attr(element, NS.svg, 'x'));
  let y = lengthInPoints(attr(element, NS.svg, 'y'));
  const w = lengthInPoints(attr(element, NS.svg, 'width'));
  const h = lengthInPoints(attr(element, NS.svg, 'height'));
  if (w === null || h === null) return null;
  const box: Box = { x: 0, y: 0, w: percent(w, ctx.width), h: percent(h, ctx.height) };
  const transform = attr(element, NS.draw, 'transform');
  if (transform) {
    const translate = /translate\s*\(\s*([^\s,)]+)[\s,]+([^\s,)]+)\s*\)/.exec(transform);
    if (translate) {
      x = lengthInPoints(translate[1]);
      y = lengthInPoints(translate[2]);
    }
    const rotate = /rotate\s*\(\s*([-\d.e]+)\s*\)/.exec(transform);
    // ODF rotates counter-clockwise, in radians, around the top-left corner; drawn around the centre here.
    if (rotate && Number(rotate[1])) box.rotation = (-Number(rotate[1]) * 180) / Math.PI;
  }
  box.x = percent(x ?? 0, ctx.width);
  box.y = percent(y ?? 0, ctx.height);
  return box;
}

/** The runs of a paragraph element (text:p, text:h, or a span inside one). */
function runsOf(element: Element, base: TextProps, ctx: PageContext, out: Run[], depth = 0): void {
  if (depth > 32) return;
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) {
      const text = ctx.budget.take((node.nodeValue ?? '').replace(/\s+/g, ' '));
      if (text) out.push({ text, ...base });
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    switch (el.localName) {
      case 'span':
        runsOf(el, { ...base, ...ctx.styles.textProps('text', attr(el, NS.text, 'style-name')) }, ctx, out, depth + 1);
        break;
      case 'a':
      case 'meta':
        runsOf(el, base, ctx, out, depth + 1);
        break;
      case 's': {
        const count = Math.max(1, Math.min(100, Number(attr(el, NS.text, 'c') ?? 1) || 1));
        out.push({ text: ctx.budget.take('\u00a0'.repeat(count)), ...base });
        break;
      }
      case 'tab':
        out.push({ text: ctx.budget.take('\u00a0\u00a0\u00a0\u00a0'), ...base });
        break;
      case 'line-break':
        out.push({ text: '', lineBreak: true });
        break;
      case 'note':
      case 'annotation':
      case 'bookmark':
      case 'bookmark-start':
      case 'bookmark-end':
      case 'soft-page-break':
        break;
      default: {
        // Fields (page number, date…) show their current text.
        const text = ctx.budget.take(el.textContent ?? '');
        if (text) out.push({ text, ...base });
      }
    }
  }
}

function paragraphOf(p: Element, level: number, bullet: string | undefined, base: TextProps, ctx: PageContext): Paragraph {
  const styleName = attr(p, NS.text, 'style-name');
  const props = { ...base, ...ctx.styles.textProps('paragraph', styleName) };
  const runs: Run[] = [];
  runsOf(p, props, ctx, runs);
  const paragraph: Paragraph = { runs: runs.length > 0 ? runs : [{ text: '', ...props }], level };
  const hasText = runs.some((run) => run.text.trim() !== '');
  if (bullet && hasText) paragraph.bullet = bullet;
  const align = ctx.styles.property('paragraph', styleName, 'paragraph-properties', NS.fo, 'text-align');
  if (align === 'center') paragraph.align = 'center';
  else if (align === 'end' || align === 'right') paragraph.align = 'right';
  else if (align === 'justify') paragraph.align = 'justify';
  return paragraph;
}

/** Paragraphs of a text container (text-box, shape, cell): text:p, text:h and lists. */
function paragraphsOf(container: Element, base: TextProps, ctx: PageContext, out: Paragraph[]): void {
  for (const element of children(container)) {
    if (out.length >= 5000) return;
    if (element.localName === 'p' || element.localName === 'h') out.push(paragraphOf(element, 0, undefined, base, ctx));
    else if (element.localName === 'list') listParagraphs(element, 0, null, base, ctx, out);
  }
}

/** A text:list's items as bulleted (or numbered) paragraphs; nested lists one level deeper. */
function listParagraphs(list: Element, level: number, inherited: string | null, base: TextProps, ctx: PageContext, out: Paragraph[]): void {
  if (level > 8) return;
  const style = attr(list, NS.text, 'style-name') ?? inherited;
  const levelStyle = children(style ? ctx.styles.listStyles.get(style) : null).find(
    (entry) => Number(attr(entry, NS.text, 'level') ?? 0) === level + 1,
  );
  const numbered = levelStyle?.localName === 'list-level-style-number';
  const char = levelStyle?.localName === 'list-level-style-bullet' ? attr(levelStyle, NS.text, 'bullet-char') : null;
  let n = 0;
  for (const item of children(list)) {
    if (out.length >= 5000) return;
    if (item.localName !== 'list-item' && item.localName !== 'list-header') continue;
    n += 1;
    let first = item.localName === 'list-item';
    for (const part of children(item)) {
      if (part.localName === 'p' || part.localName === 'h') {
        const bullet = first ? (numbered ? `${n}.` : bulletGlyph(char || '•')) : undefined;
        out.push(paragraphOf(part, level, bullet, base, ctx));
        first = false;
      } else if (part.localName === 'list') listParagraphs(part, level + 1, style, base, ctx, out);
    }
  }
}

function drawText(element: Element, styleFamily: string, styleName: string | null, ctx: PageContext): TextItem | null {
  const box = boxOf(element, ctx);
  if (!box) return null;
  const { styles } = ctx;
  const item: TextItem = { type: 'text', box, paragraphs: [] };
  if (styles.property(styleFamily, styleName, 'graphic-properties', NS.draw, 'fill') === 'solid') {
    const fill = colour(styles.property(styleFamily, styleName, 'graphic-properties', NS.draw, 'fill-color'));
    if (fill) item.fill = fill;
  }
  if (styles.property(styleFamily, styleName, 'graphic-properties', NS.draw, 'stroke') === 'solid') {
    const stroke = colour(styles.property(styleFamily, styleName, 'graphic-properties', NS.svg, 'stroke-color'));
    if (stroke) item.border = stroke;
  }
  const anchor = styles.property(styleFamily, styleName, 'graphic-properties', NS.draw, 'textarea-vertical-align');
  if (anchor === 'middle' || anchor === 'bottom') item.anchor = anchor;
  const base = styles.textProps(styleFamily, styleName);
  const outline = attr(element, NS.presentation, 'class') === 'outline';
  const source = child(element, 'text-box') ?? element;
  paragraphsOf(source, base, ctx, item.paragraphs);
  if (outline)
    for (const paragraph of item.paragraphs) if (!paragraph.bullet && paragraph.runs.some((run) => run.text.trim())) paragraph.bullet = '•';
  if (!hasText(item.paragraphs)) item.paragraphs = [];
  return item;
}

function styleOf(element: Element): [string, string | null] {
  const presentation = attr(element, NS.presentation, 'style-name');
  return presentation ? ['presentation', presentation] : ['graphic', attr(element, NS.draw, 'style-name')];
}

function frame(element: Element, ctx: PageContext): void {
  const box = boxOf(element, ctx);
  if (!box) return;
  for (const image of children(element, 'image')) {
    const href = attr(image, NS.xlink, 'href') ?? '';
    // Only pictures inside the package: no scheme, no parent path.
    const part = href.replace(/^\.\//, '');
    if (!part || /^[a-z][a-z0-9+.-]*:/i.test(part) || part.startsWith('/') || part.includes('..')) continue;
    if (!ctx.parts.has(part) || !DRAWABLE_IMAGES.has(imageTypeOf(part))) continue;
    const alt = child(element, 'desc')?.textContent ?? child(element, 'title')?.textContent ?? '';
    ctx.items.push({ type: 'image', box, part, alt: alt.slice(0, 500) });
    return;
  }
  const table = child(element, 'table');
  if (table) {
    const item: TableItem = { type: 'table', box, rows: [] };
    const rows = children(table).flatMap((el) =>
      el.localName === 'table-row' ? [el] : el.localName.endsWith('-rows') ? children(el, 'table-row') : [],
    );
    for (const tr of rows.slice(0, 1000)) {
      const row: TableItem['rows'][number] = { cells: [] };
      for (const tc of children(tr, 'table-cell').slice(0, 100)) {
        const paragraphs: Paragraph[] = [];
        paragraphsOf(tc, {}, ctx, paragraphs);
        const columns = Number(attr(tc, NS.table, 'number-columns-spanned'));
        row.cells.push(tableCell(paragraphs, columns, Number(attr(tc, NS.table, 'number-rows-spanned'))));
      }
      item.rows.push(row);
    }
    ctx.items.push(item);
    return;
  }
  if (child(element, 'text-box')) {
    const [family, name] = styleOf(element);
    const item = drawText(element, family, name, ctx);
    if (item && drawsSomething(item)) ctx.items.push(item);
  }
}

function shape(element: Element, ctx: PageContext): void {
  const [family, name] = styleOf(element);
  const item = drawText(element, family, name, ctx);
  if (!item) return;
  const kind =
    element.localName === 'ellipse' || element.localName === 'circle'
      ? 'ellipse'
      : attr(child(element, 'enhanced-geometry'), NS.draw, 'type');
  if (kind === 'ellipse') item.shape = 'ellipse';
  else if (kind === 'round-rectangle') item.shape = 'round';
  if (drawsSomething(item)) ctx.items.push(item);
}

/** Draws a page's (or master page's) shapes; a master's placeholders (title, footer…) are skipped. */
function walk(container: Element, ctx: PageContext, skipPlaceholders = false, depth = 0): void {
  if (depth > 16) return;
  for (const element of children(container)) {
    if (ctx.items.length >= MAX_ITEMS_PER_SLIDE) return;
    if (skipPlaceholders && attr(element, NS.presentation, 'class')) continue;
    switch (element.localName) {
      case 'frame':
        frame(element, ctx);
        break;
      case 'custom-shape':
      case 'rect':
      case 'ellipse':
      case 'circle':
        shape(element, ctx);
        break;
      case 'g':
        walk(element, ctx, skipPlaceholders, depth + 1);
        break;
      default:
        break;
    }
  }
}

function pageBackground(styles: Styles, styleName: string | null): string | undefined {
  if (styles.property('drawing-page', styleName, 'drawing-page-properties', NS.draw, 'fill') !== 'solid') return undefined;
  return colour(styles.property('drawing-page', styleName, 'drawing-page-properties', NS.draw, 'fill-color'));
}

/** Reads an .odp package; ViewerError damaged when it is not a presentation. */
export function readOdp(parts: PackageParts): Deck {
  const content = parts.xml('content.xml');
  const presentation = content ? children(child(content.documentElement, 'body'), 'presentation')[0] : undefined;
  if (!content || !presentation) throw new ViewerError('damaged', 'no presentation in content.xml');
  const stylesDoc = parts.xml('styles.xml');
  const styles = new Styles();
  styles.add(stylesDoc);
  styles.add(content);
  const pages = children(presentation, 'page');
  const layoutOf = (masterName: string | null): Element | null => {
    const master = styles.get('master-page', masterName);
    return styles.get('page-layout', attr(master, NS.style, 'page-layout-name'));
  };
  const firstLayout =
    layoutOf(attr(pages[0], NS.draw, 'master-page-name')) ??
    (stylesDoc ? (Array.from(stylesDoc.getElementsByTagNameNS(NS.style, 'page-layout'))[0] ?? null) : null);
  const layoutProps = child(firstLayout, 'page-layout-properties');
  const width = lengthInPoints(attr(layoutProps, NS.fo, 'page-width')) || lengthInPoints('28cm')!;
  const height = lengthInPoints(attr(layoutProps, NS.fo, 'page-height')) || lengthInPoints('15.75cm')!;
  const readPage = (page: Element): Slide => {
    const ctx: PageContext = { parts, styles, width, height, budget: new TextBudget(), items: [] };
    const master = styles.get('master-page', attr(page, NS.draw, 'master-page-name'));
    // The master page's own drawings (a logo, a band of colour) lie under the slide's.
    if (master) walk(master, ctx, true);
    walk(page, ctx);
    const background =
      pageBackground(styles, attr(page, NS.draw, 'style-name')) ?? pageBackground(styles, attr(master, NS.draw, 'style-name'));
    const titleFrame = children(page, 'frame').find((frame_) => attr(frame_, NS.presentation, 'class') === 'title');
    const titleText = titleFrame?.textContent?.trim() ?? '';
    const firstText = ctx.items.find((item): item is TextItem => item.type === 'text' && item.paragraphs.length > 0);
    const title = (titleText || (firstText ? firstText.paragraphs.map(paragraphText).join(' ').trim() : '')).slice(0, 200);
    return { items: ctx.items, title, ...(background ? { background } : {}) };
  };
  return lazyDeck(parts, { width, height }, pages, readPage);
}
