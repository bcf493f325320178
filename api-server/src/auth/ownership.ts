import type { UserKeyInfo } from '@cloudclip/contract';
import type { ApiKeyPrincipal } from './auth-context';

/**
 * `created_by` values of contract §2.7 for shares (pastes, share uploads):
 * `<adminId>` for an admin, `apikey:<keyId>` for an API key.
 * `/api/user/*` listings only see rows whose `created_by` is exactly `apikey:<keyId>`.
 */
const API_KEY_CREATOR_PREFIX = 'apikey:';

export function apiKeyCreator(keyId: string): string {
  return `${API_KEY_CREATOR_PREFIX}${keyId}`;
}

/** The key id of an `apikey:<keyId>` creator, else undefined. */
export function apiKeyIdOfCreator(createdBy: string | null | undefined): string | undefined {
  if (!createdBy || !createdBy.startsWith(API_KEY_CREATOR_PREFIX)) return undefined;
  const id = createdBy.slice(API_KEY_CREATOR_PREFIX.length);
  return id === '' ? undefined : id;
}

/** The `key_info` of the `/api/user/*` listings: the calling key as its holder sees it. */
export function userKeyInfo(key: ApiKeyPrincipal): UserKeyInfo {
  return { id: key.id, name: key.name, key: key.key, basicPath: key.basicPath, permissions: { ...key.permissions, admin: false } };
}
