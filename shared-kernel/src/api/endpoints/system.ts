import type { HttpClient } from '../http-client';
import type {
  CacheClearRequest,
  CacheClearResponse,
  CacheStats,
  DashboardStats,
  HealthStatus,
  MaxUploadSizeResponse,
  SystemSettingRow,
  SystemSettingsUpdateRequest,
  VersionInfo,
} from '@cloudclip/contract';
import { DEFAULT_MAX_UPLOAD_SIZE_MB } from '@cloudclip/contract';

/** System settings, dashboard, caches, version and health (contract 5.7). */
export function createSystemApi(client: HttpClient) {
  return {
    /** `GET /admin/system-settings` → every settings row (values are strings, internal rows included). */
    async settings(signal?: AbortSignal): Promise<SystemSettingRow[]> {
      return (await client.data<SystemSettingRow[] | null>('/admin/system-settings', { signal })) ?? [];
    },

    /** `PUT /admin/system-settings` (`max_upload_size` in MB, `webdav_upload_mode`). */
    async updateSettings(body: SystemSettingsUpdateRequest): Promise<void> {
      await client.request('/admin/system-settings', { method: 'PUT', body });
    },

    /** `GET /system/max-upload-size` → megabytes; 100 on any error or a missing/invalid value. */
    async maxUploadSize(signal?: AbortSignal): Promise<number> {
      try {
        const data = await client.data<MaxUploadSizeResponse | null>('/system/max-upload-size', { signal });
        const value = Number(data?.max_upload_size);
        return Number.isFinite(value) && value > 0 ? value : DEFAULT_MAX_UPLOAD_SIZE_MB;
      } catch {
        return DEFAULT_MAX_UPLOAD_SIZE_MB;
      }
    },

    /** `GET /admin/dashboard/stats`. */
    dashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
      return client.data<DashboardStats>('/admin/dashboard/stats', { signal });
    },

    /** `GET /admin/cache/stats`. */
    cacheStats(signal?: AbortSignal): Promise<CacheStats> {
      return client.data<CacheStats>('/admin/cache/stats', { signal });
    },

    /** `POST /admin/cache/clear` (`{mountId}`, `{s3ConfigId}` or nothing = everything). */
    adminClearCache(body: CacheClearRequest = {}): Promise<CacheClearResponse> {
      return client.data<CacheClearResponse>('/admin/cache/clear', { method: 'POST', body });
    },

    /** `POST /user/cache/clear` (guard `mount`; admins must use `adminClearCache`). */
    userClearCache(body: CacheClearRequest = {}): Promise<CacheClearResponse> {
      return client.data<CacheClearResponse>('/user/cache/clear', { method: 'POST', body });
    },

    /** `GET /version` (absent before 0.6.5). */
    version(signal?: AbortSignal): Promise<VersionInfo> {
      return client.data<VersionInfo>('/version', { signal });
    },

    /**
     * The optional capabilities the backend offers (`GET /version` → `data.features`, e.g. `"search"`):
     * `[]` when its answer has no `features` (any other backend of the contract) or the call fails, so
     * a client simply hides what is not offered. Sent without credentials: the version is public and
     * its failure must never touch the session. Use `kernel.serverFeatures()` to ask once per page.
     */
    async features(signal?: AbortSignal): Promise<readonly string[]> {
      try {
        const data = await client.data<Partial<VersionInfo> | null>('/version', { signal, auth: false });
        const features: unknown = data?.features;
        return Array.isArray(features) ? features.filter((feature): feature is string => typeof feature === 'string') : [];
      } catch {
        return [];
      }
    },

    /** `GET /health` → flat `{ status, timestamp }`. */
    health(signal?: AbortSignal): Promise<HealthStatus> {
      return client.request<HealthStatus>('/health', { signal });
    },
  };
}

export type SystemApi = ReturnType<typeof createSystemApi>;
