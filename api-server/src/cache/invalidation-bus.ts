import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Client, type ClientConfig, type Notification } from 'pg';
import type { AppDatabase } from '../db/database';

/**
 * Keeps the in-process caches of several api-server replicas on one PostgreSQL database correct
 * (issue 17): every clear made on one replica is applied there at once and sent to the others
 * with PostgreSQL's NOTIFY; each replica LISTENs on one dedicated connection and applies what the
 * others send. No other service is involved. On SQLite (one process) the bus is LocalInvalidationBus,
 * which sends nothing: behaviour there is what it was.
 *
 * The in-memory state of api-server/src and what happens to it with two replicas:
 *
 * - CacheRegistry (cache/cache-registry.ts) `directory`: the fs listings (services/fs/fs-listing.ts,
 *   tagged with mount and storage config). Cleared by every write through the fs API, WebDAV and
 *   file shares (FsAccess.invalidate, FileShareMounts), by mount changes (MountService), by storage
 *   config changes (StorageConfigService → container) and by the cache-clear endpoints
 *   (CacheService). BROADCAST: every one of those clears goes through the registry, which hands
 *   it to this bus.
 * - CacheRegistry `s3Url`: presigned links of fs-object-reads.ts (keyed with the config's
 *   `updated_at` as well). BROADCAST, as above (config changes and the clear endpoints).
 * - StorageRegistry (storage/storage-registry.ts), drivers per storage config: SAFE, every use reads
 *   the config row and the driver is versioned by its `updated_at`, so an edited config gets a new
 *   driver on every replica. A broadcast storage-config clear also evicts the driver there, so a
 *   deleted config's S3 client does not linger on the other replicas.
 * - LocalListing snapshots (storage/local-listing.ts): SAFE, they only carry one paged listing from
 *   page to page (10 s at most); a write by another replica is like a write behind the driver's
 *   back, shown by the next listing, and a token from another replica reads the folders afresh.
 * - API keys and admin tokens (services/auth-service.ts): SAFE, not cached; every request reads the
 *   key or token row, so a key revoked or changed on one replica is refused by all at the next
 *   request.
 * - VerifiedBasicCache (auth/verified-basic-cache.ts): SAFE, an entry is honoured only while the
 *   admin's row (read on every request) still has the same password hash: a password changed on one
 *   replica ends it on every replica at once.
 * - SearchTotals (services/search-totals.ts): SAFE, a count is reused only while the database's
 *   write mark is unchanged, and a write by any replica moves it.
 * - cachedTermIndex (db/search-sql.ts): SAFE, the database's lc_ctype, which does not change.
 * - The mount index (services/mount-index/): its state and queue are database rows; SAFE here.
 * - System settings: not cached (read from system_settings each time).
 * - NOT MINE, listed for completeness: CredentialGuard's failure windows and the unknown-slug limit
 *   (auth/credential-guard.ts, auth/slug-probe-limit.ts) count per process; moving them to the
 *   database is another part of issue 17.
 *
 * Delivery. A clear is published after the write it follows has committed (the callers clear after
 * their write returns). The NOTIFY is issued on the app's pool as its own statement, so it is
 * delivered as soon as that statement commits; the app holds a response back until the NOTIFYs
 * its request started have been sent (`settled`, an onSend hook in app.ts), so once a client has
 * the answer of a write, every other replica's listen connection has been sent the clear.
 * PostgreSQL delivers notifications in commit order; `sync()` waits until this replica has
 * received everything committed before it (a barrier through the same channel). With more than
 * one replica, every request waits for one before it is handled (app.ts, `readAfterWrite`), so a
 * client that got the answer of a write from one replica reads it from any other at once: the
 * write's clear was committed before that answer, and so before the read's barrier.
 *
 * The channel is per schema (`cloudclip_invalidate.<schema>`, or a hash of it when too long), so
 * apps in different schemas of one database do not clear each other's caches. A payload is JSON:
 * `{ v: 1, from: <instance id>, inv: {...} }` (or `barrier` instead of `inv`); a replica ignores its
 * own clears (it applied them already). A payload over MAX_PAYLOAD_BYTES is sent as a clear of
 * everything instead (PostgreSQL refuses payloads of 8000 bytes or more).
 *
 * The listen connection is a session of its own on DATABASE_URL: behind a connection pooler it
 * must be in session mode (LISTEN does not work through PgBouncer's transaction pooling).
 *
 * The cache-clear endpoints answer `clearedCount` of the replica that served them (the others
 * clear theirs without counting back); their shape stays the contract's.
 *
 * Lost messages. When the listen connection drops (PostgreSQL restarted, the session ended), it is
 * opened again with a growing delay (RECONNECT_INITIAL_MS doubling up to RECONNECT_MAX_MS), or at
 * once when `wake()` says the database answers again (app.ts calls it when the pool reaches it);
 * after it is listening again, every cache is cleared once (`{ scope: 'all' }` to the subscriber),
 * because clears sent while it was away were missed. A NOTIFY that fails (the database
 * unreachable) is reported through `onError`; the other replicas then keep their entry until they
 * listen again (the clear of everything) or its TTL, whichever comes first.
 */

