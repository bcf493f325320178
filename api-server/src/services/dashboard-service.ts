import type { DashboardBucketUsage, DashboardStats } from '@cloudclip/contract';
import { DAY_MS, type Clock } from '../lib/time';
import type { DailyCountTable, DashboardRepository } from '../repositories/dashboard-repository';

const GIB = 1024 * 1024 * 1024;

/** Quota assumed when a config has no `total_storage_bytes` (contract §5.7: R2 10 GiB, B2 102 GiB (sic), others 5 GiB). */
export function defaultTotalStorageBytes(providerType: string): number {
  switch (providerType.trim().toLowerCase()) {
    case 'cloudflare r2':
      return 10 * GIB;
    case 'backblaze b2':
      return 102 * GIB;
    default:
      return 5 * GIB;
  }
}

export const DASHBOARD_DAYS = 7;

/** The last seven UTC days as `YYYY-MM-DD`, oldest first (index 6 = the day of `now`). */
export function lastWeekDays(now: Date): string[] {
  const days: string[] = [];
  for (let back = DASHBOARD_DAYS - 1; back >= 0; back -= 1) {
    days.push(new Date(now.getTime() - back * DAY_MS).toISOString().slice(0, 10));
  }
  return days;
}

function usagePercent(used: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}

/**
 * `GET /api/admin/dashboard/stats`. Totals of pastes, files and API keys cover the whole instance
 * (shares created through API keys included; keys have no owner); storage configs, buckets and
 * `totalStorageUsed` are those of the calling admin, as in the reference.
 */
export class DashboardService {
  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly clock: Clock,
  ) {}

  async stats(adminId: string): Promise<DashboardStats> {
    const days = lastWeekDays(this.clock());
    const [totalPastes, totalFiles, totalApiKeys, totalS3Configs, buckets, lastWeekPastes, lastWeekFiles] = await Promise.all([
      this.dashboard.countPastes(),
      this.dashboard.countFiles(),
      this.dashboard.countApiKeys(),
      this.dashboard.countStorageConfigsOf(adminId),
      this.dashboard.bucketUsageOf(adminId),
      this.perDay('pastes', days),
      this.perDay('files', days),
    ]);
    const s3Buckets = buckets.map((row): DashboardBucketUsage => {
      const totalStorage =
        row.total_storage_bytes !== null && row.total_storage_bytes > 0
          ? row.total_storage_bytes
          : defaultTotalStorageBytes(row.provider_type);
      return {
        id: row.id,
        name: row.name,
        providerType: row.provider_type,
        bucketName: row.bucket_name,
        usedStorage: row.used_storage,
        totalStorage,
        fileCount: row.file_count,
        usagePercent: usagePercent(row.used_storage, totalStorage),
      };
    });
    return {
      totalPastes,
      totalFiles,
      totalApiKeys,
      totalS3Configs,
      totalStorageUsed: s3Buckets.reduce((sum, bucket) => sum + bucket.usedStorage, 0),
      s3Buckets,
      lastWeekPastes,
      lastWeekFiles,
    };
  }

  private async perDay(table: DailyCountTable, days: string[]): Promise<number[]> {
    const counts = await this.dashboard.countCreatedPerDay(table, days);
    return days.map((day) => counts.get(day) ?? 0);
  }
}
