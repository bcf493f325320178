import { randomUUID } from 'node:crypto';
import {
  MOUNT_CACHE_TTL_DEFAULT_SECONDS,
  MOUNT_CACHE_TTL_MAX_SECONDS,
  MOUNT_NAME_MAX_LENGTH,
  mountPathProblem,
  type Mount,
  type MountPathProblem,
  type MountStorageType,
} from '@cloudclip/contract';
import type { ApiKeyPrincipal } from '../auth/auth-context';
import { isMountVisibleToBasicPath, isWithinBasicPath, normalizeBasicPath } from '../auth/basic-path';
import type { CacheRegistry } from '../cache/cache-registry';
import type { MountRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http/http-error';
import { toIso, type Clock } from '../lib/time';
import type { MountPatch, MountRepository } from '../repositories/mount-repository';
import type { StorageConfigRepository } from '../repositories/storage-config-repository';

/** The only functional storage type (our local-driver configs are mounted as `S3` too: the config picks the driver). */
export const S3_STORAGE_TYPE: MountStorageType = 'S3';
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** Writable mount fields as clients send them (loosely typed; validated here). */
export interface MountInput {
  name?: unknown;
  storage_type?: unknown;
  storage_config_id?: unknown;
  mount_path?: unknown;
  remark?: unknown;
  is_active?: unknown;
  sort_order?: unknown;
  cache_ttl?: unknown;
}

function invalid(field: string): HttpError {
  return new HttpError(400, 'validation.invalidField', { params: { field } });
}

function missing(field: string): HttpError {
  return new HttpError(400, 'validation.missingFields', { params: { fields: field } });
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The contract's mount path rule (§5.6, shared with the client) as an HTTP 400 with its message. */
function mountPathError(problem: MountPathProblem): HttpError {
  switch (problem.code) {
    case 'required':
      return missing('mount_path');
    case 'mustStartWithSlash':
      return new HttpError(400, 'mount.pathMustStartWithSlash');
    case 'tooLong':
      return new HttpError(400, 'mount.pathTooLong', { params: { max: problem.max } });
    case 'consecutiveSlashes':
      return new HttpError(400, 'mount.pathDoubleSlash');
    case 'trailingSlash':
      return new HttpError(400, 'mount.pathTrailingSlash');
    case 'invalidCharacters':
      return new HttpError(400, 'mount.pathInvalidCharacters');
    case 'reserved':
      return new HttpError(400, 'mount.pathReserved', { params: { reserved: problem.reserved } });
  }
}

function parseMountPath(value: unknown): string {
  if (typeof value !== 'string') throw invalid('mount_path');
  const normalized = value.trim().normalize('NFC');
  const problem = mountPathProblem(normalized);
  if (problem) throw mountPathError(problem);
  return normalized;
}

function parseName(value: unknown): string {
  if (typeof value !== 'string') throw invalid('name');
  const name = value.trim();
  if (name === '') throw missing('name');
  if (name.length > MOUNT_NAME_MAX_LENGTH) throw new HttpError(400, 'mount.nameTooLong', { params: { max: MOUNT_NAME_MAX_LENGTH } });
  return name;
}

function parseStorageType(value: unknown): string {
  if (typeof value !== 'string') throw invalid('storage_type');
  const type = value.trim();
  if (type === '') throw missing('storage_type');
  if (type.toUpperCase() !== S3_STORAGE_TYPE)
    throw new HttpError(400, 'mount.storageTypeUnsupported', { params: { type: type.slice(0, 50) } });
  return S3_STORAGE_TYPE;
}

/** An integer given as a JSON number or a decimal string; undefined when it is not one. */
function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value.trim());
  return undefined;
}

function parseCacheTtl(value: unknown): number {
  const ttl = integerOf(value);
  if (ttl === undefined || ttl < 0 || ttl > MOUNT_CACHE_TTL_MAX_SECONDS)
    throw new HttpError(400, 'mount.cacheTtlInvalid', { params: { max: MOUNT_CACHE_TTL_MAX_SECONDS } });
  return ttl;
}

function parseSortOrder(value: unknown): number {
  const order = integerOf(value);
  if (order === undefined || order < INT32_MIN || order > INT32_MAX) throw new HttpError(400, 'mount.sortOrderInvalid');
  return order;
}

function parseActive(value: unknown): number {
  if (value === true || value === 1 || value === '1' || value === 'true') return 1;
  if (value === false || value === 0 || value === '0' || value === 'false') return 0;
  throw invalid('is_active');
}

function parseRemark(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw invalid('remark');
  return value;
}

export function mountView(row: MountRow): Mount {
  return {
    id: row.id,
    name: row.name,
    storage_type: row.storage_type,
    storage_config_id: row.storage_config_id,
    mount_path: row.mount_path,
    remark: row.remark,
    is_active: Number(row.is_active) === 1 ? 1 : 0,
    created_by: row.created_by,
    sort_order: Number(row.sort_order),
    cache_ttl: Number(row.cache_ttl),
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_used: row.last_used,
  };
}

