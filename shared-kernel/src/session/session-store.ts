import { BehaviorSubject, Observable, distinctUntilChanged, map } from 'rxjs';
import { STORAGE_KEYS, type SafeStorage } from '../storage-keys';
import type { EventBus } from '../bus/event-bus';

export interface ApiKeyPermissions {
  text: boolean;
  file: boolean;
  mount: boolean;
}

export interface ApiKeyInfo {
  id: string;
  name: string;
  basic_path: string;
}

export interface SessionState {
  adminToken: string | null;
  apiKey: string | null;
  apiKeyPermissions: ApiKeyPermissions | null;
  apiKeyInfo: ApiKeyInfo | null;
  /** Epoch ms of the last successful check against the server; 0 when never checked in this page. */
  validatedAt: number;
}

export type SessionKind = 'admin' | 'apiKey' | 'anonymous';

const SESSION_KEYS: readonly string[] = [
  STORAGE_KEYS.adminToken,
  STORAGE_KEYS.apiKey,
  STORAGE_KEYS.apiKeyPermissions,
  STORAGE_KEYS.apiKeyInfo,
];

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

export function normalisePermissions(raw: unknown): ApiKeyPermissions {
  const source = (raw ?? {}) as Record<string, unknown>;
  return { text: toBool(source.text), file: toBool(source.file), mount: toBool(source.mount) };
}

/**
 * The session: admin token (sent as Bearer) takes precedence over the API key (sent as ApiKey).
 * Persisted in the contract's localStorage keys; observable for every app.
 */
export class SessionStore {
  private readonly state$: BehaviorSubject<SessionState>;

  constructor(
    private readonly storage: SafeStorage,
    private readonly bus: EventBus,
    win: Window | undefined = typeof window !== 'undefined' ? window : undefined,
  ) {
    this.state$ = new BehaviorSubject<SessionState>(this.readPersisted());
    // Another tab logged in or out: follow it.
    win?.addEventListener('storage', (event) => {
      if (event.key === null || SESSION_KEYS.includes(event.key)) this.syncFromStorage();
    });
  }

  /**
   * Re-reads the credentials from storage (the route guard does this before it checks, so a token
   * stored by another tab or script is seen). Announces a change of who is logged in.
   */
  syncFromStorage(): void {
    const persisted = this.readPersisted();
    const current = this.state$.value;
    if (persisted.adminToken === current.adminToken && persisted.apiKey === current.apiKey) return;
    this.state$.next({ ...persisted, validatedAt: 0 });
    const kind = persisted.adminToken ? 'admin-login' : persisted.apiKey ? 'apikey-login' : 'logout';
    this.bus.emit('auth-changed', { type: kind, isAuthenticated: kind !== 'logout' });
  }

  private readPersisted(): SessionState {
    const adminToken = this.storage.get(STORAGE_KEYS.adminToken) || null;
    const apiKey = this.storage.get(STORAGE_KEYS.apiKey) || null;
    const permissions = parseJson<unknown>(this.storage.get(STORAGE_KEYS.apiKeyPermissions));
    return {
      adminToken,
      apiKey,
      apiKeyPermissions: apiKey && permissions ? normalisePermissions(permissions) : null,
      apiKeyInfo: apiKey ? parseJson<ApiKeyInfo>(this.storage.get(STORAGE_KEYS.apiKeyInfo)) : null,
      validatedAt: 0,
    };
  }

  get snapshot(): SessionState {
    return this.state$.value;
  }

  /** The session as it changes (emits the current state first). */
  changes(): Observable<SessionState> {
    return this.state$.asObservable();
  }

  get kind(): SessionKind {
    const state = this.snapshot;
    if (state.adminToken) return 'admin';
    if (state.apiKey) return 'apiKey';
    return 'anonymous';
  }

  kind$(): Observable<SessionKind> {
    return this.state$.pipe(
      map((state) => (state.adminToken ? 'admin' : state.apiKey ? 'apiKey' : 'anonymous') as SessionKind),
      distinctUntilChanged(),
    );
  }

  /** The Authorization header value for the current session, or null when anonymous. */
  authorizationHeader(): string | null {
    const { adminToken, apiKey } = this.snapshot;
    if (adminToken) return `Bearer ${adminToken}`;
    if (apiKey) return `ApiKey ${apiKey}`;
    return null;
  }

  /** True when the admin area may be opened: admins and keys with any permission. */
  canOpenAdminArea(): boolean {
    const { adminToken, apiKeyPermissions } = this.snapshot;
    if (adminToken) return true;
    return !!apiKeyPermissions && (apiKeyPermissions.text || apiKeyPermissions.file || apiKeyPermissions.mount);
  }

