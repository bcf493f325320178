import { ViewerError } from '../../errors';
import { imageTypeOf, type PackageParts } from '../../lib/package-zip';
import { resolveHref, withoutControls } from './epub';

/**
 * The policy every chapter document carries (besides the iframe's sandbox without scripts): it may
 * show only the book's own pictures, styles and fonts, made into blob:/data: addresses here.
 */
export const CHAPTER_CSP = "default-src 'none'; img-src blob: data:; style-src 'unsafe-inline' blob:; font-src blob: data:";

/** A chapter larger than this is not shown (the whole book is bounded by openPackage too). */
export const MAX_CHAPTER_BYTES = 16 * 1024 * 1024;
/** How deep stylesheets may @import each other. */
const MAX_IMPORT_DEPTH = 3;

/** Elements that go, with what they hold: scripts, frames, plug-ins, forms' machinery, and what changes how addresses resolve. */
const REMOVED = new Set([
  'script',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'base',
  'meta',
  'link',
  'template',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  // SVG animation can rewrite attributes (an href) after the fact.
  'set',
  'animate',
  'animatemotion',
  'animatetransform',
  'discard',
  'handler',
  'listener',
]);

/** Attributes holding an address that is never loaded here. */
const DROPPED_URL_ATTRIBUTES = new Set([
  'srcset',
  'ping',
  'action',
  'formaction',
  'longdesc',
  'manifest',
  'data',
  'lowsrc',
  'dynsrc',
  'codebase',
  'archive',
  'background',
  'usemap',
  'base',
  'cite',
]);
/** Attributes whose address may load one of the book's pictures. */
const LOADED_URL_ATTRIBUTES = new Set(['src', 'href', 'poster']);

const RESOURCE_TYPE = /^(?:image\/|font\/|application\/(?:font-woff2?|x-font-(?:ttf|otf|woff)|vnd\.ms-opentype|font-sfnt))/;
const SAFE_DATA_URL = /^data:(?:image\/|font\/|application\/(?:font-woff2?|x-font-[a-z]+|vnd\.ms-opentype))/i;
const FONT_TYPES: Record<string, string> = { woff: 'font/woff', woff2: 'font/woff2', ttf: 'font/ttf', otf: 'font/otf' };

/** The book's pictures, fonts and stylesheets as blob: addresses, made once per book and freed together. */
export interface BookResources {
  /** An object URL of a picture or font of the book (null for anything else or a missing part). */
  url(path: string): string | null;
  /** A stylesheet of the book with its addresses rewritten (null when missing). */
  css(path: string, depth?: number): string | null;
  release(): void;
}

export function createResources(parts: PackageParts, mediaTypes: Map<string, string>): BookResources {
  const urls = new Map<string, string | null>();
  const sheets = new Map<string, string | null>();
  const resources: BookResources = {
    url(path) {
      if (urls.has(path)) return urls.get(path)!;
      const ext = path.toLowerCase().split('.').pop() ?? '';
      const declared = mediaTypes.get(path);
      const type = declared && RESOURCE_TYPE.test(declared) ? declared : (FONT_TYPES[ext] ?? imageTypeOf(path));
      const blob = RESOURCE_TYPE.test(type) ? parts.blob(path, type) : null;
      const url = blob ? URL.createObjectURL(blob) : null;
      urls.set(path, url);
      return url;
    },
    css(path, depth = 0) {
      if (sheets.has(path)) return sheets.get(path)!;
      sheets.set(path, null); // an @import loop ends here
      const source = parts.text(path);
      const sheet = source === null ? null : rewriteCss(source, path, resources, depth);
      sheets.set(path, sheet);
      return sheet;
    },
    release() {
      for (const url of urls.values()) if (url) URL.revokeObjectURL(url);
      urls.clear();
      sheets.clear();
    },
  };
  return resources;
}

