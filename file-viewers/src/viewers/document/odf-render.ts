/**
 * OpenDocument (ODF) → DOM: text runs, paragraphs, lists, tables, frames (pictures, text boxes) and
 * notes rendered as DOM nodes made here. Nothing from the document is ever parsed as HTML: its text
 * becomes text nodes, its links only http(s)/mailto, its pictures only the package's own parts (as
 * blob: URLs the caller makes). Every walk is bounded (elements, depth).
 */
import { safeLinkHref, odfPicturePath } from './odf-links';
import type { OdfStyles, OdfTextStyle } from './odf-styles';
import { ODF_NS, odfAttr, odfChild, odfChildren } from './odf-xml';

const { office: OFFICE, text: TEXT, table: TABLE, draw: DRAW, svg: SVG, xlink: XLINK } = ODF_NS;

/** What a render needs and keeps: the output document, styles, pictures, and its budget. */
export interface OdfRenderContext {
  /** The document the nodes are made in (the page's). */
  doc: Document;
  styles: OdfStyles;
  /** An address for a package picture path (a blob: URL), or null when it cannot be shown. */
  picture(path: string): string | null;
  /** Elements left to make; at 0 the render stops and sets `truncated`. */
  budget: number;
  truncated: boolean;
  /** Footnotes and endnotes met so far, shown after the text by `renderOdfNotes`. */
  notes: Array<{ citation: string; body: Element }>;
  /** Class name prefix of the nodes made ('cv-odf'). */
  classPrefix: string;
}

export const DEFAULT_ODF_BUDGET = 150_000;
const MAX_DEPTH = 40;
const MAX_SPACES = 200;
const MAX_REPEAT = 200;

export function createOdfContext(
  doc: Document,
  styles: OdfStyles,
  picture: (path: string) => string | null,
  budget = DEFAULT_ODF_BUDGET,
): OdfRenderContext {
  return { doc, styles, picture, budget, truncated: false, notes: [], classPrefix: 'cv-odf' };
}

function make<K extends keyof HTMLElementTagNameMap>(ctx: OdfRenderContext, tag: K): HTMLElementTagNameMap[K] | null {
  if (ctx.budget <= 0) {
    ctx.truncated = true;
    return null;
  }
  ctx.budget -= 1;
  return ctx.doc.createElement(tag);
}

function applyStyle(element: HTMLElement, style: OdfTextStyle): void {
  if (style.bold) element.style.fontWeight = 'bold';
  if (style.italic) element.style.fontStyle = 'italic';
  const lines = [style.underline && 'underline', style.strike && 'line-through'].filter(Boolean).join(' ');
  if (lines) element.style.textDecoration = lines;
  if (style.color) element.style.color = style.color;
  if (style.background) element.style.backgroundColor = style.background;
  if (style.align) element.style.textAlign = style.align;
}

/** Inline elements that carry nothing a reader should see (metadata, marks, change tracking). */
const SKIPPED = new Set([
  `${OFFICE} annotation`,
  `${OFFICE} annotation-end`,
  `${TEXT} bookmark`,
  `${TEXT} bookmark-start`,
  `${TEXT} bookmark-end`,
  `${TEXT} reference-mark`,
  `${TEXT} reference-mark-start`,
  `${TEXT} reference-mark-end`,
  `${TEXT} soft-page-break`,
  `${TEXT} change`,
  `${TEXT} change-start`,
  `${TEXT} change-end`,
  `${TEXT} tracked-changes`,
  `${TEXT} sequence-decls`,
  `${TEXT} variable-decls`,
  `${TEXT} user-field-decls`,
  `${TEXT} alphabetical-index-mark`,
  `${TEXT} toc-mark`,
  `${SVG} title`,
  `${SVG} desc`,
  `${OFFICE} forms`,
  `${OFFICE} event-listeners`,
]);

const key = (element: Element) => `${element.namespaceURI} ${element.localName}`;

/** Appends text with ODF's white-space rule (runs of spaces, tabs and newlines are one space). */
function appendText(ctx: OdfRenderContext, into: Node, text: string, state: InlineState): void {
  let collapsed = text.replace(/[ \t\r\n]+/g, ' ');
  if (state.lastWasSpace && collapsed.startsWith(' ')) collapsed = collapsed.slice(1);
  if (!collapsed) return;
  state.lastWasSpace = collapsed.endsWith(' ');
  into.appendChild(ctx.doc.createTextNode(collapsed));
}

