import { ViewerError } from '../../errors';
import { resolvePartPath, type PackageParts } from '../../lib/package-zip';

/** A chapter in reading order. */
export interface SpineItem {
  /** The part's path in the zip. */
  path: string;
  id: string;
  mediaType: string;
}

/** A line of the table of contents. */
export interface TocEntry {
  title: string;
  /** The chapter it opens (index in the spine). */
  spineIndex: number;
  /** The element id to scroll to ("" for the chapter's top). */
  fragment: string;
  /** Nesting level, 0 for the top. */
  depth: number;
}

export interface EpubBook {
  title: string;
  language: string | null;
  spine: SpineItem[];
  toc: TocEntry[];
  /** Declared media type of every manifest part, by path. */
  mediaTypes: Map<string, string>;
}

/** Bounds a hostile book cannot get past. */
export const MAX_SPINE = 5_000;
export const MAX_TOC = 5_000;
export const MAX_TOC_DEPTH = 8;

const OPS_NS = 'http://www.idpf.org/2007/ops';
const CHAPTER_TYPES = new Set(['application/xhtml+xml', 'text/html', 'application/x-dtbook+xml']);
/** Font obfuscation (IDPF, Adobe) is no DRM: such books still read, with fallback fonts. */
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

const byName = (root: Document | Element, name: string): Element[] => Array.from(root.getElementsByTagNameNS('*', name));
const text = (element: Element | null | undefined): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
const children = (element: Element, name: string): Element[] => Array.from(element.children).filter((child) => child.localName === name);

/** The text without spaces and control characters, as a browser reads a URL's scheme ("java\tscript:" is "javascript:"). */
export function withoutControls(value: string): string {
  let out = '';
  for (const char of value) if (char.charCodeAt(0) > 0x20) out += char;
  return out;
}

/** Splits "ch1.xhtml#s2" against the part that names it: the target part's path and the fragment. */
export function resolveHref(from: string, href: string): { path: string; fragment: string } | null {
  const clean = href.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(withoutControls(clean)) || /^[/\\]{2}/.test(clean)) return null;
  const hash = clean.indexOf('#');
  const pathPart = (hash >= 0 ? clean.slice(0, hash) : clean).split('?')[0]!;
  let fragment = hash >= 0 ? clean.slice(hash + 1) : '';
  let decoded = pathPart;
  try {
    decoded = decodeURIComponent(pathPart);
    fragment = decodeURIComponent(fragment);
  } catch {
    // A stray "%" is kept as written.
  }
  return { path: decoded === '' ? from : resolvePartPath(from, decoded), fragment };
}

/** A part as XML, or (for sloppy XHTML, which some books have) as HTML; null when absent. */
function markup(parts: PackageParts, path: string): Document | null {
  try {
    return parts.xml(path);
  } catch {
    const source = parts.text(path);
    return source === null ? null : new DOMParser().parseFromString(source, 'text/html');
  }
}

function navToc(doc: Document, navPath: string, spineIndex: (path: string) => number): TocEntry[] {
  const navs = byName(doc, 'nav');
  const nav =
    navs.find((element) =>
      (element.getAttributeNS(OPS_NS, 'type') ?? element.getAttribute('epub:type') ?? '').split(/\s+/).includes('toc'),
    ) ?? navs[0];
  const list = nav && byName(nav, 'ol')[0];
  const entries: TocEntry[] = [];
  const walk = (ol: Element, depth: number) => {
    for (const li of children(ol, 'li')) {
      if (entries.length >= MAX_TOC) return;
      const label = children(li, 'a')[0] ?? children(li, 'span')[0];
      const href = label?.localName === 'a' ? label.getAttribute('href') : null;
      const target = href ? resolveHref(navPath, href) : null;
      const index = target ? spineIndex(target.path) : -1;
      const title = text(label) || label?.getAttribute('title') || '';
      if (title && index >= 0) entries.push({ title, spineIndex: index, fragment: target!.fragment, depth });
      const nested = children(li, 'ol')[0];
      if (nested && depth + 1 < MAX_TOC_DEPTH) walk(nested, depth + 1);
    }
  };
  if (list) walk(list, 0);
  return entries;
}

