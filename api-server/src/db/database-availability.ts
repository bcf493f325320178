import { HttpError } from '../http/http-error';
import { isPeerUnreachableCode } from '../lib/socket-errors';

/**
 * What the api-server does while PostgreSQL is away (issue 41: a restart of PostgreSQL ended every
 * replica). The pool (db/database.ts) turns a failure to reach the database into
 * DatabaseUnavailableError, the app answers it 503 at once, the pool connects again by itself on
 * the next request, and DatabaseAvailability remembers whether the database answered last, for the
 * health endpoint, the log and the invalidation bus's reconnect.
 */

/** Retry-After of a 503 while the database is away: a restart takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database could not be reached (refused, reset, shut down, starting up, timed out). An
 * HttpError, so that every route's own error handling (the JSON envelope, text/plain proxy links,
 * `{ error }` of office preview, cache endpoints without `data`, WebDAV) answers 503 with the
 * message in the caller's language without knowing about databases.
 */
export class DatabaseUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, 'error.databaseUnavailable', { headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) }, cause });
    this.name = 'DatabaseUnavailableError';
    // For the log and a failed start (the answer's text comes from the message key).
    this.message = `The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`;
  }
}

/**
 * SQLSTATEs that mean the connection, not the statement, failed: class 08 (connection exception),
 * admin_shutdown (57P01, `pg_ctl stop -m fast` ends every session with it), crash_shutdown (57P02),
 * cannot_connect_now (57P03: shutting down or starting up) and too_many_connections (53300).
 */
const CONNECTION_SQLSTATES = /^(?:08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** pg's own errors (no code) for a connection that ended or could not be had in time. */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
];

/** Whether `error` (or an error it wraps) says the database connection failed rather than the statement. */
export function isConnectionFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_SQLSTATES.test(code) || isPeerUnreachableCode(code))) return true;
    if (PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
    // AggregateError of a connect to every address of a host name.
    if (current instanceof AggregateError && current.errors.some((inner) => isConnectionFailure(inner))) return true;
  }
  return false;
}

export type AvailabilityListener = (available: boolean, error?: unknown) => void;

/**
 * Whether the database answered last. Goes unavailable on a failed connect or a connection lost
 * (`unavailable`), available again on a successful connect or statement (`available`); listeners
 * hear each change once, not every failure of an outage. `confirm()` answers from that, and while
 * unavailable asks the database once more (one probe at a time, shared by every caller), so that a
 * database that came back is seen even when nothing else has reached it yet.
 */
export class DatabaseAvailability {
  private up = true;
  private readonly listeners: AvailabilityListener[] = [];
  private probing: Promise<boolean> | null = null;

  /** `probe` runs one trivial statement (SQLite: none, it is always available). */
  constructor(private readonly probe: () => Promise<void> = async () => undefined) {}

  get isAvailable(): boolean {
    return this.up;
  }

  onChange(listener: AvailabilityListener): void {
    this.listeners.push(listener);
  }

  unavailable(error: unknown): void {
    if (!this.up) return;
    this.up = false;
    for (const listener of this.listeners) listener(false, error);
  }

  available(): void {
    if (this.up) return;
    this.up = true;
    for (const listener of this.listeners) listener(true);
  }

  /** True when the database answers: at once while it did last, else after one probe. Never throws. */
  confirm(): Promise<boolean> {
    if (this.up) return Promise.resolve(true);
    this.probing ??= this.probe().then(
      () => {
        this.available();
        return true;
      },
      (error: unknown) => {
        this.unavailable(error);
        return this.up;
      },
    );
    const probe = this.probing;
    void probe.finally(() => {
      if (this.probing === probe) this.probing = null;
    });
    return probe;
  }
}
