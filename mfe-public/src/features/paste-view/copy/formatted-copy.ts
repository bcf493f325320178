import { copyWithCommand } from '@cloudclip/shared-kernel';

/**
 * "Copy as formatted text": the paste as the page shows it (headings, lists, tables, links, images),
 * put on the clipboard as HTML for mail and word processors, with the Markdown as the plain-text
 * alternative for places that take only text.
 */

/** Elements dropped with their content: nothing active or page-specific goes to the clipboard. */
const DROPPED =
  'script, style, iframe, frame, object, embed, link, meta, base, form, template, noscript, button, textarea, select, dialog, portal';

/** Attributes holding an address, made absolute (or dropped when not a web, mail or image address). */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite', 'background', 'xlink:href']);

/** Attributes only this page has use for. */
const PAGE_ATTRIBUTES = new Set(['tabindex', 'contenteditable', 'srcset', 'ping', 'formaction', 'action', 'autofocus', 'draggable']);

/**
 * `value` as an absolute address against the page (without its fragment: an encrypted paste's key
 * must not end up in the copy), or null when it is not something a pasted document may point to.
 */
function absoluteAddress(value: string, page: URL, image: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value.trim(), page);
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  if (!image && (url.protocol === 'mailto:' || url.protocol === 'tel:')) return url.href;
  if (image && url.protocol === 'data:' && /^data:image\/(png|gif|jpe?g|webp|avif|bmp);/i.test(url.href)) return url.href;
  return null;
}

/**
 * The HTML of the rendered paste (`container`: the Markdown view, sanitised when it was rendered),
 * ready for the clipboard: no scripts, styles, event handlers or page-only attributes; links and
 * images with absolute addresses so they work where the text is pasted (a mail, a document).
 */
export function formattedHtmlOf(container: HTMLElement, pageAddress: string = document.baseURI): string {
  const page = new URL(pageAddress);
  page.hash = '';
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(DROPPED).forEach((element) => element.remove());
  for (const element of [copy, ...Array.from(copy.querySelectorAll('*'))]) {
    const inSvg = element.closest('svg') !== null;
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name.startsWith('data-') || PAGE_ATTRIBUTES.has(name)) {
        element.removeAttribute(attribute.name);
      } else if (ADDRESS_ATTRIBUTES.has(name)) {
        // A diagram's references to its own parts (`#arrowhead`) stay as they are.
        if (inSvg && attribute.value.startsWith('#')) continue;
        const image = element.localName === 'img' && name === 'src';
        const absolute = absoluteAddress(attribute.value, page, image);
        if (absolute) element.setAttribute(attribute.name, absolute);
        else element.removeAttribute(attribute.name);
      }
    }
  }
  // A formula is rendered twice, as MathML and as HTML that needs KaTeX's styles to look like one:
  // without them (a mail) that HTML is a jumble, so only the MathML goes (Word shows it as a formula).
  copy.querySelectorAll('.katex').forEach((formula) => {
    if (formula.querySelector('.katex-mathml math')) formula.querySelectorAll('.katex-html').forEach((html) => html.remove());
  });
  // The view's chunk wrappers (large documents are rendered in parts) are not part of the document.
  copy.querySelectorAll('.cp-md-chunk').forEach((chunk) => chunk.replaceWith(...Array.from(chunk.childNodes)));
  return `<meta charset="utf-8"><div>${copy.innerHTML}</div>`;
}

/** Without `clipboard.write` (older browsers, a page on plain http) or when it is refused. */
const copyWithBothTypes = (html: string, text: string) => copyWithCommand({ 'text/html': html, 'text/plain': text });

/**
 * Puts `html` (text/html) and `text` (text/plain) on the clipboard. Call it straight from the click
 * handler: some browsers allow the clipboard only while the click is being handled.
 * @returns whether the clipboard got them
 */
export function copyFormatted(html: string, text: string): Promise<boolean> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (typeof clipboard?.write === 'function' && typeof ClipboardItem === 'function') {
    let written: Promise<void>;
    try {
      written = clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ]);
    } catch (error) {
      written = Promise.reject(error);
    }
    return written.then(
      () => true,
      () => copyWithBothTypes(html, text),
    );
  }
  return Promise.resolve(copyWithBothTypes(html, text));
}
