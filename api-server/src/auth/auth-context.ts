/** Who is calling, resolved once per request from the Authorization header (contract §2.1). */

export type Permission = 'text' | 'file' | 'mount';

export interface ApiKeyPrincipal {
  id: string;
  name: string;
  /** The key value itself. */
  key: string;
  basicPath: string;
  permissions: Record<Permission, boolean>;
  expiresAt: string;
}

export interface AdminAuth {
  kind: 'admin';
  adminId: string;
  /** The bearer token, when the admin authenticated with one (absent for Basic). */
  token?: string;
  /** True when the credentials came as HTTP Basic (contract §2.7: such callers create rows with `created_by` null). */
  viaBasic?: boolean;
}

export interface ApiKeyAuth {
  kind: 'apiKey';
  key: ApiKeyPrincipal;
  /** True when the key came as HTTP Basic user = pass (WebDAV style); still that key: it owns what it creates. */
  viaBasic?: boolean;
}

export interface AnonymousAuth {
  kind: 'anonymous';
}

export type AuthContext = AdminAuth | ApiKeyAuth | AnonymousAuth;

export const ANONYMOUS: AnonymousAuth = Object.freeze({ kind: 'anonymous' as const });

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every request by the auth hook (src/auth/auth-hook.ts) before any handler runs. */
    auth: AuthContext;
  }
}
