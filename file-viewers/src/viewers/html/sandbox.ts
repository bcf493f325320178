import { ViewerError } from '../../errors';
import { encodingOf, looksBinary } from '../code/text-decode';

/**
 * The policy every rendered page gets, as the first thing in its <head>: no script, no fetch from
 * any origin (images only as data: URLs already in the page), inline styles allowed.
 */
export const SANDBOX_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** Longest title taken from a page (shown in the viewer's bar). */
const MAX_TITLE = 200;

export interface SandboxedDocument {
  /** The document for <iframe sandbox="" srcdoc>. */
  srcdoc: string;
  /** The page's <title>, trimmed ('' when none). */
  title: string;
}

/**
 * A page made safe to show in `<iframe sandbox="">` (no allow-scripts, no allow-same-origin): parsed
 * with DOMParser (inert: nothing runs or loads while parsing), then given the CSP meta as the first
 * child of <head> — a document without <html> or <head> gets both. Dropped: <base> (it would
 * redirect relative addresses), refresh and other http-equiv metas but a CSP of the page's own
 * (a refresh navigates the frame elsewhere; CSP does not cover it), charset metas (a srcdoc is text
 * already), <link> (preconnect and dns-prefetch escape CSP), scripts and on* handlers (they cannot
 * run anyway), link targets (a click would navigate the frame to another origin; the address stays
 * readable as the link's title), ping and the html manifest.
 */
export function sandboxDocument(html: string): SandboxedDocument {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const remove = (selector: string) => doc.querySelectorAll(selector).forEach((element) => element.remove());
  remove('base, link, script, meta[charset]');
  doc.querySelectorAll('meta[http-equiv]').forEach((meta) => {
    if ((meta.getAttribute('http-equiv') ?? '').trim().toLowerCase() !== 'content-security-policy') meta.remove();
  });
  doc.documentElement.removeAttribute('manifest');
  for (const element of Array.from(doc.querySelectorAll('*'))) {
    for (const name of element.getAttributeNames()) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || lower === 'ping') element.removeAttribute(name);
    }
  }
  doc.querySelectorAll('a, area').forEach((link) => {
    const target = link.getAttribute('href') ?? link.getAttribute('xlink:href');
    link.removeAttribute('href');
    link.removeAttribute('xlink:href');
    if (target && !link.hasAttribute('title')) link.setAttribute('title', target);
  });

  const csp = doc.createElement('meta');
  csp.setAttribute('http-equiv', 'Content-Security-Policy');
  csp.setAttribute('content', SANDBOX_CSP);
  doc.head.insertBefore(csp, doc.head.firstChild);

  const title = doc.title.trim().slice(0, MAX_TITLE);
  const doctype = doc.doctype ? '<!DOCTYPE html>' : '';
  return { srcdoc: doctype + doc.documentElement.outerHTML, title };
}

/** The charset a page declares in its first 1024 bytes (<meta charset> or http-equiv content-type). */
function declaredCharset(bytes: Uint8Array): string | null {
  let head = '';
  for (let i = 0; i < Math.min(bytes.length, 1024); i += 1) head += String.fromCharCode(bytes[i]!);
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return match ? match[1]! : null;
}

function decoderFor(label: string | null | undefined): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim());
  } catch {
    return null; // A label the browser does not know.
  }
}

/**
 * The text of an HTML file: by its BOM, else the charset the server sent, else the one the page
 * declares, else UTF-8. Binary content is refused (ViewerError 'unsupported').
 */
export function decodeHtml(bytes: Uint8Array, contentType?: string | null): string {
  const bom = encodingOf(bytes);
  if (bom !== 'utf-8') return new TextDecoder(bom).decode(bytes);
  if (looksBinary(bytes.subarray(0, 8192))) throw new ViewerError('unsupported', 'binary');
  const fromType = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  // A page that says UTF-16 in ASCII bytes is UTF-8 (as browsers read it).
  const declared = decoderFor(declaredCharset(bytes));
  const fromPage = declared && !declared.encoding.startsWith('utf-16') ? declared : null;
  const decoder = decoderFor(fromType) ?? fromPage ?? new TextDecoder('utf-8');
  return decoder.decode(bytes);
}
