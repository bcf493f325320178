import { mayUploadFiles, type SessionState } from '@cloudclip/shared-kernel';

/** Which delete endpoint removes a half-created record: admin → `/admin/files`, key → `/user/files`. */
export type FileScope = 'admin' | 'user';

/** Who may upload (the kernel's `mayUploadFiles`, contract 2.5 guard `file`), and as whom. */
export type UploadAccess = { allowed: true; scope: FileScope } | { allowed: false; reason: 'anonymous' | 'key-without-file-permission' };

export function uploadAccess(session: Pick<SessionState, 'adminToken' | 'apiKey' | 'apiKeyPermissions'>): UploadAccess {
  if (!mayUploadFiles(session)) return { allowed: false, reason: session.apiKey ? 'key-without-file-permission' : 'anonymous' };
  return { allowed: true, scope: session.adminToken ? 'admin' : 'user' };
}
