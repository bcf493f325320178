import { packageVersion } from '../lib/paths';
import { toIso, type Clock } from '../lib/time';
import type { SystemSettingRepository } from '../repositories/system-setting-repository';

export const DEFAULT_MAX_UPLOAD_SIZE_MB = 100;
export const API_NAME = 'cloudclip-api';

export interface VersionInfo {
  version: string;
  name: string;
  environment: string;
  storage: string;
  nodeVersion: string;
  uptime: number;
}

export interface HealthStatus {
  status: 'ok';
  timestamp: string;
}

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
    };
  }

  /** `max_upload_size` in MB; the default (100) when unset, invalid, or unreadable (contract §5.7). */
  async maxUploadSizeMb(): Promise<number> {
    try {
      const raw = await this.settings.getValue('max_upload_size');
      const value = raw === undefined ? NaN : Number(raw.trim());
      return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_UPLOAD_SIZE_MB;
    } catch {
      return DEFAULT_MAX_UPLOAD_SIZE_MB;
    }
  }
}
