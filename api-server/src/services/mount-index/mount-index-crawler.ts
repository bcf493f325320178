import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MountRow } from '../../db/schema';
import { toIso, type Clock } from '../../lib/time';
import type { MountEntryInput } from '../../repositories/mount-index-entries';
import type { MountIndexRepository } from '../../repositories/mount-index-repository';
import type { MountRepository } from '../../repositories/mount-repository';
import type { StorageConfigRepository } from '../../repositories/storage-config-repository';
import { MAX_LIST_KEYS, type ListObjectsPage, type StorageDriver } from '../../storage/storage-driver';
import type { StorageRegistry } from '../../storage/storage-registry';
import { S3_STORAGE_TYPE } from '../mount-service';

export interface MountIndexCrawlerDeps {
  index: MountIndexRepository;
  mounts: MountRepository;
  configs: StorageConfigRepository;
  storage: StorageRegistry;
  clock: Clock;
  /** Keys per listing call (1…1000, default 1000): one page is one transaction. */
  pageSize?: number;
  /** Called after each stored page (tests pause a crawl here). */
  afterPage?: (mountId: string) => Promise<void> | void;
  /** Errors that are not the storage's (the database failing): reported, and the crawler waits for the next wake. */
  onError?: (error: unknown) => void;
  /** This process's id in the crawl leases (default: a new random one). */
  instanceId?: string;
  /** How long a crawl lease lasts unless renewed (default LEASE_MS); renewed every third of it while crawling. */
  leaseMs?: number;
  /**
   * Other replicas share the database (API_REPLICAS > 1): an idle crawler also looks every
   * `leaseMs` for a crawl another replica left behind (its process gone, its lease ended).
   */
  watchPeers?: boolean;
}

/** How long a mount's crawl lease lasts unless renewed: a replica gone mid-crawl is replaced after this. */
export const LEASE_MS = 60_000;

/** What a crawl of one mount ended with ('superseded': a rebuild started, or another replica took the lease). */
type CrawlEnd = 'done' | 'superseded' | 'stopped';

/** The message a failed crawl keeps: the storage's own text. */
function failureMessage(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : String(error);
}

/**
 * The background crawl of the mount index (contract api/fs-search.ts): one mount at a time, folder
 * by folder through the storage driver's listing pages (one page in memory, stored in one
 * transaction, the next turn of the event loop awaited before the next page), with the folders
 * still to list kept in the database so a restart resumes there. A mount without a finished index
 * (none yet, `pending`, or `building` when a restart cut it off) is crawled; a storage failure marks
 * it `failed`. Idle, it waits for `wake()` (a mount created, a rebuild).
 *
 * Replicas (issue 17): a mount is crawled only by the process holding its lease in the database
 * (`mount_index_state.lease_owner`, migration 0012), claimed in one UPDATE, renewed every third of
 * `leaseMs` while crawling and released when the crawl ends or the crawler stops; a page or the end
 * of a crawl is stored only while the lease is this process's. A mount whose lease another holds is
 * left alone and tried again when that lease would end; with `watchPeers` an idle crawler also
 * looks every `leaseMs`, so a crawl whose replica died is taken over and resumed from its queue.
 * What a write removes during a crawl is a tombstone in the database (mount-index-repository.ts),
 * so a write through any replica is seen by the crawling one.
 */
export class MountIndexCrawler {
  private loop: Promise<void> | null = null;
  private stopped = false;
  private woken = false;
  private resume: (() => void) | null = null;
  private idleWaiters: Array<() => void> = [];
  private readonly instanceId: string;
  private readonly leaseMs: number;
  /** The mount whose lease this process lost while crawling it (a renewal found another holder). */
  private lostLease: string | null = null;

  constructor(private readonly deps: MountIndexCrawlerDeps) {
    this.instanceId = deps.instanceId ?? randomUUID();
    this.leaseMs = Math.max(1, deps.leaseMs ?? LEASE_MS);
  }

  /** Starts the loop (after start-up); a no-op once started or stopped. */
  start(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.run();
  }

  /** There may be something new to crawl. */
  wake(): void {
    this.woken = true;
    this.resume?.();
  }