/** Contract order: `sort_order`, then `name` (code-unit order on every engine), then id. */
export function compareMounts(a: MountRow, b: MountRow): number {
  const bySort = Number(a.sort_order) - Number(b.sort_order);
  if (bySort !== 0) return bySort;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Mounts (contract §5.6): admin CRUD with the validation rules of product spec §5, key views
 * filtered by basic_path (§2.6), and the mounts each caller's file browser sees (§5.9).
 * Updating or deleting a mount drops its cached listings and links.
 */
export class MountService {
  constructor(
    private readonly mounts: MountRepository,
    private readonly configs: StorageConfigRepository,
    private readonly caches: CacheRegistry,
    private readonly clock: Clock,
  ) {}

  async listAll(): Promise<Mount[]> {
    return (await this.mounts.listAll()).sort(compareMounts).map(mountView);
  }

  async get(id: string): Promise<Mount> {
    return mountView(await this.require(id));
  }

  async create(adminId: string, input: MountInput): Promise<Mount> {
    const absent = (['name', 'storage_type', 'mount_path'] as const).filter((field) => isBlank(input[field]));
    if (absent.length > 0) throw new HttpError(400, 'validation.missingFields', { params: { fields: absent.join(', ') } });
    const name = parseName(input.name);
    const storageType = parseStorageType(input.storage_type);
    const mountPath = parseMountPath(input.mount_path);
    if (isBlank(input.storage_config_id)) throw missing('storage_config_id');
    const configId = await this.parseConfigId(input.storage_config_id);
    const row: MountRow = {
      id: randomUUID(),
      name,
      storage_type: storageType,
      storage_config_id: configId,
      mount_path: mountPath,
      remark: parseRemark(input.remark),
      is_active: input.is_active === undefined || input.is_active === null ? 1 : parseActive(input.is_active),
      created_by: adminId,
      sort_order: input.sort_order === undefined || input.sort_order === null ? 0 : parseSortOrder(input.sort_order),
      cache_ttl:
        input.cache_ttl === undefined || input.cache_ttl === null ? MOUNT_CACHE_TTL_DEFAULT_SECONDS : parseCacheTtl(input.cache_ttl),
      created_at: toIso(this.clock()),
      updated_at: toIso(this.clock()),
      last_used: null,
    };
    if (await this.mounts.findByPath(mountPath)) throw new HttpError(409, 'mount.pathTaken');
    try {
      await this.mounts.create(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'mount.pathTaken', { cause: error });
      throw error;
    }
    return { ...mountView(row), is_active: row.is_active === 1 };
  }

  /** Partial update; 404 unknown, 400 invalid field, 409 path used by another mount. */
  async update(id: string, input: MountInput): Promise<void> {
    const current = await this.require(id);
    const patch: MountPatch = {};
    if (input.name !== undefined) patch.name = parseName(input.name);
    if (input.storage_type !== undefined) patch.storage_type = parseStorageType(input.storage_type);
    if (input.mount_path !== undefined) patch.mount_path = parseMountPath(input.mount_path);
    if (input.storage_config_id !== undefined) {
      if (isBlank(input.storage_config_id)) throw missing('storage_config_id');
      patch.storage_config_id = await this.parseConfigId(input.storage_config_id);
    }
    if (input.remark !== undefined) patch.remark = parseRemark(input.remark);
    if (input.is_active !== undefined) patch.is_active = parseActive(input.is_active);
    if (input.sort_order !== undefined) patch.sort_order = parseSortOrder(input.sort_order);
    if (input.cache_ttl !== undefined) patch.cache_ttl = parseCacheTtl(input.cache_ttl);
    if (Object.keys(patch).length === 0) return;
    if (patch.mount_path !== undefined && patch.mount_path !== current.mount_path) {
      const other = await this.mounts.findByPath(patch.mount_path);
      if (other && other.id !== id) throw new HttpError(409, 'mount.pathTaken');
    }
    patch.updated_at = toIso(this.clock());
    try {
      await this.mounts.update(id, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'mount.pathTaken', { cause: error });
      throw error;
    } finally {
      this.caches.clearByMount(id);
    }
  }

  async delete(id: string): Promise<void> {
    await this.require(id);
    await this.mounts.delete(id);
    this.caches.clearByMount(id);
  }

  /** GET /api/user/mounts: active mounts within or above the key's basic_path. */
  async listForKey(key: ApiKeyPrincipal): Promise<Mount[]> {
    return (await this.visibleTo(key.basicPath)).map(mountView);
  }

  /** GET /api/user/mounts/{id}: active only (404), and the mount path itself within basic_path (403). */
  async getForKey(key: ApiKeyPrincipal, id: string): Promise<Mount> {
    const mount = await this.mounts.findById(id);
    if (!mount || !mount.is_active) throw new HttpError(404, 'mount.notFound');
    if (!isWithinBasicPath(mount.mount_path, normalizeBasicPath(key.basicPath).normalize('NFC'))) {
      throw new HttpError(403, 'mount.notAccessible');
    }
    return mountView(mount);
  }

  /** Active mounts a key sees (§2.6 "mount visible"), in contract order. */
  async visibleTo(basicPath: string): Promise<MountRow[]> {
    const b = normalizeBasicPath(basicPath).normalize('NFC');
    return (await this.mounts.listActive()).filter((mount) => isMountVisibleToBasicPath(mount, b)).sort(compareMounts);
  }

  /** Active mounts an admin's file browser sees: those the admin created (§5.6). */
  async ownedBy(adminId: string): Promise<MountRow[]> {
    return (await this.mounts.listActiveByCreator(adminId)).sort(compareMounts);
  }

  private async require(id: string): Promise<MountRow> {
    const mount = await this.mounts.findById(id);
    if (!mount) throw new HttpError(404, 'mount.notFound');
    return mount;
  }

  private async parseConfigId(value: unknown): Promise<string> {
    if (typeof value !== 'string') throw invalid('storage_config_id');
    const id = value.trim();
    if (!(await this.configs.findById(id))) throw new HttpError(400, 'mount.configNotFound');
    return id;
  }
}