  hasPermission(flag: keyof ApiKeyPermissions): boolean {
    const { adminToken, apiKeyPermissions } = this.snapshot;
    return !!adminToken || !!apiKeyPermissions?.[flag];
  }

  private update(next: Partial<SessionState>): void {
    this.state$.next({ ...this.state$.value, ...next });
  }

  loginAdmin(token: string): void {
    this.storage.set(STORAGE_KEYS.adminToken, token);
    this.storage.remove(STORAGE_KEYS.apiKey);
    this.storage.remove(STORAGE_KEYS.apiKeyPermissions);
    this.storage.remove(STORAGE_KEYS.apiKeyInfo);
    this.update({ adminToken: token, apiKey: null, apiKeyPermissions: null, apiKeyInfo: null, validatedAt: Date.now() });
    this.bus.emit('auth-changed', { type: 'admin-login', isAuthenticated: true });
  }

  loginApiKey(key: string, permissions: ApiKeyPermissions, info: ApiKeyInfo): void {
    this.storage.remove(STORAGE_KEYS.adminToken);
    this.storage.set(STORAGE_KEYS.apiKey, key);
    this.storage.set(STORAGE_KEYS.apiKeyPermissions, JSON.stringify(permissions));
    this.storage.set(STORAGE_KEYS.apiKeyInfo, JSON.stringify(info));
    this.update({ adminToken: null, apiKey: key, apiKeyPermissions: permissions, apiKeyInfo: info, validatedAt: Date.now() });
    this.bus.emit('auth-changed', { type: 'apikey-login', isAuthenticated: true });
  }

  /** Refreshes the key's permissions and info after a successful check. */
  refreshApiKey(permissions: ApiKeyPermissions, info: ApiKeyInfo): void {
    if (!this.snapshot.apiKey) return;
    this.storage.set(STORAGE_KEYS.apiKeyPermissions, JSON.stringify(permissions));
    this.storage.set(STORAGE_KEYS.apiKeyInfo, JSON.stringify(info));
    this.update({ apiKeyPermissions: permissions, apiKeyInfo: info, validatedAt: Date.now() });
  }

  markValidated(): void {
    this.update({ validatedAt: Date.now() });
  }

  /** Removes every credential (logout). */
  clear(): void {
    const wasAuthenticated = this.kind !== 'anonymous';
    this.storage.remove(STORAGE_KEYS.adminToken);
    this.storage.remove(STORAGE_KEYS.apiKey);
    this.storage.remove(STORAGE_KEYS.apiKeyPermissions);
    this.storage.remove(STORAGE_KEYS.apiKeyInfo);
    this.update({ adminToken: null, apiKey: null, apiKeyPermissions: null, apiKeyInfo: null, validatedAt: 0 });
    if (wasAuthenticated) this.bus.emit('auth-changed', { type: 'logout', isAuthenticated: false });
  }

  /** The server rejected the admin token: clear it and raise `admin-token-expired`. */
  expireAdminToken(reason: 'unauthorized' | 'check-failed'): void {
    if (!this.snapshot.adminToken) return;
    this.storage.remove(STORAGE_KEYS.adminToken);
    this.update({ adminToken: null, validatedAt: 0 });
    this.bus.emit('admin-token-expired', { reason });
    this.bus.emit('auth-changed', { type: 'logout', isAuthenticated: this.kind !== 'anonymous' });
  }

  /** The server rejected the API key: clear key, permissions and info, and raise `api-key-invalid`. */
  invalidateApiKey(reason: 'unauthorized' | 'check-failed'): void {
    if (!this.snapshot.apiKey) return;
    this.storage.remove(STORAGE_KEYS.apiKey);
    this.storage.remove(STORAGE_KEYS.apiKeyPermissions);
    this.storage.remove(STORAGE_KEYS.apiKeyInfo);
    this.update({ apiKey: null, apiKeyPermissions: null, apiKeyInfo: null, validatedAt: 0 });
    this.bus.emit('api-key-invalid', { reason });
    this.bus.emit('auth-changed', { type: 'logout', isAuthenticated: this.kind !== 'anonymous' });
  }

  /** Credentials are re-checked when older than `maxAgeMs` (5 minutes in the legacy client). */
  isStale(maxAgeMs: number, now = Date.now()): boolean {
    return now - this.snapshot.validatedAt > maxAgeMs;
  }
}
