import type { FsApi } from '../../../lib/fs-api';
import type { CloudclipApi, SessionState } from '@cloudclip/shared-kernel';

/**
 * Who may browse, and through which API (contract §5.9, §2.5): admins use `/api/admin/fs`; key
 * holders use `/api/user/fs`, which the server gates on the **file** permission (not `mount`, as the
 * spec's UI gating suggests: the contract wins) and confines to the key's basic path.
 */
export type ExplorerAccess =
  | { kind: 'admin'; fs: FsApi; basePath: string }
  | { kind: 'key'; fs: FsApi; basePath: string }
  | { kind: 'key-without-file'; fs: null; basePath: string }
  | { kind: 'anonymous'; fs: null; basePath: string };

export function explorerAccessOf(session: SessionState, api: Pick<CloudclipApi, 'fs'>): ExplorerAccess {
  if (session.adminToken) return { kind: 'admin', fs: api.fs.admin, basePath: '/' };
  if (session.apiKey) {
    const basePath = session.apiKeyInfo?.basic_path || '/';
    if (!session.apiKeyPermissions?.file) return { kind: 'key-without-file', fs: null, basePath };
    return { kind: 'key', fs: api.fs.user, basePath };
  }
  return { kind: 'anonymous', fs: null, basePath: '/' };
}
