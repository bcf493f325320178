import type { WebdavUploadMode } from '../rules/settings';
import type { ApiTimestamp, IsoTimestamp, Uuid } from './common';

/**
 * One row of `GET /admin/system-settings` (ordered by key). Every row of the table is returned,
 * including internal ones (`schema_version`, `db_initialized`, `migration_<n>`); `value` is always a string.
 */
export interface SystemSettingRow {
  key: 'max_upload_size' | 'webdav_upload_mode' | 'schema_version' | 'db_initialized' | (string & {});
  value: string;
  description: string | null;
  updated_at: ApiTimestamp;
}

/** `PUT /admin/system-settings` body: any of the two. 200 E without data. */
export interface SystemSettingsUpdateRequest {
  /** Positive integer, **megabytes**. */
  max_upload_size?: number;
  webdav_upload_mode?: WebdavUploadMode;
  /**
   * Cloudclip addition (not in the legacy contract): lets anonymous visitors create pastes.
   * Stored as the settings row `allow_guest_pastes` (`"true"` / `"false"`).
   */
  allow_guest_pastes?: boolean;
  /**
   * Cloudclip addition: lets URL import fetch private, loopback and link-local addresses (the SSRF
   * guard off). Stored as `url_import_allow_private`; absent = off.
   */
  url_import_allow_private?: boolean;
  /**
   * Cloudclip addition: positive integer, **megabytes** of paste text (content + remark, UTF-8) one
   * API key may keep stored. Stored as `paste_storage_per_key_mb`; absent = 100.
   */
  paste_storage_per_key_mb?: number;
  /**
   * Cloudclip addition: positive integer, **megabytes** of paste text of all pastes together.
   * Stored as `paste_storage_total_mb`; absent = 1024.
   */
  paste_storage_total_mb?: number;
}

/** `GET /system/max-upload-size` → E `data` (MB). */
export interface MaxUploadSizeResponse {
  max_upload_size: number;
}

export interface DashboardBucketUsage {
  id: Uuid;
  name: string;
  providerType: string;
  bucketName: string;
  /** Bytes (sum of file-row sizes). */
  usedStorage: number;
  /** Bytes; provider default when unset (B2: 102 GiB, sic). */
  totalStorage: number;
  fileCount: number;
  /** Integer 0–100. */
  usagePercent: number;
}

/** `GET /admin/dashboard/stats` → E `data` (camelCase). */
export interface DashboardStats {
  totalPastes: number;
  totalFiles: number;
  totalApiKeys: number;
  totalS3Configs: number;
  /** Bytes. */
  totalStorageUsed: number;
  s3Buckets: DashboardBucketUsage[];
  /** 7 counts per UTC day: index 0 = six days ago … 6 = today. */
  lastWeekPastes: number[];
  lastWeekFiles: number[];
}

/**
 * One cache's counters in `GET /admin/cache/stats` (`data.cache.directory`, `data.cache.s3Url`). The
 * reference server's four are always there; Cloudclip's api-server sends the others too.
 */
export interface CacheCounters {
  /** Entries held, expired ones not yet swept included. */
  cacheSize: number;
  /** Expired entries still held. */
  expired: number;
  /** Clear calls (by mount, by storage config, everything) since start. */
  invalidations: number;
  /** Expired entries removed since start. */
  pruned: number;
  size?: number;
  validItems?: number;
  expiredItems?: number;
  maxItems?: number;
  defaultTtlSeconds?: number;
  hits?: number;
  misses?: number;
  /** hits / (hits + misses) in percent, two decimals; 0 before any lookup. */
  hitRate?: number;
  evictions?: number;
  /** Entries removed by clear calls since start. */
  cleared?: number;
}

/** `GET /admin/cache/stats` → E `data`. Memory values in MB, `heapUsagePercent` in %, `uptime` in seconds. */
export interface CacheStats {
  cache: { directory: CacheCounters; s3Url: CacheCounters };
  system: {
    memory: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number; heapUsagePercent: number };
    uptime: number;
  };
  timestamp: IsoTimestamp;
}

/** `POST /admin/cache/clear` and `POST /user/cache/clear` body: one of them, or empty to clear everything. */
export interface CacheClearRequest {
  mountId?: Uuid;
  s3ConfigId?: Uuid;
}

export interface CacheClearResponse {
  clearedCount: number;
  timestamp: IsoTimestamp;
}

/** `GET /version` → E `data` (added in 0.6.5). */
export interface VersionInfo {
  version: string;
  name: string;
  environment: 'Docker' | 'Cloudflare Workers' | (string & {});
  storage: 'SQLite' | 'Cloudflare D1' | (string & {});
  nodeVersion?: string;
  /** Seconds. */
  uptime?: number;
  /**
   * Cloudclip addition: the optional capabilities this backend offers beyond the legacy contract
   * (e.g. `"search"`, SERVER_FEATURE_SEARCH). Absent on other backends: a client treats that as none.
   */
  features?: string[];
}

/** `GET /health` → 200 F. */
export interface HealthStatus {
  status: 'ok' | (string & {});
  timestamp: IsoTimestamp;
  /**
   * Cloudclip addition: whether this server reaches its database. The answer stays 200 with
   * `status: "ok"` while it does not (the process is alive and reconnects by itself; a failing health
   * check would have every replica restarted or taken out during a database restart, and requests
   * then get a clear 503 from the server). Absent on other backends.
   */
  database?: 'ok' | 'unavailable';
}