  /** Stops after the page in hand (its state stays `building`, resumed by the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.resume?.();
    await this.loop;
    for (const waiter of this.idleWaiters.splice(0)) waiter();
  }

  /** Resolves once the crawler has nothing left to do (or is stopped): for tests and the bench. */
  whenIdle(): Promise<void> {
    if (this.stopped || !this.loop) return Promise.resolve();
    this.wake();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private now(): number {
    return this.deps.clock().getTime();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      let worked = false;
      // When a lease another replica holds ends (epoch milliseconds): the crawler looks again then.
      let retryAt: number | undefined;
      try {
        for (const mountId of await this.deps.index.mountsToCrawl()) {
          if (this.stopped) return;
          // The only server (no watchPeers): a lease still held is its own earlier run's, cut off by a
          // crash; it is taken over at once, as a restart resumed a crawl before leases existed.
          const takeOver = !this.deps.watchPeers;
          if (!(await this.deps.index.claimCrawl(mountId, this.instanceId, this.now(), this.leaseMs, { takeOver }))) {
            const expiry = (await this.deps.index.leaseExpiry(mountId)) ?? this.now();
            retryAt = Math.min(retryAt ?? expiry, expiry);
            continue;
          }
          worked = true;
          if ((await this.crawlHeld(mountId)) === 'stopped') return;
        }
      } catch (error) {
        this.deps.onError?.(error);
        worked = false;
      }
      if (this.stopped) return;
      if (worked || this.woken) continue;
      for (const waiter of this.idleWaiters.splice(0)) waiter();
      if (this.deps.watchPeers) retryAt = Math.min(retryAt ?? Infinity, this.now() + this.leaseMs);
      let retry: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.resume = resolve;
        if (this.stopped || this.woken) resolve();
        else if (retryAt !== undefined) {
          retry = setTimeout(resolve, Math.max(0, retryAt - this.now()) + 1);
          retry.unref();
        }
      });
      this.resume = null;
      clearTimeout(retry);
    }
  }

  /** Crawls a mount whose lease this process holds: renewed meanwhile, released at the end. */
  private async crawlHeld(mountId: string): Promise<CrawlEnd> {
    this.lostLease = null;
    const renew = setInterval(
      () => {
        this.deps.index.renewCrawl(mountId, this.instanceId, this.now(), this.leaseMs).then(
          (held) => {
            if (!held) this.lostLease = mountId;
          },
          (error: unknown) => this.deps.onError?.(error),
        );
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    try {
      return await this.crawl(mountId);
    } finally {
      clearInterval(renew);
      this.lostLease = null;
      await this.deps.index.releaseCrawl(mountId, this.instanceId);
    }
  }

  /** Crawls one mount until its queue is empty, it fails, a rebuild supersedes it or the crawler stops. */
  private async crawl(mountId: string): Promise<CrawlEnd> {
    const { index, clock } = this.deps;
    const mount = await this.deps.mounts.findById(mountId);
    if (!mount) return 'done';
    const state = await index.state(mountId);
    // Finished meanwhile (by another replica, whose lease ended with it): nothing to do.
    if (state?.status === 'ready' || state?.status === 'failed') return 'done';
    let generation = state?.status === 'building' ? state.generation : undefined;
    generation ??= await index.beginCrawl(mountId, mount.storage_config_id, toIso(clock()));
    if (generation === undefined) return 'done';
    let driver: StorageDriver;
    try {
      driver = await this.driverOf(mount);
    } catch (error) {
      await index.finishCrawl(mountId, generation, toIso(clock()), failureMessage(error), this.instanceId);
      return 'done';
    }
    for (;;) {
      if (this.stopped) return 'stopped';
      const folder = await index.nextFolder(mountId);
      if (folder === undefined) {
        await index.finishCrawl(mountId, generation, toIso(clock()), null, this.instanceId);
        return 'done';
      }
      const end = await this.listFolder(mountId, generation, driver, folder);
      if (end !== 'listed') return end;
    }
  }

  private async driverOf(mount: MountRow): Promise<StorageDriver> {
    if (mount.storage_type !== S3_STORAGE_TYPE || !mount.storage_config_id)
      throw new Error(`Unsupported storage type ${mount.storage_type}`);
    const config = await this.deps.configs.findById(mount.storage_config_id);
    if (!config) throw new Error(`Storage config ${mount.storage_config_id} not found`);
    return this.deps.storage.driverFor(config);
  }

  /** Lists one folder page by page; each page stored with the sub-folders it found queued. */
  private async listFolder(mountId: string, generation: number, driver: StorageDriver, folder: string): Promise<CrawlEnd | 'listed'> {
    const maxKeys = Math.min(MAX_LIST_KEYS, Math.max(1, this.deps.pageSize ?? MAX_LIST_KEYS));
    let continuationToken: string | undefined;
    do {
      if (this.lostLease === mountId) return 'superseded';
      let page: ListObjectsPage;
      try {
        page = await driver.listObjects({ prefix: folder, delimiter: '/', maxKeys, continuationToken });
      } catch (error) {
        // The storage failed (unreachable, refused): the mount's index is `failed` until a rebuild.
        await this.deps.index.finishCrawl(mountId, generation, toIso(this.deps.clock()), failureMessage(error), this.instanceId);
        return 'done';
      }
      const entries: MountEntryInput[] = [];
      for (const object of page.objects) {
        if (object.key === folder) {
          // The folder's own marker: its modification time.
          if (folder !== '') entries.push({ path: folder, size: 0, modified: toIso(object.lastModified) });
        } else if (!object.key.endsWith('/')) {
          entries.push({ path: object.key, size: object.size, modified: toIso(object.lastModified) });
        }
      }
      const folders = page.commonPrefixes.filter((prefix) => prefix !== folder && prefix.length > folder.length + 1);
      for (const prefix of folders) entries.push({ path: prefix, size: 0, modified: null });
      continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      const stored = await this.deps.index.storePage(
        mountId,
        generation,
        { entries, folders, folder, last: continuationToken === undefined },
        this.instanceId,
      );
      if (!stored) return 'superseded';
      await this.deps.afterPage?.(mountId);
      // One page at a time: requests waiting for the event loop (and the database) go first.
      await nextTurn();
      if (this.stopped) return 'stopped';
    } while (continuationToken !== undefined);
    return 'listed';
  }
}