/** A picture/font address of the book (relative to `from`) as a blob: URL; null for anything external or unknown. */
function resourceUrl(value: string, from: string, resources: BookResources): string | null {
  const trimmed = value.trim();
  if (SAFE_DATA_URL.test(trimmed)) return trimmed;
  const target = resolveHref(from, trimmed);
  return target && target.path !== from ? resources.url(target.path) : null;
}

/**
 * A stylesheet of the book, safe to inline: each url() becomes a blob: URL of the book's own part
 * (or `none`), @import is replaced by the imported sheet (bounded depth), nothing else is loaded.
 */
export function rewriteCss(css: string, from: string, resources: BookResources, depth = 0): string {
  return css
    .replace(/@import\s+(?:url\(\s*)?(['"]?)([^'")\s;]*)\1\s*\)?[^;]*;?/gi, (_match, _quote: string, href: string) => {
      const target = depth < MAX_IMPORT_DEPTH ? resolveHref(from, href) : null;
      return target ? (resources.css(target.path, depth + 1) ?? '') : '';
    })
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (_match, _quote: string, value: string) => {
      if (value.trim().startsWith('#')) return `url("${value.trim()}")`;
      const url = resourceUrl(value, from, resources);
      return url ? `url("${url}")` : 'none';
    });
}

/** CSS as the text of a <style> element, which HTML writes out as it is: no "</style" may end it early. */
function styleText(css: string): string {
  return css.replace(/<\/(style|script)/gi, '<\\/$1');
}

/** Where the viewer sends a click on a link of the book: another chapter (or a place in this one), or a web page. */
export const INTERNAL_LINK = 'data-cv-href';
export const EXTERNAL_LINK = 'data-cv-external';

/**
 * Cleans a chapter in place: no script, frame, plug-in or form element; no event handler (on*)
 * attribute; no address that loads anything but the book's own pictures (as blob: URLs). Links lose
 * their href (a click inside a srcdoc frame would navigate it) and keep where they lead in
 * data-cv-href (a part of the book) or data-cv-external (http/https/mailto only), for the viewer.
 */
export function sanitizeChapter(doc: Document, path: string, resources: BookResources): void {
  const root = doc.documentElement;
  if (!root) return;
  const strip: Node[] = [];
  const cdata: Node[] = [];
  const walker = doc.createTreeWalker(root, 0xffffffff);
  for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === 7 /* processing instruction */) strip.push(node);
    else if (node.nodeType === 4 /* CDATA */) cdata.push(node);
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    const name = element.localName.toLowerCase();
    if (REMOVED.has(name)) {
      strip.push(element);
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      const attr = attribute.localName.toLowerCase();
      const value = attribute.value;
      const remove = () => element.removeAttributeNode(attribute);
      if (attr.startsWith('on') || attr === 'formaction' || /^\s*(?:java|vb)script:/i.test(withoutControls(value))) remove();
      else if (attr === 'style') element.setAttribute('style', rewriteCss(value, path, resources));
      else if (DROPPED_URL_ATTRIBUTES.has(attr)) remove();
      else if (attr === 'href' && (name === 'a' || name === 'area')) {
        remove();
        const trimmed = value.trim();
        const target = resolveHref(path, trimmed);
        if (target) element.setAttribute(INTERNAL_LINK, target.fragment ? `${target.path}#${target.fragment}` : target.path);
        else if (/^(?:https?|mailto):/i.test(trimmed)) element.setAttribute(EXTERNAL_LINK, trimmed);
      } else if (LOADED_URL_ATTRIBUTES.has(attr)) {
        const trimmed = value.trim();
        // "#id" points inside the document (an SVG <use>): nothing is loaded.
        if (trimmed.startsWith('#') && attr === 'href') continue;
        const url = resourceUrl(trimmed, path, resources);
        if (url) attribute.value = url;
        else remove();
      }
    }
  }
  for (const node of strip) node.parentNode?.removeChild(node);
  for (const node of cdata) node.parentNode?.replaceChild(doc.createTextNode(node.nodeValue ?? ''), node);
}

