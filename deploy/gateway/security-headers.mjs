// Security headers of the gateway. The Content-Security-Policy allows scripts from this origin, the
// inline start-up script of index.html (by hash) and exactly the origins of the pinned remotes.
//
// connect-src, img-src, media-src and frame-src stay open to any http(s) origin on purpose: direct
// uploads and previews talk to whatever S3-compatible endpoint an administrator configured, and
// URL uploads download from the address the user typed. Scripts and styles never come from there.
import { createHash } from 'node:crypto';

export const CSP_REPORT_PATH = '/csp-report';

/** `sha256-…` sources for every inline <script> (no src) of an HTML document. */
export function inlineScriptHashes(html) {
  const hashes = [];
  const pattern = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // A data block (JSON) is never run: it needs no script source.
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (type && !/^(?:text\/javascript|application\/javascript|module)$/i.test(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** The origins of absolute remote entries (relative entries are same-origin). */
export function originsOf(entries) {
  const origins = new Set();
  for (const entry of entries) {
    if (!/^https?:\/\//i.test(entry)) continue;
    try {
      origins.add(new URL(entry).origin);
    } catch {
      /* a malformed entry cannot load anyway */
    }
  }
  return [...origins].sort();
}

/**
 * @param {{ remoteOrigins: string[], scriptHashes: string[] }} input
 */
export function contentSecurityPolicy({ remoteOrigins, scriptHashes }) {
  const remotes = remoteOrigins.join(' ');
  const directives = [
    ['default-src', "'self'"],
    // 'wasm-unsafe-eval' lets the file viewers compile WebAssembly (7z and RAR through libarchive,
    // JPEG 2000 and JBIG2 images in PDFs). It allows no `eval` or `new Function` of JavaScript, and a
    // module can only call what the page hands it.
    ['script-src', `'self' 'wasm-unsafe-eval' ${scriptHashes.join(' ')} ${remotes}`],
    ['style-src', `'self' 'unsafe-inline' ${remotes}`],
    // blob: the fonts an e-book carries, turned into object URLs by the viewer (its chapter frames
    // inherit this policy).
    ['font-src', `'self' data: blob: ${remotes}`],
    ['img-src', "'self' data: blob: http: https:"],
    ['media-src', "'self' data: blob: http: https:"],
    ['connect-src', `'self' http: https: blob: data: ${remotes}`],
    ['frame-src', "'self' blob: http: https:"],
    ['worker-src', "'self' blob:"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['report-uri', CSP_REPORT_PATH],
  ];
  return directives.map(([name, value]) => `${name} ${value.replace(/\s+/g, ' ').trim()}`).join('; ');
}

/**
 * For an HTML page of the gateway that is not the host's index.html (a stray page of a build): it
 * may show, never run a script, load anything from elsewhere or be framed.
 */
export const STATIC_PAGE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * For content proxied from /api that a browser would render as a document (shared files, the URL
 * proxy) when the api-server did not send a policy itself: the same sandbox as the api-server's.
 */
export const API_SANDBOX_CSP = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

/** Types a browser renders as a document (HTML, XHTML, SVG, XML). */
export const DOCUMENT_TYPE =
  /^\s*(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[a-z]+\/[\w.-]+\+xml)\s*(?:;|$)/i;

/** Types a browser runs as a script even with nosniff (the JavaScript MIME types of the HTML standard). */
export const SCRIPT_TYPE = /^\s*(?:text|application)\/(?:x-)?(?:javascript[\d.]*|ecmascript|jscript|livescript)\s*(?:;|$)/i;

/** X-Robots-Tag of a paste's boot page. */
export const PASTE_ROBOTS_TAG = 'noindex, nofollow';

/**
 * The X-Robots-Tag of the boot page at `pathname` (the raw request path), or null. A paste's address
 * (`/paste/{slug}`) is private to whoever was given the link (an encrypted one carries its key in
 * the fragment), so search engines must neither list it nor follow its links. The boot page may
 * carry the paste's public answer and its rendered content (share-prerender.mjs), never what only
 * a password or a key opens.
 */
export function robotsTagOf(pathname) {
  return /^\/paste(?:\/|$)/i.test(pathname) ? PASTE_ROBOTS_TAG : null;
}

/** Headers for every response of the gateway. */
export const BASE_SECURITY_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
});
