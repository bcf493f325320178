import { StorageError } from '../storage-driver';
import { DEFAULT_OPERATION_TIMEOUT_MS, type SftpConnectionOptions } from './sftp-connection-options';
import { openSftpSession, type SftpSession } from './sftp-connection';
import { SftpOps } from './sftp-ops';

const MAX_SESSIONS = 4;
const IDLE_CLOSE_MS = 60_000;
/** A new session is opened once every session carries this many requests (up to MAX_SESSIONS). */
const BUSY_THRESHOLD = 4;

/** Up to four SFTP sessions per config, shared by concurrent requests; idle ones close after 60 s. */
export class SftpPool {
  private readonly sessions = new Set<SftpSession>();
  private readonly opening = new Set<Promise<SftpSession>>();
  private destroyed = false;

  constructor(
    private readonly options: SftpConnectionOptions,
    private readonly limits: { maxSessions?: number; idleCloseMs?: number } = {},
  ) {}

  get size(): number {
    return [...this.sessions].filter((session) => !session.closed).length;
  }

  get operationTimeoutMs(): number {
    return this.options.operationTimeoutMs ?? DEFAULT_OPERATION_TIMEOUT_MS;
  }

  async acquire(): Promise<SftpSession> {
    if (this.destroyed) throw new StorageError('Unavailable', 'The SFTP storage driver was closed');
    for (const session of this.sessions) if (session.closed) this.drop(session);
    let best: SftpSession | undefined;
    for (const session of this.sessions) if (!best || session.active < best.active) best = session;
    const max = this.limits.maxSessions ?? MAX_SESSIONS;
    if (!best || (best.active >= BUSY_THRESHOLD && this.sessions.size + this.opening.size < max)) {
      const opening = openSftpSession(this.options);
      this.opening.add(opening);
      try {
        const session = await opening;
        if (this.destroyed) {
          session.client.end();
          throw new StorageError('Unavailable', 'The SFTP storage driver was closed');
        }
        this.sessions.add(session);
        best = session;
      } catch (error) {
        if (!best) throw error;
      } finally {
        this.opening.delete(opening);
      }
    }
    this.take(best);
    return best;
  }

  private take(session: SftpSession): void {
    session.active += 1;
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
  }

  release(session: SftpSession): void {
    session.active = Math.max(0, session.active - 1);
    if (session.closed) return this.drop(session);
    if (session.active === 0 && !this.destroyed) {
      session.idleTimer = setTimeout(() => this.drop(session), this.limits.idleCloseMs ?? IDLE_CLOSE_MS);
      session.idleTimer.unref();
    }
  }

  /** Ends a session that stopped answering (a timeout) so no later request waits on it. */
  discard(session: SftpSession): void {
    session.closed = true;
    this.drop(session);
  }

  private drop(session: SftpSession): void {
    if (session.idleTimer) clearTimeout(session.idleTimer);
    this.sessions.delete(session);
    session.closed = true;
    session.client.end();
    // `end` waits for the server; a server that stopped answering must not keep the socket open.
    setTimeout(() => session.client.destroy(), 1_000).unref();
  }

  /**
   * Runs `run` on a pooled session. Every SFTP request it makes through `SftpOps` has its own
   * timeout (an idle timeout: a long transfer is fine as long as each request is answered).
   */
  async use<T>(run: (ops: SftpOps) => Promise<T>): Promise<T> {
    const session = await this.acquire();
    try {
      return await run(new SftpOps(session, this, `${this.options.host}:${this.options.port}`));
    } finally {
      this.release(session);
    }
  }

  destroy(): void {
    this.destroyed = true;
    for (const session of [...this.sessions]) this.drop(session);
  }
}
