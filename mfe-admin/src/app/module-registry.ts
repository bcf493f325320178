import { ADMIN_MODULES, isAdminModule, type AdminModule, type SessionState } from '@cloudclip/shared-kernel';

/** Path of a module under the remote's basename (the dashboard is the area's root). */
export function modulePath(module: AdminModule): string {
  return module === 'dashboard' ? '/' : `/${module}`;
}

/** The module a path of this remote shows (`/` → dashboard); null for anything else. */
export function moduleOfPath(pathname: string): AdminModule | null {
  const segment = pathname.replace(/^\/+|\/+$/g, '').split('/')[0] ?? '';
  if (segment === '') return 'dashboard';
  return isAdminModule(segment) ? segment : null;
}

export type ModuleAccess = 'full' | 'user' | 'none';

/**
 * What the current session may do in a module:
 * - `full`: admin;
 * - `user`: an API key's user-level equivalent (own pastes with `text`, own files with `file`,
 *   visible mounts and the cache with `mount`, and the key's own account page);
 * - `none`: the permission-denied page (dashboard, storage configs, keys and backup are admin-only).
 */
export function moduleAccess(
  module: AdminModule,
  session: Pick<SessionState, 'adminToken' | 'apiKey' | 'apiKeyPermissions'>,
): ModuleAccess {
  if (session.adminToken) return 'full';
  if (!session.apiKey) return 'none';
  const permissions = session.apiKeyPermissions ?? { text: false, file: false, mount: false };
  switch (module) {
    case 'text-management':
      return permissions.text ? 'user' : 'none';
    case 'file-management':
      return permissions.file ? 'user' : 'none';
    case 'mount-management':
      return permissions.mount ? 'user' : 'none';
    case 'settings':
      return 'user';
    case 'dashboard':
    case 'storage-config':
    case 'key-management':
    case 'backup':
      return 'none';
  }
}

/** The modules shown in the menu for a session. */
export function visibleModules(session: Pick<SessionState, 'adminToken' | 'apiKey' | 'apiKeyPermissions'>): AdminModule[] {
  return ADMIN_MODULES.filter((module) => moduleAccess(module, session) !== 'none');
}
