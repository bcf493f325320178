import type { ApiKeyPrincipal } from '../auth/auth-context';
import { isMountVisibleToBasicPath } from '../auth/basic-path';
import type { CacheClearResponse, CacheStats } from '@cloudclip/contract';
import type { CacheRegistry } from '../cache/cache-registry';
import type { MountRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { toIso, type Clock } from '../lib/time';
import type { MountRepository } from '../repositories/mount-repository';

/** Body of the cache clear endpoints: one mount, one storage config, or (neither) everything. */
export interface CacheClearTarget {
  mountId?: string;
  s3ConfigId?: string;
}

function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}

/**
 * Cache endpoints of contract §5.7 over the app's CacheRegistry.
 *
 * Admins clear one mount, everything of one storage config (its own entries and those of every
 * mount backed by it) or everything. API keys (guard `mount`) only ever clear the mounts visible
 * to them (§2.6): the named one, those backed by the named config, or all of theirs.
 */
export class CacheService {
  constructor(
    private readonly registry: CacheRegistry,
    private readonly mounts: MountRepository,
    private readonly clock: Clock,
  ) {}

  stats(): CacheStats {
    const memory = process.memoryUsage();
    return {
      cache: { directory: this.registry.directory.stats(), s3Url: this.registry.presignedUrls.stats() },
      system: {
        memory: {
          rss: megabytes(memory.rss),
          heapTotal: megabytes(memory.heapTotal),
          heapUsed: megabytes(memory.heapUsed),
          external: megabytes(memory.external),
          arrayBuffers: megabytes(memory.arrayBuffers),
          heapUsagePercent: memory.heapTotal > 0 ? Math.round((memory.heapUsed / memory.heapTotal) * 100) : 0,
        },
        uptime: Math.floor(process.uptime()),
      },
      timestamp: toIso(this.clock()),
    };
  }

  async clearAsAdmin(target: CacheClearTarget): Promise<CacheClearResponse> {
    let cleared: number;
    if (target.mountId !== undefined) {
      cleared = this.registry.clearByMount(target.mountId);
    } else if (target.s3ConfigId !== undefined) {
      cleared = this.registry.clearByStorageConfig(target.s3ConfigId);
      for (const mount of await this.mounts.listByStorageConfig(target.s3ConfigId)) cleared += this.registry.clearByMount(mount.id);
    } else {
      cleared = this.registry.clearAll();
    }
    return this.result(cleared);
  }

  async clearAsApiKey(key: ApiKeyPrincipal, target: CacheClearTarget): Promise<CacheClearResponse> {
    let mounts: MountRow[];
    if (target.mountId !== undefined) {
      const mount = await this.mounts.findById(target.mountId);
      if (!mount || !mount.is_active) throw new HttpError(404, 'cache.mountNotFound');
      if (!isMountVisibleToBasicPath(mount, key.basicPath)) throw new HttpError(403, 'cache.mountNotAccessible');
      mounts = [mount];
    } else {
      const visible = (await this.mounts.listActive()).filter((mount) => isMountVisibleToBasicPath(mount, key.basicPath));
      mounts = target.s3ConfigId === undefined ? visible : visible.filter((mount) => mount.storage_config_id === target.s3ConfigId);
    }
    let cleared = 0;
    for (const mount of mounts) cleared += this.registry.clearByMount(mount.id);
    return this.result(cleared);
  }

  private result(clearedCount: number): CacheClearResponse {
    return { clearedCount, timestamp: toIso(this.clock()) };
  }
}
