import { useSession } from '@cloudclip/shared-kernel';

/**
 * Who can share (spec §6): an admin or a key with text permission can; a key without it cannot;
 * an anonymous visitor may try (the server may allow guest pastes; there is no endpoint to ask).
 */
export type ShareAccess = 'allowed' | 'anonymous' | 'missing-text-permission';

export function useShareAccess(): ShareAccess {
  const session = useSession();
  if (session.adminToken) return 'allowed';
  if (session.apiKey) return session.apiKeyPermissions?.text ? 'allowed' : 'missing-text-permission';
  return 'anonymous';
}