/** One clear: of a mount's entries, a storage config's, or everything; in one named cache or in all of them. */
export type CacheInvalidation =
  | { scope: 'mount'; mountId: string; cache?: string }
  | { scope: 'storageConfig'; storageConfigId: string; cache?: string }
  | { scope: 'all'; cache?: string };

export interface InvalidationBus {
  /** This replica's id; its own notifications come back to it and are ignored. */
  readonly instanceId: string;
  /** `handler` applies a clear another replica made (and the clear of everything after a reconnect). */
  subscribe(handler: (invalidation: CacheInvalidation) => void): void;
  /** Starts listening (PostgreSQL: opens the listen connection; fails when it cannot). */
  start(): Promise<void>;
  /** Sends a clear already applied here to the other replicas. Never throws. */
  publish(invalidation: CacheInvalidation): void;
  /** Resolves when every publish started so far has been sent (or has failed and been reported). */
  settled(): Promise<void>;
  /** Resolves once this replica has received every clear committed before the call. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL refuses a payload of 8000 bytes or more; leave room. */
export const MAX_PAYLOAD_BYTES = 7900;
export const RECONNECT_INITIAL_MS = 200;
export const RECONNECT_MAX_MS = 15_000;
/** The listen connection as the bus uses it: a pg Client (tests give a fake through `createClient`). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: Notification) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  removeAllListeners(event: 'end'): unknown;
}

/** `application_name` of the listen connection (pg_stat_activity shows it), followed by the instance id. */
export const LISTENER_APPLICATION_NAME = 'cloudclip-invalidations';
const CHANNEL_PREFIX = 'cloudclip_invalidate';
/** PostgreSQL identifiers (channel names) hold at most 63 bytes. */
const MAX_CHANNEL_BYTES = 63;

/** The NOTIFY channel of the apps whose tables are in `schema`. */
export function invalidationChannel(schema: string): string {
  const plain = `${CHANNEL_PREFIX}.${schema}`;
  if (Buffer.byteLength(plain, 'utf8') <= MAX_CHANNEL_BYTES) return plain;
  return `${CHANNEL_PREFIX}.${createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

interface Envelope {
  v: 1;
  from: string;
  inv?: CacheInvalidation;
  barrier?: string;
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** The invalidation in a received payload, or null when it is not one we understand. */
export function parseInvalidation(value: unknown): CacheInvalidation | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const cache = record.cache === undefined ? {} : isId(record.cache) ? { cache: record.cache } : null;
  if (cache === null) return null;
  if (record.scope === 'mount' && isId(record.mountId)) return { scope: 'mount', mountId: record.mountId, ...cache };
  if (record.scope === 'storageConfig' && isId(record.storageConfigId)) {
    return { scope: 'storageConfig', storageConfigId: record.storageConfigId, ...cache };
  }
  if (record.scope === 'all') return { scope: 'all', ...cache };
  return null;
}

function parseEnvelope(payload: string | undefined): Envelope | null {
  if (payload === undefined) return null;
  try {
    const parsed = JSON.parse(payload) as Record<string, unknown>;
    if (parsed.v !== 1 || !isId(parsed.from)) return null;
    if (isId(parsed.barrier)) return { v: 1, from: parsed.from, barrier: parsed.barrier };
    const inv = parseInvalidation(parsed.inv);
    return inv === null ? null : { v: 1, from: parsed.from, inv };
  } catch {
    return null;
  }
}

/** The payload of a clear: itself, or a clear of everything when it would be too long. */
export function invalidationPayload(from: string, invalidation: CacheInvalidation): string {
  const payload = JSON.stringify({ v: 1, from, inv: invalidation } satisfies Envelope);
  if (Buffer.byteLength(payload, 'utf8') <= MAX_PAYLOAD_BYTES) return payload;
  return JSON.stringify({ v: 1, from, inv: { scope: 'all' } } satisfies Envelope);
}

/** One process (SQLite): nothing to tell anyone. */
export class LocalInvalidationBus implements InvalidationBus {
  readonly instanceId = randomUUID();

  subscribe(): void {}

  async start(): Promise<void> {}

  publish(): void {}

  async settled(): Promise<void> {}

  async sync(): Promise<void> {}

  async close(): Promise<void> {}
}

export interface PostgresInvalidationBusOptions {
  /** The DATABASE_URL: the listen connection is opened on it. */
  url: string;
  /** The schema holding the app's tables (names the channel). */
  schema: string;
  /** NOTIFYs go through the app's pool. */
  db: AppDatabase;
  /** A failed NOTIFY or a dropped listen connection. */
  onError?: (error: unknown) => void;
  reconnect?: { initialMs: number; maxMs: number };
  /** Makes the listen connection (default: a pg Client of `url`); tests give a fake. */
  createClient?: (config: ClientConfig) => ListenClient;
}

export class PostgresInvalidationBus implements InvalidationBus {
  readonly instanceId = randomUUID();
  readonly channel: string;
  private handler: (invalidation: CacheInvalidation) => void = () => undefined;
  private client: ListenClient | null = null;
  private closed = false;
  private everListened = false;
  private reconnectDelay: number;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly pending = new Set<Promise<void>>();
  private readonly barriers = new Map<string, () => void>();
  /** The barrier not sent yet that new sync() callers join. */
  private gathering: Promise<void> | null = null;
  /** Resolves while listening; replaced by a pending one while the connection is down. */
  private listening: Promise<void>;
  private markListening: () => void = () => undefined;

  constructor(private readonly options: PostgresInvalidationBusOptions) {
    this.channel = invalidationChannel(options.schema);
    this.reconnectDelay = this.backoff.initialMs;
    this.listening = this.nextListening();
  }

  private get backoff(): { initialMs: number; maxMs: number } {
    return this.options.reconnect ?? { initialMs: RECONNECT_INITIAL_MS, maxMs: RECONNECT_MAX_MS };
  }

  private nextListening(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.markListening = resolve;
    });
  }

  subscribe(handler: (invalidation: CacheInvalidation) => void): void {
    this.handler = handler;
  }

  /** Opens the listen connection; the first failure is thrown (a start-up error), later ones retried. */
  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    const config: ClientConfig = {
      connectionString: this.options.url,
      application_name: `${LISTENER_APPLICATION_NAME} ${this.instanceId}`,
      keepAlive: true,
    };
    const client: ListenClient = this.options.createClient?.(config) ?? new Client(config);
    client.on('notification', (message) => this.receive(message));
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel.replace(/"/g, '""')}"`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelay = this.backoff.initialMs;
    // Clears sent while no connection listened were missed: drop everything once.
    if (this.everListened) {
      this.handler({ scope: 'all' });
      // Barriers waiting from before the drop: everything they waited for has now been cleared anyway.
      for (const resolve of this.barriers.values()) resolve();
      this.barriers.clear();
    }
    this.everListened = true;
    this.markListening();
  }

