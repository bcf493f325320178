import { CREDENTIAL_STALE_MS } from '../constants';
import type { CloudclipApi } from '../api/endpoints/api';
import { ApiError, isApiError } from '../api/api-error';
import type { SessionStore } from './session-store';
import { normalisePermissions } from './session-store';

/** Credentials older than this are re-checked when an admin route is opened (legacy: 5 minutes). */

/**
 * A verdict on the credential: the server answered 401 or 403. Network failures, cancellations and
 * 5xx (API down or restarting behind the gateway) say nothing about it, so the session is kept.
 */
function isServerRejection(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'http' || error.kind === 'envelope') && (error.status === 401 || error.status === 403);
}

/**
 * Login, logout and session checks on top of the endpoint modules and the session store.
 * Messages of thrown errors are in the user's language (error catalogue).
 */
export class AuthService {
  /** The credential checks under way, by credential. */
  private readonly checks = new Map<'admin' | 'apiKey', Promise<boolean>>();

  constructor(
    private readonly api: CloudclipApi,
    private readonly session: SessionStore,
    private readonly translate: (key: string) => string = (key) => key,
  ) {}

  /** Admin login: stores the token on success. */
  async loginAdmin(username: string, password: string): Promise<void> {
    let data: unknown;
    try {
      data = await this.api.auth.login({ username, password });
    } catch (error) {
      if (isApiError(error)) throw error;
      throw new ApiError(this.translate('errors.loginFailed'), 'http', 0);
    }
    const token = (data as { token?: unknown } | null)?.token;
    if (typeof token !== 'string' || token.length === 0) {
      throw new ApiError(this.translate('errors.tokenMissing'), 'envelope', 200, { body: data });
    }
    this.session.loginAdmin(token);
  }

  /** API-key login: checks the key with the server, then stores key, permissions and key info. */
  async loginApiKey(key: string): Promise<void> {
    const candidate = key.trim();
    let data: Awaited<ReturnType<CloudclipApi['auth']['testApiKey']>>;
    try {
      data = await this.api.auth.testApiKey(candidate);
    } catch (error) {
      if (isApiError(error) && error.kind !== 'http') throw error;
      const serverMessage = isApiError(error) ? error.details.serverMessage : undefined;
      throw new ApiError(serverMessage ?? this.translate('errors.keyValidationFailed'), 'http', isApiError(error) ? error.status : 0);
    }
    if (!data || typeof data !== 'object' || !data.permissions) {
      throw new ApiError(this.translate('errors.keyPermissionsFailed'), 'envelope', 200, { body: data });
    }
    const info = data.key_info ?? { id: '', name: data.name, basic_path: data.basic_path };
    this.session.loginApiKey(candidate, normalisePermissions(data.permissions), {
      id: info.id,
      name: info.name,
      basic_path: info.basic_path || '/',
    });
  }

  /** Logout: tells the server (admin; errors ignored) and forgets every credential. */
  async logout(): Promise<void> {
    if (this.session.kind === 'admin') {
      try {
        await this.api.auth.logout();
      } catch {
        /* the token is dropped locally whatever the server says */
      }
    }
    this.session.clear();
  }

  /**
   * Asks `GET /test/admin-token` whether the stored admin token is still valid. A rejection by the
   * server clears it and fires `admin-token-expired`; a network failure keeps it. Concurrent calls share one request.
   * Without `force`, a token checked within the last 5 minutes is trusted.
   */
  checkAdminToken(options: { force?: boolean } = {}): Promise<boolean> {
    if (!this.session.snapshot.adminToken) return Promise.resolve(false);
    if (!options.force && !this.session.isStale(CREDENTIAL_STALE_MS)) return Promise.resolve(true);
    const token = this.session.snapshot.adminToken;
    return this.checkOnce(
      'admin',
      () => this.api.auth.checkAdminToken(),
      () => {
        if (this.session.snapshot.adminToken === token) this.session.markValidated();
      },
      () => {
        // A 401 was already handled by the client's error catalogue; anything else the server says also ends the session.
        if (this.session.snapshot.adminToken === token) this.session.expireAdminToken('check-failed');
      },
    );
  }

  /** Re-validates the stored API key and refreshes its permissions; a rejection invalidates it. */
  checkApiKey(): Promise<boolean> {
    if (!this.session.snapshot.apiKey) return Promise.resolve(false);
    const key = this.session.snapshot.apiKey;
    return this.checkOnce(
      'apiKey',
      () => this.api.auth.testApiKey(),
      (data) => {
        if (this.session.snapshot.apiKey === key && data?.permissions) {
          const info = data.key_info ?? { id: '', name: data.name, basic_path: data.basic_path };
          this.session.refreshApiKey(normalisePermissions(data.permissions), {
            id: info.id,
            name: info.name,
            basic_path: info.basic_path || '/',
          });
        }
      },
      () => {
        if (this.session.snapshot.apiKey === key) this.session.invalidateApiKey('check-failed');
      },
    );
  }

  /**
   * One check of a stored credential at a time (a second caller shares the running one): `accepted`
   * takes the server's answer (true); a rejection by the server ends the credential through
   * `rejected` (false); any other failure (offline, timeout) keeps it (true).
   */
  private checkOnce<T>(
    credential: 'admin' | 'apiKey',
    ask: () => Promise<T>,
    accepted: (answer: T) => void,
    rejected: () => void,
  ): Promise<boolean> {
    const running = this.checks.get(credential);
    if (running) return running;
    const check = ask()
      .then((answer) => {
        accepted(answer);
        return true;
      })
      .catch((error: unknown) => {
        if (!isServerRejection(error)) return true;
        rejected();
        return false;
      })
      .finally(() => {
        this.checks.delete(credential);
      });
    this.checks.set(credential, check);
    return check;
  }

  /** Start-up check of whatever credential is stored (admin token takes precedence). */
  async validateStoredCredentials(): Promise<void> {
    if (this.session.snapshot.adminToken) await this.checkAdminToken({ force: true });
    else if (this.session.snapshot.apiKey) await this.checkApiKey();
  }
}
