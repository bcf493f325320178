/**
 * Share links: `<server>/paste/<slug>` (+ `#<key>` when end-to-end encrypted), `<server>/file/<slug>`,
 * or a bare slug (a paste first, then a file share).
 */
import { isShareSlug } from '@cloudclip/contract';

export interface ParsedLink {
  /** Server of the link (origin + any base path); absent for a bare slug. */
  server?: string;
  kind: 'paste' | 'file' | 'any';
  slug: string;
  /** The decryption key from the fragment. */
  key?: string;
}

export function pasteLink(server: string, slug: string, key?: string): string {
  return `${server}/paste/${encodeURIComponent(slug)}${key ? `#${key}` : ''}`;
}

export function fileLink(server: string, slug: string): string {
  return `${server}/file/${encodeURIComponent(slug)}`;
}

/** The parts of a link or bare slug; null when it is neither. */
export function parseLink(input: string): ParsedLink | null {
  const text = input.trim();
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return null;
    }
    const match = /^(.*)\/(paste|file)\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) return null;
    const slug = decodeURIComponent(match[3] as string);
    if (!isShareSlug(slug)) return null;
    const link: ParsedLink = {
      server: `${url.origin}${match[1] as string}`,
      kind: match[2] === 'paste' ? 'paste' : 'file',
      slug,
    };
    const key = url.hash.replace(/^#/, '');
    if (key) link.key = key;
    return link;
  }
  const hash = text.indexOf('#');
  const slug = hash === -1 ? text : text.slice(0, hash);
  if (!isShareSlug(slug)) return null;
  const link: ParsedLink = { kind: 'any', slug };
  if (hash !== -1 && text.slice(hash + 1)) link.key = text.slice(hash + 1);
  return link;
}
