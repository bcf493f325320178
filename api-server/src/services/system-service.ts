import {
  DEFAULT_MAX_UPLOAD_SIZE_MB,
  effectiveWebdavUploadMode,
  SETTING_ALLOW_GUEST_PASTES,
  SETTING_MAX_UPLOAD_SIZE,
  SETTING_PASTE_STORAGE_PER_KEY_MB,
  SETTING_PASTE_STORAGE_TOTAL_MB,
  SETTING_WEBDAV_UPLOAD_MODE,
  SERVER_FEATURE_SEARCH,
  SERVER_FEATURE_MOUNT_SEARCH,
  SERVER_FEATURE_PASTE_TAGS,
  SERVER_FEATURE_DAV_LOCKS,
  SERVER_FEATURE_PASTE_ENCRYPTION,
  SERVER_FEATURE_BURN_AFTER_READING,
  SERVER_FEATURE_GUEST_PASTES,
  SERVER_FEATURE_BACKUP,
  type HealthStatus,
  type SystemSettingRow,
  type SystemSettingsUpdateRequest,
  type VersionInfo,
  type WebdavUploadMode,
} from '@cloudclip/contract';
import { packageVersion } from '../lib/paths';
import { toIso, type Clock } from '../lib/time';
import type { SystemSettingRepository } from '../repositories/system-setting-repository';

/**
 * Keys of `system_settings`: those the client also knows (max_upload_size, webdav_upload_mode,
 * allow_guest_pastes) and their defaults are in the contract; this one is the server's own.
 * `"true"` lets URL import fetch private / loopback / link-local addresses (SSRF guard off); default off. */
export const SETTING_URL_IMPORT_ALLOW_PRIVATE = 'url_import_allow_private';

/** Largest `max_upload_size` in MB whose byte count is still a safe JS integer. */
export const MAX_UPLOAD_SIZE_LIMIT_MB = Math.floor(Number.MAX_SAFE_INTEGER / (1024 * 1024));

/**
 * The rows a settings update writes, with their descriptions. Each field of the update is stored
 * under the row of the same name (the key constants are typed as those names, so a field without
 * its row, or a row named unlike its field, does not compile).
 */
const SETTING_DESCRIPTIONS: Record<keyof SystemSettingsUpdateRequest, string> = {
  [SETTING_MAX_UPLOAD_SIZE]: 'Maximum size of one upload, in megabytes',
  [SETTING_WEBDAV_UPLOAD_MODE]: 'WebDAV upload mode: auto, proxy, multipart or direct',
  [SETTING_ALLOW_GUEST_PASTES]: 'Allow anonymous visitors to create pastes (true/false)',
  [SETTING_URL_IMPORT_ALLOW_PRIVATE]: 'Allow URL import from private and loopback addresses (true/false)',
  [SETTING_PASTE_STORAGE_PER_KEY_MB]: 'Paste text one API key may keep stored, in megabytes',
  [SETTING_PASTE_STORAGE_TOTAL_MB]: 'Paste text all pastes together may take, in megabytes',
};

export const API_NAME = 'cloudclip-api';

export class SystemService {
  constructor(
    private readonly settings: SystemSettingRepository,
    private readonly clock: Clock,
    private readonly storageName: string,
  ) {}

  health(): HealthStatus {
    return { status: 'ok', timestamp: toIso(this.clock()) };
  }

  version(): VersionInfo {
    return {
      version: packageVersion(),
      name: API_NAME,
      environment: 'Node',
      storage: this.storageName,
      nodeVersion: process.version,
      uptime: Math.floor(process.uptime()),
      // Capabilities beyond the legacy contract, so clients offer them only against this backend. Guest
      // pastes: the switch exists here (allow_guest_pastes), whether or not an admin turned it on. Backup: the
      // admin backup API (/api/admin/backup…).
      features: [
        SERVER_FEATURE_SEARCH,
        SERVER_FEATURE_MOUNT_SEARCH,
        SERVER_FEATURE_PASTE_TAGS,
        SERVER_FEATURE_DAV_LOCKS,
        SERVER_FEATURE_PASTE_ENCRYPTION,
        SERVER_FEATURE_BURN_AFTER_READING,
        SERVER_FEATURE_GUEST_PASTES,
        SERVER_FEATURE_BACKUP,
      ],
    };
  }

  /** Every settings row (internal ones too), ordered by key. */
  async listSettings(): Promise<SystemSettingRow[]> {
    const rows = await this.settings.listAll();
    return rows.map((row) => ({ key: row.key, value: row.value, description: row.description, updated_at: row.updated_at }));
  }

  /** Stores the given settings in one transaction; values are kept as text (`"250"`, `"proxy"`, `"true"`). */
  async updateSettings(update: SystemSettingsUpdateRequest): Promise<void> {
    const entries: { key: string; value: string; description: string }[] = [];
    for (const [key, description] of Object.entries(SETTING_DESCRIPTIONS) as [keyof SystemSettingsUpdateRequest, string][]) {
      const value = update[key];
      if (value !== undefined) entries.push({ key, value: String(value), description });
    }
    await this.settings.setValues(entries, toIso(this.clock()));
  }

  /** Whether anonymous visitors may create pastes (`allow_guest_pastes` = `"true"`); off when unset. */
  async allowGuestPastes(): Promise<boolean> {
    return (await this.settings.getValue(SETTING_ALLOW_GUEST_PASTES))?.trim() === 'true';
  }

  /** Whether URL import may reach private addresses (`url_import_allow_private` = `"true"`); off when unset. */
  async urlImportAllowPrivate(): Promise<boolean> {
    return (await this.settings.getValue(SETTING_URL_IMPORT_ALLOW_PRIVATE))?.trim() === 'true';
  }

  /** `webdav_upload_mode`; `auto` when unset or unknown. */
  async webdavUploadMode(): Promise<WebdavUploadMode> {
    return effectiveWebdavUploadMode(await this.settings.getValue(SETTING_WEBDAV_UPLOAD_MODE));
  }

  /** `max_upload_size` in MB; the default (100) when unset, invalid, or unreadable (contract §5.7). */
  async maxUploadSizeMb(): Promise<number> {
    try {
      const raw = await this.settings.getValue(SETTING_MAX_UPLOAD_SIZE);
      const value = raw === undefined ? NaN : Number(raw.trim());
      return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_UPLOAD_SIZE_MB;
    } catch {
      return DEFAULT_MAX_UPLOAD_SIZE_MB;
    }
  }
}
