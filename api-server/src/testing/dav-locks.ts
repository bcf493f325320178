import type { LightMyRequestResponse } from 'fastify';

/**
 * Helpers of the tests that take WebDAV locks through the app (dav-locks, webdav-key-locks,
 * webdav-routes): a LOCK request body and the token of a granted lock.
 */

/** A LOCK body asking for a write lock of `scope`, with `<D:owner>` when `owner` is given. */
export function lockInfo(owner?: string, scope: 'exclusive' | 'shared' = 'exclusive'): string {
  const ownerXml = owner === undefined ? '' : `<D:owner>${owner}</D:owner>`;
  return `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype>${ownerXml}</D:lockinfo>`;
}

/** The token of the lock a LOCK answer granted (without its angle brackets); throws when none was granted. */
export function lockTokenOf(response: LightMyRequestResponse): string {
  if (![200, 201].includes(response.statusCode)) throw new Error(`LOCK: ${response.statusCode} ${response.body}`);
  return String(response.headers['lock-token']).replace(/[<>]/g, '');
}
