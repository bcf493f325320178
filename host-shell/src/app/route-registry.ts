/** Every route of the product and which remote owns it (spec §2). The one place route paths live. */
import { isAdminModule, type AdminModule } from '@cloudclip/shared-kernel';
import routeMap from './route-map.json';

export type AreaId = 'public' | 'upload' | 'admin' | 'explorer';

export interface RemoteArea {
  id: AreaId;
  /** Federation container name of the remote that renders the area. */
  remote: string;
  /** The route prefix the remote's router uses as basename. */
  basename: string;
}

export const AREAS: Record<AreaId, RemoteArea> = {
  public: { id: 'public', remote: 'cloudclip_public', basename: '/' },
  upload: { id: 'upload', remote: 'cloudclip_upload', basename: '/upload' },
  admin: { id: 'admin', remote: 'cloudclip_admin', basename: '/admin' },
  explorer: { id: 'explorer', remote: 'cloudclip_explorer', basename: '/mount-explorer' },
};

export const ROUTES = {
  home: '/',
  upload: '/upload',
  admin: '/admin',
  adminModule: (module: AdminModule) => `/admin/${module}`,
  paste: (slug: string) => `/paste/${encodeURIComponent(slug)}`,
  file: (slug: string) => `/file/${encodeURIComponent(slug)}`,
  mountExplorer: '/mount-explorer',
} as const;

/** i18n key (namespace `shell`; an admin module's name is the kernel's `common:adminModules.*`) of the page label used in the document title, or null for unknown paths. */
export function titleKeyFor(pathname: string): string | null {
  if (pathname === '/' || pathname === '') return 'titles.home';
  if (pathname === '/upload' || pathname === '/upload/') return 'titles.upload';
  const admin = /^\/admin(?:\/([^/]+))?\/?$/.exec(pathname);
  if (admin) {
    const module = admin[1] ?? 'dashboard';
    return isAdminModule(module) ? `common:adminModules.${module}` : null;
  }
  if (/^\/paste\/[^/]+\/?$/.test(pathname)) return 'titles.paste';
  if (/^\/file\/[^/]+\/?$/.test(pathname)) return 'titles.file';
  if (pathname === '/mount-explorer' || pathname.startsWith('/mount-explorer/')) return 'titles.mountExplorer';
  return null;
}

/**
 * The federation container that renders a page address (route-map.json, which the gateway also
 * reads to preload that remote with the page), or null for an address the router redirects.
 */
export function remoteForPath(pathname: string): string | null {
  for (const route of routeMap.routes) if (new RegExp(route.pattern).test(pathname)) return route.remote;
  return null;
}
