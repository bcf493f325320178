/**
 * The admin modules (spec §2), in menu order: the host routes `/admin/<module>` and titles them,
 * mfe-admin renders them. One list, so the two cannot disagree about which modules exist.
 * e2e imports this file by path (it does not depend on the kernel package): keep it free of imports.
 */
export const ADMIN_MODULES = [
  'dashboard',
  'text-management',
  'file-management',
  'storage-config',
  'mount-management',
  'key-management',
  'settings',
  'backup',
] as const;
export type AdminModule = (typeof ADMIN_MODULES)[number];

export function isAdminModule(value: string | undefined): value is AdminModule {
  return !!value && (ADMIN_MODULES as readonly string[]).includes(value);
}
