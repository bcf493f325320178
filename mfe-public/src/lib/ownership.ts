import type { ApiKeyPermissions, SessionState } from '@cloudclip/shared-kernel';

/** Which management endpoints a caller uses for a share: `/api/admin/*` or `/api/user/*`. */
export type ManageScope = 'admin' | 'user';

/**
 * Who may edit and delete a share (contract §2.7): an admin (any row, admin endpoints), or the API
 * key that created it (`created_by` = `apikey:<keyId>`) when it holds the permission the user
 * endpoints need (`text` for pastes, `file` for files). Everybody else: null.
 */
export function manageScope(
  session: SessionState,
  createdBy: string | null | undefined,
  permission: keyof ApiKeyPermissions,
): ManageScope | null {
  if (session.adminToken) return 'admin';
  const keyId = session.apiKeyInfo?.id;
  if (session.apiKey && keyId && createdBy === `apikey:${keyId}` && session.apiKeyPermissions?.[permission]) return 'user';
  return null;
}