function ncxToc(doc: Document, ncxPath: string, spineIndex: (path: string) => number): TocEntry[] {
  const navMap = byName(doc, 'navMap')[0];
  const entries: TocEntry[] = [];
  const walk = (parent: Element, depth: number) => {
    for (const point of children(parent, 'navPoint')) {
      if (entries.length >= MAX_TOC) return;
      const title = text(children(point, 'navLabel')[0]);
      const src = children(point, 'content')[0]?.getAttribute('src');
      const target = src ? resolveHref(ncxPath, src) : null;
      const index = target ? spineIndex(target.path) : -1;
      if (title && index >= 0) entries.push({ title, spineIndex: index, fragment: target!.fragment, depth });
      if (depth + 1 < MAX_TOC_DEPTH) walk(point, depth + 1);
    }
  };
  if (navMap) walk(navMap, 0);
  return entries;
}

/** Refuses a book whose chapters are encrypted (DRM); obfuscated fonts alone are fine. */
function checkEncryption(parts: PackageParts, chapters: Set<string>): void {
  const doc = markup(parts, 'META-INF/encryption.xml');
  if (!doc) return;
  for (const data of byName(doc, 'EncryptedData')) {
    const algorithm = byName(data, 'EncryptionMethod')[0]?.getAttribute('Algorithm') ?? '';
    const uri = byName(data, 'CipherReference')[0]?.getAttribute('URI') ?? '';
    const target = resolveHref('', uri);
    if (!FONT_OBFUSCATION.has(algorithm) && target && chapters.has(target.path)) throw new ViewerError('encrypted');
  }
}

/**
 * Reads an EPUB (2 or 3) package: META-INF/container.xml → the OPF's manifest and spine (reading
 * order), and the table of contents from the EPUB 3 navigation document or else the EPUB 2 NCX.
 * A book without them is damaged; one with encrypted chapters is encrypted.
 */
export function parseEpub(parts: PackageParts): EpubBook {
  const container = markup(parts, 'META-INF/container.xml');
  const opfHref = container && byName(container, 'rootfile')[0]?.getAttribute('full-path');
  if (!opfHref) throw new ViewerError('damaged', 'no META-INF/container.xml rootfile');
  const opfPath = resolvePartPath('', opfHref);
  const opf = markup(parts, opfPath);
  if (!opf) throw new ViewerError('damaged', `no package document ${opfPath}`);

  const manifest = new Map<string, { path: string; mediaType: string; properties: string[] }>();
  const mediaTypes = new Map<string, string>();
  for (const item of byName(opf, 'item')) {
    const id = item.getAttribute('id');
    const href = item.getAttribute('href');
    const target = href ? resolveHref(opfPath, href) : null;
    if (!id || !target) continue;
    const mediaType = (item.getAttribute('media-type') ?? '').toLowerCase();
    manifest.set(id, { path: target.path, mediaType, properties: (item.getAttribute('properties') ?? '').split(/\s+/) });
    mediaTypes.set(target.path, mediaType);
  }

  const spineElement = byName(opf, 'spine')[0];
  const spine: SpineItem[] = [];
  for (const ref of spineElement ? byName(spineElement, 'itemref') : []) {
    const id = ref.getAttribute('idref') ?? '';
    const item = manifest.get(id);
    if (!item || !parts.has(item.path)) continue;
    if (!CHAPTER_TYPES.has(item.mediaType) && !/\.x?html?$/i.test(item.path)) continue;
    spine.push({ path: item.path, id, mediaType: item.mediaType });
    if (spine.length >= MAX_SPINE) break;
  }
  if (spine.length === 0) throw new ViewerError('damaged', 'the spine lists no chapter');
  checkEncryption(parts, new Set(spine.map((item) => item.path)));

  const indexes = new Map<string, number>();
  spine.forEach((item, index) => {
    if (!indexes.has(item.path)) indexes.set(item.path, index);
  });
  const spineIndex = (path: string) => indexes.get(path) ?? -1;

  let toc: TocEntry[] = [];
  const nav = [...manifest.values()].find((item) => item.properties.includes('nav'));
  const navDoc = nav ? markup(parts, nav.path) : null;
  if (nav && navDoc) toc = navToc(navDoc, nav.path, spineIndex);
  if (toc.length === 0) {
    const ncxId = spineElement?.getAttribute('toc');
    const ncx = (ncxId && manifest.get(ncxId)) || [...manifest.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml');
    const ncxDoc = ncx ? markup(parts, ncx.path) : null;
    if (ncx && ncxDoc) toc = ncxToc(ncxDoc, ncx.path, spineIndex);
  }

  const metadata = byName(opf, 'metadata')[0] ?? opf.documentElement;
  return {
    title: text(byName(metadata, 'title')[0]),
    language: text(byName(metadata, 'language')[0]) || null,
    spine,
    toc,
    mediaTypes,
  };
}