interface InlineState {
  /** The text so far ends in a space (or the paragraph has none yet): a leading space is dropped. */
  lastWasSpace: boolean;
  depth: number;
}

/** Renders the inline content of a paragraph (text, spans, links, spaces, tabs, breaks, frames). */
export function renderOdfInline(ctx: OdfRenderContext, source: Element, into: HTMLElement, state?: InlineState): void {
  const current: InlineState = state ?? { lastWasSpace: true, depth: 0 };
  if (current.depth > MAX_DEPTH) {
    appendText(ctx, into, (source.textContent ?? '').slice(0, 10_000), current);
    return;
  }
  for (const node of Array.from(source.childNodes)) {
    if (ctx.budget <= 0) {
      ctx.truncated = true;
      return;
    }
    if (node.nodeType === 3 || node.nodeType === 4) {
      appendText(ctx, into, node.nodeValue ?? '', current);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (SKIPPED.has(key(element))) continue;
    const child: InlineState = { ...current, depth: current.depth + 1 };
    if (element.namespaceURI === TEXT) {
      switch (element.localName) {
        case 's': {
          const count = Math.max(1, Math.min(MAX_SPACES, Number(odfAttr(element, TEXT, 'c')) || 1));
          into.appendChild(ctx.doc.createTextNode(' '.repeat(count)));
          current.lastWasSpace = true;
          continue;
        }
        case 'tab':
          into.appendChild(ctx.doc.createTextNode('\t'));
          current.lastWasSpace = true;
          continue;
        case 'line-break': {
          const br = make(ctx, 'br');
          if (br) into.appendChild(br);
          current.lastWasSpace = true;
          continue;
        }
        case 'span': {
          const span = make(ctx, 'span');
          if (!span) return;
          const look = ctx.styles.style(odfAttr(element, TEXT, 'style-name'), 'text');
          applyStyle(span, look);
          renderOdfInline(ctx, element, wrapPosition(ctx, span, look), child);
          into.appendChild(span);
          current.lastWasSpace = child.lastWasSpace;
          continue;
        }
        case 'a': {
          const href = safeLinkHref(odfAttr(element, XLINK, 'href'));
          const link = href ? make(ctx, 'a') : make(ctx, 'span');
          if (!link) return;
          if (href && link instanceof HTMLAnchorElement) {
            link.href = href;
            link.target = '_blank';
            link.rel = 'noopener noreferrer nofollow';
            link.title = href;
          }
          link.className = `${ctx.classPrefix}-link`;
          renderOdfInline(ctx, element, link, child);
          into.appendChild(link);
          current.lastWasSpace = child.lastWasSpace;
          continue;
        }
        case 'note': {
          const citation = odfChild(element, TEXT, 'note-citation')?.textContent?.trim() || String(ctx.notes.length + 1);
          const body = odfChild(element, TEXT, 'note-body');
          const sup = make(ctx, 'sup');
          if (!sup) return;
          sup.textContent = citation;
          into.appendChild(sup);
          if (body && ctx.notes.length < 10_000) ctx.notes.push({ citation, body });
          current.lastWasSpace = false;
          continue;
        }
        default:
          break;
      }
    }
    if (element.namespaceURI === DRAW && element.localName === 'frame') {
      renderOdfFrame(ctx, element, into, child.depth);
      current.lastWasSpace = false;
      continue;
    }
    if (element.namespaceURI === DRAW && element.localName === 'a') {
      // A picture with a link: the picture is shown, the link is not followed.
      renderOdfInline(ctx, element, into, child);
      continue;
    }
    if (element.namespaceURI === DRAW) {
      // Shapes (rectangles, custom shapes) may hold text: their paragraphs, inline.
      for (const paragraph of odfChildren(element)) if (paragraph.namespaceURI === TEXT) renderOdfInline(ctx, paragraph, into, child);
      continue;
    }
    // Fields (page number, date, title…) and anything else: the text they show.
    renderOdfInline(ctx, element, into, child);
    current.lastWasSpace = child.lastWasSpace;
  }
}

function wrapPosition(ctx: OdfRenderContext, span: HTMLElement, style: OdfTextStyle): HTMLElement {
  if (!style.position) return span;
  const inner = make(ctx, style.position === 'super' ? 'sup' : 'sub');
  if (!inner) return span;
  span.appendChild(inner);
  return inner;
}

const LENGTH = /^\d+(\.\d+)?(cm|mm|in|pt|pc|px)$/;

/** A frame: its first picture the browser can show, or its text box. */
export function renderOdfFrame(ctx: OdfRenderContext, frame: Element, into: HTMLElement, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  const title = (odfChild(frame, SVG, 'title')?.textContent ?? odfChild(frame, SVG, 'desc')?.textContent ?? '').trim();
  for (const image of odfChildren(frame).filter((child) => child.namespaceURI === DRAW && child.localName === 'image')) {
    const path = odfPicturePath(odfAttr(image, XLINK, 'href'));
    const url = path ? ctx.picture(path) : null;
    if (!url) continue;
    const img = make(ctx, 'img');
    if (!img) return;
    img.src = url;
    img.alt = title || odfAttr(frame, DRAW, 'name');
    img.className = `${ctx.classPrefix}-image`;
    img.loading = 'lazy';
    img.decoding = 'async';
    const width = odfAttr(frame, SVG, 'width');
    if (LENGTH.test(width)) img.style.width = width;
    into.appendChild(img);
    return;
  }
  const textBox = odfChild(frame, DRAW, 'text-box');
  if (textBox) {
    const box = make(ctx, 'span');
    if (!box) return;
    box.className = `${ctx.classPrefix}-text-box`;
    renderOdfBlocks(ctx, textBox, box, depth + 1);
    into.appendChild(box);
  }
}

/** A paragraph or heading (`text:p`, `text:h`) as <p> or <h1>…<h6>. */
export function renderOdfParagraph(ctx: OdfRenderContext, source: Element, depth = 0): HTMLElement | null {
  let element: HTMLElement | null;
  if (source.localName === 'h') {
    const level = Math.max(1, Math.min(6, Number(odfAttr(source, TEXT, 'outline-level')) || 1));
    element = make(ctx, `h${level}` as 'h1');
  } else element = make(ctx, 'p');
  if (!element) return null;
  applyStyle(element, ctx.styles.style(odfAttr(source, TEXT, 'style-name'), 'paragraph'));
  renderOdfInline(ctx, source, element, { lastWasSpace: true, depth: depth + 1 });
  if (!element.hasChildNodes()) element.appendChild(ctx.doc.createElement('br'));
  return element;
}

/** A list (`text:list`), nested lists included, as <ul>/<ol>. */
export function renderOdfList(ctx: OdfRenderContext, source: Element, level = 1, inherited = '', depth = 0): HTMLElement | null {
  const styleName = odfAttr(source, TEXT, 'style-name') || inherited;
  const kind = ctx.styles.listLevel(styleName, level) ?? { ordered: false, format: '1', start: 1 };
  const list = make(ctx, kind.ordered ? 'ol' : 'ul');
  if (!list) return null;
  list.className = `${ctx.classPrefix}-list`;
  if (list instanceof HTMLOListElement) {
    list.type = kind.format;
    if (kind.start !== 1) list.start = kind.start;
  }
  for (const item of odfChildren(source)) {
    if (item.namespaceURI !== TEXT || (item.localName !== 'list-item' && item.localName !== 'list-header')) continue;
    const li = make(ctx, 'li');
    if (!li) break;
    if (item.localName === 'list-header') li.style.listStyleType = 'none';
    const start = Number(odfAttr(item, TEXT, 'start-value'));
    if (start > 0 && start < 1e6) (li as HTMLLIElement).value = start;
    for (const child of odfChildren(item)) {
      if (ctx.budget <= 0) break;
      if (child.namespaceURI === TEXT && child.localName === 'list') {
        if (depth >= MAX_DEPTH) continue;
        const nested = renderOdfList(ctx, child, level + 1, styleName, depth + 1);
        if (nested) li.appendChild(nested);
      } else renderOdfBlock(ctx, child, li, depth + 1);
    }
    list.appendChild(li);
  }
  return list;
}

/** A table (`table:table`) with its rows, header rows, row groups and spanned cells. */
export function renderOdfTable(ctx: OdfRenderContext, source: Element, depth = 0): HTMLElement | null {
  const wrapper = make(ctx, 'div');
  const table = make(ctx, 'table');
  const body = make(ctx, 'tbody');
  if (!wrapper || !table || !body) return null;
  wrapper.className = `${ctx.classPrefix}-table-wrap`;
  table.className = `${ctx.classPrefix}-table`;
  const addRow = (row: Element, header: boolean) => {
    const repeat = Math.max(1, Math.min(MAX_REPEAT, Number(odfAttr(row, TABLE, 'number-rows-repeated')) || 1));
    // Repeated rows are usually empty filler: repeat only rows that hold text.
    const times = row.textContent?.trim() ? repeat : 1;
    for (let index = 0; index < times; index += 1) {
      const tr = make(ctx, 'tr');
      if (!tr) return;
      for (const cell of odfChildren(row)) {
        if (cell.namespaceURI !== TABLE || cell.localName !== 'table-cell') continue;
        const columns = Math.max(1, Math.min(MAX_REPEAT, Number(odfAttr(cell, TABLE, 'number-columns-repeated')) || 1));
        const copies = cell.textContent?.trim() || cell.children.length > 0 ? columns : Math.min(columns, 1);
        for (let copy = 0; copy < copies; copy += 1) {
          const td = make(ctx, header ? 'th' : 'td');
          if (!td) return;
          const colSpan = Number(odfAttr(cell, TABLE, 'number-columns-spanned'));
          const rowSpan = Number(odfAttr(cell, TABLE, 'number-rows-spanned'));
          if (colSpan > 1) td.colSpan = Math.min(colSpan, 1000);
          if (rowSpan > 1) td.rowSpan = Math.min(rowSpan, 65534);
          renderOdfBlocks(ctx, cell, td, depth + 1);
          tr.appendChild(td);
        }
      }
      body.appendChild(tr);
    }
  };
  const walk = (parent: Element, header: boolean, level: number) => {
    for (const child of odfChildren(parent)) {
      if (ctx.budget <= 0) return;
      if (child.namespaceURI !== TABLE) continue;
      if (child.localName === 'table-row') addRow(child, header);
      else if (child.localName === 'table-header-rows' && level < 4) walk(child, true, level + 1);
      else if ((child.localName === 'table-rows' || child.localName === 'table-row-group') && level < 4) walk(child, header, level + 1);
    }
  };
  walk(source, false, 0);
  table.appendChild(body);
  wrapper.appendChild(table);
  return wrapper;
}

/** One block element of a text body (paragraph, heading, list, table, section…) appended to `into`. */
export function renderOdfBlock(ctx: OdfRenderContext, child: Element, into: HTMLElement, depth = 0): void {
  if (ctx.budget <= 0) {
    ctx.truncated = true;
    return;
  }
  if (depth > MAX_DEPTH || SKIPPED.has(key(child))) return;
  if (child.namespaceURI === TEXT) {
    switch (child.localName) {
      case 'p':
      case 'h': {
        const paragraph = renderOdfParagraph(ctx, child, depth);
        if (paragraph) into.appendChild(paragraph);
        return;
      }
      case 'list': {
        const list = renderOdfList(ctx, child, 1, '', depth);
        if (list) into.appendChild(list);
        return;
      }
      case 'section':
      case 'table-of-content':
      case 'illustration-index':
      case 'table-index':
      case 'object-index':
      case 'user-index':
      case 'alphabetical-index':
      case 'bibliography':
      case 'index-body':
      case 'index-title':
        renderOdfBlocks(ctx, child, into, depth + 1);
        return;
      default:
        return;
    }
  }
  if (child.namespaceURI === TABLE && child.localName === 'table') {
    const table = renderOdfTable(ctx, child, depth);
    if (table) into.appendChild(table);
    return;
  }
  if (child.namespaceURI === DRAW && child.localName === 'frame') renderOdfFrame(ctx, child, into, depth);
}

/** The block content of `source` (office:text, a cell, a text box, a note body) appended to `into`. */
export function renderOdfBlocks(ctx: OdfRenderContext, source: Element, into: HTMLElement, depth = 0): void {
  for (const child of odfChildren(source)) {
    if (ctx.budget <= 0) {
      ctx.truncated = true;
      return;
    }
    renderOdfBlock(ctx, child, into, depth);
  }
}

/** The footnotes and endnotes met while rendering, as a list (null when there were none). */
export function renderOdfNotes(ctx: OdfRenderContext): HTMLElement | null {
  if (ctx.notes.length === 0) return null;
  const list = make(ctx, 'ol');
  if (!list) return null;
  list.className = `${ctx.classPrefix}-notes`;
  for (const note of ctx.notes.splice(0)) {
    const item = make(ctx, 'li');
    if (!item) break;
    const number = Number(note.citation);
    if (Number.isInteger(number) && number > 0 && number < 1e6) item.value = number;
    renderOdfBlocks(ctx, note.body, item, 1);
    list.appendChild(item);
  }
  return list;
}
