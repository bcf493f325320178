/** The routes this remote owns (below the basename the host gives it). The one place they live. */
export const PATHS = {
  home: '/',
  paste: '/paste/:slug',
  file: '/file/:slug',
} as const;

export function pastePath(slug: string): string {
  return `/paste/${encodeURIComponent(slug)}`;
}

export function filePath(slug: string): string {
  return `/file/${encodeURIComponent(slug)}`;
}

/** Absolute address of a page of the web client (share links, QR codes). */
export function pageUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).toString();
}

/** The admin area (login) lives in another remote: ask the host to go there. */
export const LOGIN_PATH = '/admin';