/** The reader's own styles, under the book's (which may override them). */
const BASE_STYLE = `
html { color-scheme: light; background: #fff; color: #1f2328; }
body { margin: 0 auto; padding: 24px clamp(16px, 5vw, 48px) 48px; max-width: 46em; line-height: 1.65; overflow-wrap: break-word; font-family: Georgia, 'Noto Serif', 'Songti SC', 'Noto Serif CJK SC', serif; }
img, svg, video { max-width: 100%; height: auto; }
pre { white-space: pre-wrap; }
table { max-width: 100%; }
a[${INTERNAL_LINK}], a[${EXTERNAL_LINK}] { color: #0645ad; text-decoration: underline; cursor: pointer; }
`;

/** The chapter's text as a document: XHTML as it should be, HTML for the sloppy ones. */
function parseChapter(source: string): Document {
  const xml = new DOMParser().parseFromString(source, 'application/xhtml+xml');
  if (xml.getElementsByTagName('parsererror').length === 0 && xml.documentElement) return xml;
  return new DOMParser().parseFromString(source, 'text/html');
}

/**
 * A chapter of the book as the `srcdoc` of a sandboxed iframe: its content cleaned
 * (sanitizeChapter), its stylesheets inlined with blob: addresses, under CHAPTER_CSP.
 */
export function chapterDocument(parts: PackageParts, path: string, resources: BookResources): string {
  const bytes = parts.bytes(path);
  if (!bytes) throw new ViewerError('damaged', `missing chapter ${path}`);
  if (bytes.byteLength > MAX_CHAPTER_BYTES) throw new ViewerError('too-large');
  const source = parseChapter(new TextDecoder('utf-8').decode(bytes));

  // The book's stylesheets, in document order, before cleaning removes the <link>s.
  const styles: string[] = [];
  for (const element of Array.from(source.querySelectorAll('link, style'))) {
    const inHead = !source.body || !source.body.contains(element);
    if (element.localName === 'link') {
      const rel = (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
      const href = element.getAttribute('href');
      const target = rel.includes('stylesheet') && !rel.includes('alternate') && href ? resolveHref(path, href) : null;
      const sheet = target ? resources.css(target.path) : null;
      if (sheet) styles.push(sheet);
    } else if (inHead) {
      styles.push(rewriteCss(element.textContent ?? '', path, resources));
      element.remove();
    } else element.textContent = styleText(rewriteCss(element.textContent ?? '', path, resources));
  }
  sanitizeChapter(source, path, resources);

  const out = document.implementation.createHTMLDocument();
  const head = out.head;
  const meta = (attributes: Record<string, string>) => {
    const element = out.createElement('meta');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    head.appendChild(element);
  };
  meta({ 'http-equiv': 'Content-Security-Policy', content: CHAPTER_CSP });
  meta({ charset: 'utf-8' });
  meta({ name: 'referrer', content: 'no-referrer' });
  meta({ name: 'viewport', content: 'width=device-width, initial-scale=1' });
  for (const css of [BASE_STYLE, ...styles]) {
    const style = out.createElement('style');
    style.textContent = styleText(css);
    head.appendChild(style);
  }
  const sourceRoot = source.documentElement;
  const body = source.body ?? source.getElementsByTagNameNS('*', 'body')[0] ?? null;
  for (const attr of ['lang', 'xml:lang', 'dir', 'class']) {
    const value = sourceRoot?.getAttribute(attr);
    if (value) out.documentElement.setAttribute(attr === 'xml:lang' ? 'lang' : attr, value);
  }
  if (body) {
    for (const attr of ['class', 'dir', 'lang', 'style']) {
      const value = body.getAttribute(attr);
      if (value) out.body.setAttribute(attr, value);
    }
    for (const child of Array.from(body.childNodes)) out.body.appendChild(out.importNode(child, true));
  }
  return `<!DOCTYPE html>\n${out.documentElement.outerHTML}`;
}
