import { renderDocument, parseAsync, type HElement, type Options } from 'docx-preview';
import { zipSync, type Zippable } from 'fflate';
import { ViewerError } from '../../errors';
import { openPackage } from '../../lib/package-zip';
import { sanitizeStylesheet, sanitizeTree } from './sanitize';
import type { RenderedDocument } from './rendered';
import { checkZipDirectory } from './zip-directory';

/** Class prefix of everything docx-preview makes (its styles are generated under it). */
export const DOCX_CLASS = 'cv-docx';
/** The element the document's styles are scoped to. */
export const DOCX_ROOT_CLASS = 'cv-document-docx';

/** Most parts, and their sum unpacked, a .docx may have to be shown (a zip bomb is refused unread). */
export const MAX_DOCX_PARTS = 5_000;
export const MAX_DOCX_UNPACKED = 200 * 1024 * 1024;
/** The main text part's largest size unpacked (some 2,000 pages: more would freeze the tab while it is laid out). */
export const MAX_DOCX_MAIN_PART = 24 * 1024 * 1024;

/** Parts docx-preview never reads here (embedded objects, fonts, thumbnails): not unpacked. */
const SKIPPED_PARTS = /^(word\/embeddings\/|word\/fonts\/|docProps\/thumbnail|customXml\/)/i;

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/** "EncryptedPackage" in UTF-16LE: the stream an Office file saved with a password keeps its content in. */
function containsEncryptedPackage(bytes: Uint8Array): boolean {
  const needle = Array.from('EncryptedPackage').flatMap((char) => [char.charCodeAt(0), 0]);
  const limit = Math.min(bytes.length, 64 * 1024 * 1024) - needle.length;
  outer: for (let index = 0; index <= limit; index += 1) {
    if (bytes[index] !== needle[0]) continue;
    for (let at = 1; at < needle.length; at += 1) if (bytes[index + at] !== needle[at]) continue outer;
    return true;
  }
  return false;
}

/**
 * An element factory for docx-preview that makes every node in an inert document (no browsing
 * context): no picture starts loading and no style applies before the sanitizer has seen it.
 */
function inertFactory(inert: Document): (elem: HElement | Node | string) => Node {
  const h = (elem: HElement | Node | string): Node => {
    if (typeof elem === 'string') return inert.createTextNode(elem);
    if (typeof (elem as Node).nodeType === 'number') return elem as Node;
    const { ns, tagName, className, style, children, ...props } = elem as HElement;
    if (tagName === '#fragment') {
      const fragment = inert.createDocumentFragment();
      for (const child of (children ?? []) as Array<HElement | Node | string>) fragment.appendChild(h(child));
      return fragment;
    }
    if (tagName === '#comment') return inert.createComment('');
    const element = ns ? inert.createElementNS(ns as string, tagName) : inert.createElement(tagName);
    if (className) element.setAttribute('class', String(className));
    if (style) {
      if (typeof style === 'string') element.setAttribute('style', style);
      else Object.assign((element as HTMLElement).style, style);
    }
    for (const [name, value] of Object.entries(props)) {
      if (value === undefined || value === null) continue;
      // Properties docx-preview sets: src (pictures), href (links), id (bookmarks), colSpan/rowSpan, lang…
      if (/^on/i.test(name) || name === 'innerHTML' || name === 'outerHTML' || name === 'srcdoc') continue;
      (element as unknown as Record<string, unknown>)[name] = value;
    }
    for (const child of (children ?? []) as Array<HElement | Node | string>) element.appendChild(h(child));
    return element;
  };
  return h;
}

/**
 * The heading level of each paragraph style class docx-preview makes (its class is the style's id,
 * which Word writes in the document's language: "Heading1", or "1" in a Chinese Word), found by the
 * style's name ("heading 1", "Title").
 */
function headingClasses(parsed: { stylesPart?: { styles?: Array<{ id?: string; name?: string }> } }): Map<string, number> {
  const levels = new Map<string, number>();
  for (const style of parsed.stylesPart?.styles ?? []) {
    if (!style.id || !style.name) continue;
    const match = /^(?:heading\s*(\d)|(title))$/i.exec(style.name.trim());
    if (!match) continue;
    const cssName = `${DOCX_CLASS}_${style.id.replace(/[ .]+/g, '-').replace(/[&]+/g, 'and').toLowerCase()}`;
    levels.set(cssName, match[2] ? 1 : Math.min(6, Math.max(1, Number(match[1]))));
  }
  return levels;
}

