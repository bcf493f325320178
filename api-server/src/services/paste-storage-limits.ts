import {
  DEFAULT_PASTE_STORAGE_PER_KEY_MB,
  DEFAULT_PASTE_STORAGE_TOTAL_MB,
  SETTING_PASTE_STORAGE_PER_KEY_MB,
  SETTING_PASTE_STORAGE_TOTAL_MB,
} from '@cloudclip/contract';
import type { AuthContext } from '../auth/auth-context';
import { apiKeyCreator } from '../auth/ownership';
import { HttpError } from '../http/http-error';
import { formatBytes } from '../lib/format-size';
import type { PasteRepository } from '../repositories/paste-repository';
import type { SystemSettingRepository } from '../repositories/system-setting-repository';
import { MAX_UPLOAD_SIZE_LIMIT_MB } from './system-service';

const BYTES_PER_MB = 1024 * 1024;

/** The bytes a paste stores: UTF-8 length of content + remark (counted without a copy of either). */
export function pasteBytes(content: string, remark: string | null | undefined): number {
  return Buffer.byteLength(content, 'utf8') + (remark ? Buffer.byteLength(remark, 'utf8') : 0);
}

/** The paste storage limits in bytes (`paste_storage_per_key_mb`, `paste_storage_total_mb`). */
export interface PasteStorageLimits {
  perKey: number;
  total: number;
}

/** A storage write to check: `bytes` the paste will store, `owner` whose per-key limit applies (if any). */
export interface StorageClaim {
  bytes: number;
  /** `created_by` of an API key (`apikey:<id>`) when the key itself writes; undefined = global limit only. */
  owner?: string | undefined;
  /** The row being replaced (its bytes are not counted as used). */
  exceptId?: string | undefined;
}

function storageFull(key: 'paste.keyStorageFull' | 'paste.totalStorageFull', bytes: number, used: number, limit: number): HttpError {
  return new HttpError(400, key, {
    params: { size: formatBytes(bytes), remaining: formatBytes(Math.max(0, limit - used)), limit: formatBytes(limit) },
  });
}

/**
 * The per-key limit applies to every paste an API key creates (`created_by = apikey:<id>`), with
 * its `ApiKey` header or over HTTP Basic alike (paste-inputs `creatorOf`).
 */
export function keyOwnerOf(auth: AuthContext): string | undefined {
  return auth.kind === 'apiKey' ? apiKeyCreator(auth.key.id) : undefined;
}

/** The paste storage limits (settings `paste_storage_*`) and the checks that hold writes to them. */
export class PasteStorageQuota {
  constructor(
    private readonly pastes: Pick<PasteRepository, 'storedBytes'>,
    private readonly settings: Pick<SystemSettingRepository, 'getValue'>,
  ) {}

  /**
   * `paste_storage_per_key_mb` and `paste_storage_total_mb` in bytes; each falls back to its default
   * (100 MB per key, 1024 MB in all) when unset or not a positive integer.
   */
  async storageLimits(): Promise<PasteStorageLimits> {
    const [perKey, total] = await Promise.all([
      this.megabytesSetting(SETTING_PASTE_STORAGE_PER_KEY_MB, DEFAULT_PASTE_STORAGE_PER_KEY_MB),
      this.megabytesSetting(SETTING_PASTE_STORAGE_TOTAL_MB, DEFAULT_PASTE_STORAGE_TOTAL_MB),
    ]);
    return { perKey: perKey * BYTES_PER_MB, total: total * BYTES_PER_MB };
  }

  /**
   * Before a create's body is read (POST /api/paste `onRequest`): 400 when the caller's storage is
   * used up (no byte left of the key's limit or of the global one), so a full key or server does
   * not make the api-server read and parse bodies it will refuse. Whether the paste fits is
   * decided again, atomically, once its size is known (`create`).
   */
  async refuseWhenUsedUp(auth: AuthContext): Promise<void> {
    const limits = await this.storageLimits();
    const owner = keyOwnerOf(auth);
    if (owner !== undefined && (await this.pastes.storedBytes({ createdBy: owner })) >= limits.perKey) {
      throw new HttpError(400, 'paste.keyStorageUsedUp', { params: { limit: formatBytes(limits.perKey) } });
    }
    if ((await this.pastes.storedBytes()) >= limits.total) {
      throw new HttpError(400, 'paste.totalStorageUsedUp', { params: { limit: formatBytes(limits.total) } });
    }
  }

  private async megabytesSetting(key: string, fallback: number): Promise<number> {
    const raw = await this.settings.getValue(key);
    const value = raw === undefined ? NaN : Number(raw.trim());
    return Number.isInteger(value) && value > 0 && value <= MAX_UPLOAD_SIZE_LIMIT_MB ? value : fallback;
  }

  /**
   * 400 (contract §1.3: quota exceeded) when storing `claim.bytes` would take the owner's rows past
   * the per-key limit or all rows past the global one. Runs inside `withStorageLock` with its
   * repository, so the sums include every write that passed before.
   */
  async assertRoom(pastes: PasteRepository, limits: PasteStorageLimits, claim: StorageClaim): Promise<void> {
    if (claim.owner !== undefined) {
      const used = await pastes.storedBytes({ createdBy: claim.owner, exceptId: claim.exceptId });
      if (used + claim.bytes > limits.perKey) throw storageFull('paste.keyStorageFull', claim.bytes, used, limits.perKey);
    }
    const used = await pastes.storedBytes({ exceptId: claim.exceptId });
    if (used + claim.bytes > limits.total) throw storageFull('paste.totalStorageFull', claim.bytes, used, limits.total);
  }
}
