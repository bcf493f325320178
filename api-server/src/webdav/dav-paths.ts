import { inspectFsPath, type FsPath } from '@cloudclip/contract';

/**
 * Addresses of the WebDAV server: `/dav/<virtual path>`. A request's path is split on `/` and each
 * segment percent-decoded exactly once; the result must then pass the same path rule as the
 * file-system API (contract `inspectFsPath`: NFC, no dot segments, no control or lookalike
 * characters, byte limits). A segment that decodes to a separator (`%2F`, `%5C`) is refused, so an
 * encoded `..` or `/` can never change which folder a request names.
 */

export const DAV_PREFIX = '/dav';

export type DavPathResult = { ok: true; path: FsPath } | { ok: false; reason: string };

/** The virtual path a request URL (or a Destination header's path) names, or why it names none. */
export function davPathOf(urlPath: string): DavPathResult {
  const query = urlPath.indexOf('?');
  const pathname = query < 0 ? urlPath : urlPath.slice(0, query);
  // A fragment never belongs in a request target; cutting it off would act on another resource.
  if (pathname.includes('#')) return { ok: false, reason: 'fragment' };
  if (pathname !== DAV_PREFIX && !pathname.startsWith(`${DAV_PREFIX}/`)) return { ok: false, reason: 'outsideDav' };
  const rest = pathname.slice(DAV_PREFIX.length);
  if (rest === '' || rest === '/') return { ok: true, path: { path: '/', isDirectory: true, segments: [] } };
  const trailing = rest.endsWith('/');
  const rawSegments = (trailing ? rest.slice(1, -1) : rest.slice(1)).split('/');
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, reason: 'badEncoding' };
    }
    if (segment.includes('/') || segment.includes('\\')) return { ok: false, reason: 'encodedSeparator' };
    segments.push(segment);
  }
  const inspected = inspectFsPath(`/${segments.join('/')}${trailing ? '/' : ''}`);
  if ('problem' in inspected) return { ok: false, reason: inspected.problem };
  return { ok: true, path: inspected };
}

/** Characters a path segment keeps unencoded in an href (RFC 3986 unreserved plus a few sub-delims). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The href of a virtual path (absolute path, percent-encoded, `/` at the end of a collection). */
export function davHref(virtualPath: string, isCollection: boolean): string {
  if (virtualPath === '/') return `${DAV_PREFIX}/`;
  const encoded = virtualPath.slice(1).split('/').map(encodeSegment).join('/');
  return `${DAV_PREFIX}/${encoded}${isCollection ? '/' : ''}`;
}

/**
 * Which server an absolute Destination names (RFC 4918 §10.3): `own` for an absolute path or an
 * http(s) URL of `ownOrigin` (`scheme://host[:port]` of the request; default ports and the case of
 * scheme and host do not matter), `other` for an http(s) URL of any other origin, `invalid` for a
 * URL that does not parse (never taken as one of our paths).
 */
export function destinationServer(value: string, ownOrigin: string): 'own' | 'other' | 'invalid' {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return 'own';
  try {
    return new URL(trimmed).origin === new URL(ownOrigin).origin ? 'own' : 'other';
  } catch {
    return 'invalid';
  }
}

/**
 * The path part of a Destination header or a tagged If-header resource: an absolute URL (its
 * origin is not looked at here: `destinationServer` refuses a Destination of another server, and
 * only our own `/dav/` paths are ever acted on) or an absolute path. Taken as sent, without
 * resolving `.`/`..` segments the way a URL parser would: `davPathOf` refuses those. Null when it
 * is neither.
 */
export function pathOfUrl(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.startsWith('/')) return trimmed.startsWith('//') ? null : trimmed;
  const match = /^https?:\/\/[^/?#]*(\/[^?#]*)?/i.exec(trimmed);
  if (!match) return null;
  return match[1] ?? '/';
}
