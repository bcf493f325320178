/**
 * The addresses an OpenDocument may point to that the viewer follows: links (http(s) and mailto
 * only) and pictures (the package's own parts only).
 */

/** An address a link may lead to: http(s) and mailto only (anything else: null). */
export function safeLinkHref(raw: string): string | null {
  const value = raw.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'mailto:') return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The package path of a picture reference (`Pictures/a.png`, `./Pictures/a.png`), or null for
 * anything outside the package (another origin, an absolute path, `..`).
 */
export function odfPicturePath(href: string): string | null {
  const value = href.trim().replace(/^\.\//, '');
  if (!value || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/') || value.startsWith('#')) return null;
  const segments = value.split('/');
  if (segments.some((segment) => segment === '..' || segment === '')) return null;
  return segments.join('/');
}
