// Putting a response into a cache: only a complete, same-origin, successful response that allows
// storing, and, when a digest is known, only when its bytes match it.
import { matchesIntegrity } from './integrity';

export type StoreOutcome = 'stored' | 'integrity-mismatch' | 'not-storable';

/** A response the worker may keep: 2xx but 206, readable (not opaque), not `no-store`, not `Vary: *`. */
export function isStorable(response: Response): boolean {
  if (!response.ok || response.status === 206) return false;
  if (response.type !== 'basic' && response.type !== 'cors' && response.type !== 'default') return false;
  if (/(?:^|[,\s])no-store(?:$|[,\s;])/i.test(response.headers.get('cache-control') ?? '')) return false;
  if ((response.headers.get('vary') ?? '').trim() === '*') return false;
  return true;
}

/**
 * Stores `response` (consumed: pass a clone when the original is still needed) under `key`.
 * With `integrity`, the body is hashed first and stored only when it matches.
 */
export async function putVerified(
  cache: Cache,
  key: RequestInfo,
  response: Response,
  integrity: string | undefined,
  subtle: SubtleCrypto | undefined,
): Promise<StoreOutcome> {
  if (!isStorable(response)) return 'not-storable';
  if (!integrity) {
    await cache.put(key, response);
    return 'stored';
  }
  const body = await response.arrayBuffer();
  if (!subtle || !(await matchesIntegrity(body, integrity, subtle))) return 'integrity-mismatch';
  await cache.put(key, new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }));
  return 'stored';
}