  private dropped(client: ListenClient, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (error) this.options.onError?.(error);
    this.listening = this.nextListening();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer !== null) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, this.backoff.maxMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.reconnect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private reconnect(): void {
    this.listen().catch((error: unknown) => {
      this.options.onError?.(error);
      this.scheduleReconnect();
    });
  }

  /**
   * The database answers again (the app's pool reached it): a listen connection waiting out its
   * backoff is opened now, so a replica hears the others again as soon as it can, not up to
   * RECONNECT_MAX_MS later. Nothing happens while listening, while an attempt is under way, or
   * before `start()`.
   */
  wake(): void {
    if (this.closed || this.client !== null || this.reconnectTimer === null) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.reconnect();
  }

  private receive(message: Notification): void {
    if (message.channel !== this.channel) return;
    const envelope = parseEnvelope(message.payload);
    if (envelope === null) return;
    if (envelope.from === this.instanceId) {
      if (envelope.barrier !== undefined) {
        this.barriers.get(envelope.barrier)?.();
        this.barriers.delete(envelope.barrier);
      }
      return;
    }
    if (envelope.inv !== undefined) this.handler(envelope.inv);
  }

  private notify(payload: string): Promise<void> {
    return sql`SELECT pg_notify(${this.channel}, ${payload})`.execute(this.options.db).then(() => undefined);
  }

  publish(invalidation: CacheInvalidation): void {
    if (this.closed) return;
    const sent = this.notify(invalidationPayload(this.instanceId, invalidation)).catch((error: unknown) => {
      this.options.onError?.(error);
    });
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }

  async settled(): Promise<void> {
    if (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /**
   * Callers that arrive before a barrier has been sent share it (with one replica answering many
   * requests, one NOTIFY then serves every request that came in meanwhile); a caller that arrives
   * after it was sent gets the next one, since it must see clears committed up to its own call.
   */
  sync(): Promise<void> {
    if (this.gathering !== null) return this.gathering;
    const barrier = this.listening.then(() => {
      this.gathering = null;
      return this.sendBarrier();
    });
    this.gathering = barrier;
    return barrier;
  }

  private async sendBarrier(): Promise<void> {
    const token = randomUUID();
    const arrived = new Promise<void>((resolve) => this.barriers.set(token, resolve));
    try {
      await this.notify(JSON.stringify({ v: 1, from: this.instanceId, barrier: token } satisfies Envelope));
    } catch (error) {
      this.barriers.delete(token);
      throw error;
    }
    await arrived;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await this.settled();
    const client = this.client;
    this.client = null;
    if (client !== null) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
    for (const resolve of this.barriers.values()) resolve();
    this.barriers.clear();
  }
}