/** Headings drawn as styled paragraphs are made headings for assistive technology too. */
function markHeadings(container: Element, levels: Map<string, number>): void {
  if (levels.size === 0) return;
  for (const paragraph of Array.from(container.querySelectorAll('p[class]'))) {
    const level = Array.from(paragraph.classList)
      .map((name) => levels.get(name))
      .find((found) => found !== undefined);
    if (level === undefined) continue;
    paragraph.setAttribute('role', 'heading');
    paragraph.setAttribute('aria-level', String(level));
  }
}

/** docx-preview's options: no fonts, comments, changes or HTML chunks from the document. */
function docxOptions(inert: Document): Partial<Options> {
  return {
    className: DOCX_CLASS,
    inWrapper: true,
    hideWrapperOnPrint: false,
    ignoreWidth: false,
    ignoreHeight: false,
    ignoreFonts: true,
    breakPages: true,
    ignoreLastRenderedPageBreak: true,
    experimental: false,
    trimXmlDeclaration: true,
    useBase64URL: false,
    renderHeaders: true,
    renderFooters: true,
    renderFootnotes: true,
    renderEndnotes: true,
    renderChanges: false,
    renderComments: false,
    renderAltChunks: false,
    debug: false,
    h: inertFactory(inert),
  };
}

/**
 * Renders a .docx with docx-preview into a detached element of `doc`: the package is unpacked by
 * openPackage (bounded), handed to docx-preview stored (so it inflates nothing), rendered in an
 * inert document, sanitized, then adopted. Throws ViewerError damaged / encrypted / too-large.
 */
export async function renderDocx(bytes: Uint8Array, doc: Document): Promise<RenderedDocument> {
  if (startsWith(bytes, CFB_SIGNATURE))
    throw new ViewerError(containsEncryptedPackage(bytes) ? 'encrypted' : 'unsupported', 'an OLE compound file, not a .docx package');
  if (!startsWith(bytes, ZIP_SIGNATURE)) throw new ViewerError('damaged', 'not a zip package');
  await checkZipDirectory(bytes, {
    maxParts: MAX_DOCX_PARTS,
    maxUnpacked: MAX_DOCX_UNPACKED,
    skipped: SKIPPED_PARTS,
    main: /^\/?word\/document\d*\.xml$/i,
    maxMain: MAX_DOCX_MAIN_PART,
  });
  const parts = await openPackage(bytes);
  if (!parts.has('[Content_Types].xml') || !parts.has('_rels/.rels')) throw new ViewerError('damaged', 'not an OOXML package');
  const stored: Zippable = {};
  for (const path of parts.paths()) {
    if (SKIPPED_PARTS.test(path) || path.endsWith('/')) continue;
    stored[path] = [parts.bytes(path)!, { level: 0 }];
  }
  const repacked = zipSync(stored);

  const inert = doc.implementation.createHTMLDocument('');
  const options = docxOptions(inert);
  let nodes: Node[];
  let headings: Map<string, number>;
  try {
    const parsed = await parseAsync(repacked, options);
    if (!parsed?.documentPart?.body) throw new Error('no document body');
    headings = headingClasses(parsed);
    nodes = await renderDocument(parsed, options);
  } catch (error) {
    if (error instanceof ViewerError) throw error;
    throw new ViewerError('damaged', (error as Error)?.message);
  }

  const container = inert.createElement('div');
  let cssText = '';
  for (const node of nodes) {
    if (node.nodeName.toLowerCase() === 'style') cssText += `${node.textContent ?? ''}\n`;
    else if (node.nodeType === 1) container.appendChild(node);
  }
  markHeadings(container, headings);
  const dropped: string[] = [];
  const result = sanitizeTree(container, { classPrefix: DOCX_CLASS, onDroppedUrl: (url) => dropped.push(url) });
  for (const url of dropped) URL.revokeObjectURL(url);

  const root = doc.createElement('div');
  root.className = DOCX_ROOT_CLASS;
  const css = sanitizeStylesheet(cssText, `.${DOCX_ROOT_CLASS}`);
  if (css) {
    const style = doc.createElement('style');
    style.textContent = css;
    root.appendChild(style);
  }
  const empty = (container.textContent ?? '').replace(/\s+/g, '') === '' && container.querySelector('img, svg, table') === null;
  while (container.firstChild) root.appendChild(doc.adoptNode(container.firstChild));
  // Picture bullets live in the stylesheet as url(blob:…): freed with the pictures.
  const urls = [...result.urls, ...(css.match(/blob:[^\s"')]+/g) ?? [])];
  return {
    node: root,
    empty,
    truncated: result.truncated,
    release: () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
  };
}
