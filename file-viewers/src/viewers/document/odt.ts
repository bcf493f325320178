import { ViewerError } from '../../errors';
import { imageTypeOf, openPackage, type PackageParts } from '../../lib/package-zip';
import { createOdfContext, renderOdfBlocks, renderOdfNotes } from './odf-render';
import { readOdfStyles } from './odf-styles';
import { ODF_NS } from './odf-xml';
import type { RenderedDocument } from './rendered';
import { checkZipDirectory } from './zip-directory';

/** The element an .odt is rendered in. */
export const ODT_ROOT_CLASS = 'cv-document-odt';
/** content.xml's largest size unpacked (parsed whole by the browser's XML parser). */
export const MAX_ODT_CONTENT = 32 * 1024 * 1024;
/** Most pictures shown (each an object URL). */
export const MAX_ODT_PICTURES = 500;

/** Picture types an <img> shows (EMF/WMF/SVM, OpenOffice's vector formats, are not). */
const SHOWN_PICTURES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp', 'image/svg+xml']);

const ODF_TEXT_TYPES = /^application\/vnd\.oasis\.opendocument\.text(-template|-master)?$/;

/** ViewerError encrypted when the manifest says content.xml is encrypted (a password-protected file). */
function checkEncryption(parts: PackageParts): void {
  const manifest = parts.text('META-INF/manifest.xml');
  if (manifest && /encryption-data/.test(manifest)) throw new ViewerError('encrypted');
}

/** A picture cache for a package: one object URL per picture, within MAX_ODT_PICTURES. */
export function packagePictures(parts: PackageParts): { picture: (path: string) => string | null; urls: string[] } {
  const made = new Map<string, string | null>();
  const urls: string[] = [];
  const picture = (path: string) => {
    if (made.has(path)) return made.get(path)!;
    let url: string | null = null;
    const type = imageTypeOf(path);
    if (urls.length < MAX_ODT_PICTURES && SHOWN_PICTURES.has(type)) {
      const blob = parts.blob(path, type);
      if (blob) {
        url = URL.createObjectURL(blob);
        urls.push(url);
      }
    }
    made.set(path, url);
    return url;
  };
  return { picture, urls };
}

/**
 * Renders an .odt's text (content.xml, with styles.xml's styles) into a detached element of `doc`.
 * Throws ViewerError damaged / encrypted / unsupported / too-large.
 */
export async function renderOdt(bytes: Uint8Array, doc: Document): Promise<RenderedDocument> {
  await checkZipDirectory(bytes, {
    maxParts: 5_000,
    maxUnpacked: 200 * 1024 * 1024,
    skipped: /^(Thumbnails\/|Configurations2\/|Object \d+\/|ObjectReplacements\/)/,
    main: /^\/?content\.xml$/,
    maxMain: MAX_ODT_CONTENT,
  });
  const parts = await openPackage(bytes);
  const mimetype = parts.text('mimetype')?.trim();
  if (mimetype && !ODF_TEXT_TYPES.test(mimetype)) throw new ViewerError('unsupported', `an OpenDocument of type ${mimetype}`);
  checkEncryption(parts);
  const contentBytes = parts.bytes('content.xml');
  if (!contentBytes) throw new ViewerError('damaged', 'no content.xml');
  if (contentBytes.byteLength > MAX_ODT_CONTENT) throw new ViewerError('too-large');
  const content = parts.xml('content.xml')!;
  let styles: Document | null = null;
  try {
    styles = parts.xml('styles.xml');
  } catch {
    styles = null; // The text is still worth showing without its named styles.
  }
  const body = content.getElementsByTagNameNS(ODF_NS.office, 'text')[0];
  if (!body) throw new ViewerError('unsupported', 'no office:text body');

  const { picture, urls } = packagePictures(parts);
  const ctx = createOdfContext(doc, readOdfStyles(styles, content), picture);
  const root = doc.createElement('div');
  root.className = ODT_ROOT_CLASS;
  const page = doc.createElement('article');
  page.className = 'cv-odf-page';
  renderOdfBlocks(ctx, body, page);
  const notes = renderOdfNotes(ctx);
  if (notes) page.appendChild(notes);
  root.appendChild(page);
  const text = (page.textContent ?? '').replace(/\s+/g, '');
  return {
    node: root,
    empty: text.length === 0 && page.querySelector('img, table') === null,
    truncated: ctx.truncated,
    release: () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
  };
}
