import type { MountIndexState } from '@cloudclip/contract';
import { HttpError } from '../../http/http-error';
import { toIso, type Clock } from '../../lib/time';
import type { MountIndexRepository } from '../../repositories/mount-index-repository';
import type { MountRepository } from '../../repositories/mount-repository';
import type { FsEntryRef, PathMetadata } from '../fs/fs-access';
import type { MountIndexCrawler } from './mount-index-crawler';

/** The index's key of an entry: a folder's ends with `/`. */
function entryKey(entry: FsEntryRef): string {
  return entry.isDirectory ? `${entry.key}/` : entry.key;
}

/**
 * The mount index's life outside the crawl (contract api/fs-search.ts): its state per mount, an
 * admin's rebuild, mounts created, changed and deleted, and the writes through Cloudclip, which
 * reach it through the fs path hooks (`pathHooks`, services/fs/fs-access.ts PathMetadata) in the
 * request that writes.
 */
export class MountIndexService {
  constructor(
    private readonly index: MountIndexRepository,
    private readonly mounts: MountRepository,
    private readonly crawler: MountIndexCrawler,
    private readonly clock: Clock,
  ) {}

  /** Starts the background crawl (after start-up). */
  start(): void {
    this.crawler.start();
  }

  /** Stops it after the page in hand; an unfinished crawl resumes at the next start. */
  stop(): Promise<void> {
    return this.crawler.stop();
  }

  /** Resolves once no crawl is left to do (tests, the bench). */
  whenIdle(): Promise<void> {
    return this.crawler.whenIdle();
  }

  /** GET /api/admin/mounts/{id}/index; 404 for an unknown mount. */
  async state(mountId: string): Promise<MountIndexState> {
    if (!(await this.mounts.findById(mountId))) throw new HttpError(404, 'mount.notFound');
    const row = await this.index.state(mountId);
    const status = row?.status ?? 'pending';
    return {
      mount_id: mountId,
      status,
      entries: await this.index.entryCount(mountId),
      pending_folders: status === 'building' ? await this.index.queuedFolders(mountId) : 0,
      started_at: row?.started_at ?? null,
      finished_at: row?.finished_at ?? null,
      error: status === 'failed' ? (row?.error ?? null) : null,
    };
  }

  /** POST /api/admin/mounts/{id}/index/rebuild: entries dropped, a new crawl queued (a running one is superseded). */
  async rebuild(mountId: string): Promise<MountIndexState> {
    const mount = await this.mounts.findById(mountId);
    if (!mount) throw new HttpError(404, 'mount.notFound');
    await this.index.beginCrawl(mountId, mount.storage_config_id, toIso(this.clock()));
    this.crawler.wake();
    return this.state(mountId);
  }

  /** Statuses of the given mounts (`pending` for one without a state yet). */
  async statuses(mountIds: readonly string[]): Promise<Map<string, MountIndexState['status']>> {
    const rows = await this.index.states(mountIds);
    const statuses = new Map<string, MountIndexState['status']>(mountIds.map((id) => [id, 'pending']));
    for (const row of rows) statuses.set(row.mount_id, row.status);
    return statuses;
  }

  /** A new mount: its first crawl is queued. */
  async mountCreated(mountId: string): Promise<void> {
    await this.index.ensureState(mountId);
    this.crawler.wake();
  }

  /**
   * A changed mount: entries read from another storage config are thrown away and crawled again. A
   * new mount path needs nothing (entries are keys relative to the mount).
   */
  async mountUpdated(mountId: string): Promise<void> {
    const mount = await this.mounts.findById(mountId);
    const state = await this.index.state(mountId);
    if (!mount || !state || state.status === 'pending' || state.storage_config_id === mount.storage_config_id) return;
    await this.rebuild(mountId);
  }

  /** What the writes of the fs API and WebDAV tell the index (one PathMetadata among the hooks). */
  pathHooks(): PathMetadata {
    return {
      removed: async (_path, entry) => {
        if (entry && entry.key !== '') await this.index.removeEntries(entry.mount.id, entryKey(entry));
      },
      moved: async (_from, _to, entries) => {
        if (!entries || entries.from.key === '' || entries.to.key === '') return;
        await this.index.moveEntries(entries.from.mount.id, entryKey(entries.from), entries.to.mount.id, entryKey(entries.to));
      },
      stored: async (entry, size) => {
        await this.index.recordEntries(entry.mount.id, [
          { path: entryKey(entry), size: entry.isDirectory ? 0 : size, modified: toIso(this.clock()) },
        ]);
      },
    };
  }
}
