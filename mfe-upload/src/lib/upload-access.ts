import type { SessionState } from '@cloudclip/shared-kernel';

/** Which delete endpoint removes a half-created record: admin → `/admin/files`, key → `/user/files`. */
export type FileScope = 'admin' | 'user';

/** Who may upload (contract 2.5 guard `file`): an admin, or an API key with file permission. */
export type UploadAccess = { allowed: true; scope: FileScope } | { allowed: false; reason: 'anonymous' | 'key-without-file-permission' };

export function uploadAccess(session: Pick<SessionState, 'adminToken' | 'apiKey' | 'apiKeyPermissions'>): UploadAccess {
  if (session.adminToken) return { allowed: true, scope: 'admin' };
  if (session.apiKey) {
    return session.apiKeyPermissions?.file ? { allowed: true, scope: 'user' } : { allowed: false, reason: 'key-without-file-permission' };
  }
  return { allowed: false, reason: 'anonymous' };
}
