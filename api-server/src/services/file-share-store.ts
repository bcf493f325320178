import { RANDOM_SLUG_LENGTH, type FilePresignResponse } from '@cloudclip/contract';
import { randomUUID } from 'node:crypto';
import type { FileRow, StorageConfigRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http/http-error';
import { formatBytes } from '../lib/format-size';
import { hashPassword } from '../lib/password-hash';
import { randomString } from '../lib/random';
import type { SecretBox } from '../lib/secret-box';
import { toIso, type Clock } from '../lib/time';
import type { FileChanges, FileRepository } from '../repositories/file-repository';
import type { MountRepository } from '../repositories/mount-repository';
import type { StorageConfigRepository } from '../repositories/storage-config-repository';
import type { StorageDriver } from '../storage/storage-driver';
import { keySubPath } from './file-keys';
import type { ShareOptions } from './file-share-inputs';
import type { FileShareMounts } from './file-share-mounts';
import { assertSlugFormat, creatorOf, maxViewsColumn, presignedReservationSeconds, type FileCaller } from './file-share-rules';
import { storageHttpError } from './storage-errors';
import type { StorageConfigService } from './storage-config-service';
import type { UploadLimits } from './upload-limits';
import type { ReserveRequest } from './upload-reservations';

/** Contract §6.1: custom slugs of share files. */
export const FILE_SLUG_ATTEMPTS = 10;
const SLUG_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const HOUR_MS = 60 * 60 * 1000;

/** A new row's columns (pending rows: size 0, no etag). */
export type NewFileRow = Omit<FileRow, 'id' | 'views' | 'created_at' | 'updated_at' | 'etag' | 'use_proxy'> &
  Partial<Pick<FileRow, 'etag' | 'use_proxy'>>;

/** A presigned upload's pending share: object `key`, and `size` 0 unless known beforehand. */
export type PendingShareInput = Record<'filename' | 'key' | 'contentType' | 'slug', string> & { size: number; remark: string | null };

/** The fields of a presign answer that describe the pending share and its upload URL. */
export type PendingShareView = Omit<FilePresignResponse, 'contentType'>;

/** Share columns of a pending upload: no password, expiry or view limit (set at commit). */
const WITHOUT_ACCESS_LIMITS = { password_hash: null, password_sealed: null, expires_at: null, max_views: null } as const;

export interface FileShareStoreDeps {
  files: FileRepository;
  configs: StorageConfigRepository;
  storageConfigs: StorageConfigService;
  mounts: MountRepository;
  /** The mounts showing the objects shares write and delete (their listings and index). */
  mountViews: FileShareMounts;
  limits: UploadLimits;
  secretBox: SecretBox;
  clock: Clock;
}

/**
 * The rows and objects of file shares (contract §5.4, §6.1): the steps the share services (uploads,
 * public access, management) and URL import build on — configs a caller may use, slugs, share
 * columns, inserting, completing and removing rows with their objects and quota reservations.
 *
 * Share passwords: `password_hash` (scrypt) verifies, `password_sealed` keeps the recoverable
 * `plain_password` (shown to admins and owners only).
 */
export class FileShareStore {
  readonly files: FileRepository;
  readonly configs: StorageConfigRepository;
  readonly storageConfigs: StorageConfigService;
  readonly limits: UploadLimits;
  readonly secretBox: SecretBox;
  readonly clock: Clock;
  /** Told of every object a share stores or deletes (services/file-share-mounts.ts). */
  readonly mountViews: FileShareMounts;
  private readonly mounts: MountRepository;

  constructor(deps: FileShareStoreDeps) {
    this.files = deps.files;
    this.configs = deps.configs;
    this.storageConfigs = deps.storageConfigs;
    this.mounts = deps.mounts;
    this.mountViews = deps.mountViews;
    this.limits = deps.limits;
    this.secretBox = deps.secretBox;
    this.clock = deps.clock;
  }

  now(): string {
    return toIso(this.clock());
  }

  driverOf(config: StorageConfigRow): StorageDriver {
    return this.storageConfigs.driverFor(config);
  }

  /** The config row by id; 404 when unknown. */
  async requireConfig(id: string): Promise<StorageConfigRow> {
    const config = await this.configs.findById(id);
    if (!config) throw new HttpError(404, 's3Config.notFound');
    return config;
  }

  /** Admin → must own the config; key → it must be public. */
  assertConfigUsable(caller: FileCaller, config: StorageConfigRow, status: 400 | 403 | 404): void {
    const usable = caller.kind === 'admin' ? config.admin_id === caller.adminId : Number(config.is_public) === 1;
    if (usable) return;
    if (status === 404) throw new HttpError(404, 's3Config.notFound');
    throw new HttpError(status, caller.kind === 'admin' ? 'file.configNotOwned' : 'file.configNotPublic');
  }

  /** The key sub-path (§2.6) of the caller on a config; 403 for a key whose basic path sees no mount of it. */
  async subPathFor(caller: FileCaller, config: StorageConfigRow): Promise<string> {
    if (caller.kind !== 'apiKey') return '';
    if (caller.key.basicPath.replace(/\/+$/, '') === '') return '';
    const subPath = keySubPath(await this.mounts.listByStorageConfig(config.id), caller.key.basicPath);
    if (subPath === null) throw new HttpError(403, 'file.basicPathDenied');
    return subPath;
  }

  /** A config the caller may upload to, with its key sub-path: 404 unknown or not usable, 403 outside the basic path. */
  async uploadConfig(caller: FileCaller, configId: string): Promise<{ config: StorageConfigRow; subPath: string }> {
    const config = await this.requireConfig(configId);
    this.assertConfigUsable(caller, config, 404);
    return { config, subPath: await this.subPathFor(caller, config) };
  }

  /** A random slug not used by any file (§6.1: up to 10 tries, then 500). */
  async randomSlug(): Promise<string> {
    for (let attempt = 0; attempt < FILE_SLUG_ATTEMPTS; attempt += 1) {
      const slug = randomString(RANDOM_SLUG_LENGTH, SLUG_ALPHABET);
      if (!(await this.files.slugExists(slug))) return slug;
    }
    throw new HttpError(500, 'file.slugGenerationFailed');
  }

  findBySlug(slug: string): Promise<FileRow | undefined> {
    return this.files.findBySlug(slug);
  }

  /**
   * A custom slug for a new upload: 409 when taken (unless `override`, then the existing row is
   * returned for replacement — only its creator may replace it: 403), 400 bad format.
   */
  async claimSlug(caller: FileCaller, slug: string | undefined, override: boolean): Promise<FileRow | undefined> {
    if (slug === undefined || slug === '') return undefined;
    const existing = await this.files.findBySlug(slug);
    if (existing) {
      if (!override) throw new HttpError(409, 'file.slugTaken');
      if (existing.created_by !== creatorOf(caller)) throw new HttpError(403, 'file.overrideForbidden');
    }
    assertSlugFormat(slug);
    return existing;
  }

  async sealPassword(password: string | null | undefined): Promise<{ password_hash: string | null; password_sealed: string | null }> {
    if (password === undefined || password === null || password === '') return { password_hash: null, password_sealed: null };
    return { password_hash: await hashPassword(password), password_sealed: this.secretBox.encrypt(password) };
  }

  /** `expires_in` hours → ISO time; 0 / absent / negative → never. */
  private expiryFromHours(hours: number | undefined): string | null {
    if (hours === undefined || !Number.isFinite(hours) || hours <= 0) return null;
    return toIso(new Date(this.clock().getTime() + hours * HOUR_MS));
  }

  /** Share fields (remark, password, expiry, view limit) as row columns. */
  async shareColumns(
    options: ShareOptions,
  ): Promise<Pick<FileRow, 'remark' | 'password_hash' | 'password_sealed' | 'expires_at' | 'max_views'>> {
    return {
      remark: options.remark ?? null,
      ...(await this.sealPassword(options.password)),
      expires_at: this.expiryFromHours(options.expires_in),
      max_views: maxViewsColumn(options.max_views),
    };
  }

  /** A new row for an object key (pending rows: size 0, no etag). */
  newRow(fields: NewFileRow): FileRow {
    const now = this.now();
    return { id: randomUUID(), views: 0, etag: null, use_proxy: 1, created_at: now, updated_at: now, ...fields };
  }

  /** Inserts a row; a slug taken meanwhile becomes 409. */
  async insertRow(row: FileRow): Promise<void> {
    try {
      await this.files.insert(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'file.slugTaken', { cause: error });
      throw error;
    }
  }

  /**
   * Creates the pending share of a presigned upload (s3/presign and url/presign): its row, `reserve`
   * of the config's quota held for it and a presigned PUT of its object bound to that space (signed
   * with `contentLength` when given). The space is given back when a step fails.
   */
  async createPendingShare(
    caller: FileCaller,
    config: StorageConfigRow,
    share: PendingShareInput,
    upload: { reserve: ReserveRequest['size']; contentLength?: number | undefined; origin: string },
  ): Promise<PendingShareView> {
    const { key } = share;
    const row = this.newRow({
      filename: share.filename,
      storage_path: key,
      s3_url: this.driverOf(config).objectUrl(key, upload.origin),
      mimetype: share.contentType,
      size: share.size,
      s3_config_id: config.id,
      slug: share.slug,
      remark: share.remark,
      ...WITHOUT_ACCESS_LIMITS,
      created_by: creatorOf(caller),
    });
    const reservation = await this.limits.reservations.reserve(
      config,
      {
        size: upload.reserve,
        ttlSeconds: presignedReservationSeconds(config),
        createdBy: row.created_by,
        fileId: row.id,
        storagePath: key,
      },
      this.limits.refuseQuota,
    );
    try {
      const uploadUrl = await this.driverOf(config)
        .presignPutUrl(key, {
          contentType: share.contentType,
          expiresIn: Number(config.signature_expires_in),
          urlBase: upload.origin,
          ...(upload.contentLength === undefined ? {} : { contentLength: upload.contentLength }),
          maxBytes: reservation.bytes,
          uploadToken: reservation.id,
        })
        .catch((error: unknown) => {
          throw storageHttpError(error);
        });
      await this.insertRow(row);
      return {
        file_id: row.id,
        upload_url: uploadUrl,
        storage_path: key,
        s3_url: row.s3_url,
        slug: share.slug,
        provider_type: config.provider_type,
      };
    } catch (error) {
      await this.limits.reservations.release(reservation.id);
      throw error;
    }
  }

  /** Loads a row for an operation only its creator may do: 404 unknown, 403 another creator. */
  async requireOwnRow(caller: FileCaller, fileId: string): Promise<FileRow> {
    const row = await this.files.findById(fileId);
    if (!row) throw new HttpError(404, 'file.notFound');
    if (row.created_by !== creatorOf(caller)) throw new HttpError(403, 'file.notCreator');
    return row;
  }

  /** Deletes an object, best effort: true when the storage removed it (then the mounts showing it are told). */
  private async deleteObject(config: StorageConfigRow, key: string): Promise<boolean> {
    return this.driverOf(config)
      .deleteObject(key)
      .then(
        () => true,
        () => false,
      );
  }

  /**
   * Deletes the object (best effort) and the row, and gives back the space a pending row held; then
   * the mounts showing the object forget it.
   */
  async removeFile(row: FileRow, config?: StorageConfigRow | null): Promise<void> {
    const owner = config === undefined ? await this.configs.findById(row.s3_config_id) : config;
    const deleted = owner ? await this.deleteObject(owner, row.storage_path) : false;
    await this.files.deleteById(row.id);
    await this.limits.reservations.releaseFile(row.id);
    if (owner && deleted) await this.mountViews.objectRemoved(owner, row.storage_path);
  }

  /**
   * After the storage check refused an upload's commit (s3/commit, url/commit, URL multipart
   * complete) — the object missing or not what the client uploaded, or the storage unreachable:
   * a pending upload goes with its object (if the storage lets us delete it) and its reservation,
   * as a commit refused for the quota does. The client starts over with a new presign (ours and
   * the legacy client delete the pending row after any failed commit anyway), and neither its
   * space nor a row may stay behind for an upload nobody could verify. A share committed before
   * (a repeated commit) is kept: a wrong claim or an outage is no reason to drop a file stored
   * whole. Pending: its reservation is live, or no commit ever recorded the stored object's ETag.
   */
  async dropRefusedUpload(row: FileRow, config: StorageConfigRow): Promise<void> {
    const pending = row.etag === null || (await this.limits.reservations.forFile(row.id)) !== undefined;
    if (pending) await this.removeFile(row, config);
  }

  /** Deletes an object (best effort) unless a file row still points at it (original-name keys can be shared). */
  async deleteUnreferencedObject(config: StorageConfigRow, key: string): Promise<void> {
    if ((await this.files.findByStorageKey(config.id, key)).length > 0) return;
    if (await this.deleteObject(config, key)) await this.mountViews.objectRemoved(config, key);
  }

  /**
   * Completes a pending row (commit, multipart complete) whose object holds `size` bytes.
   * `max_upload_size` first: when refused, the object and the row are deleted. Then the quota is
   * checked against the real size and the row updated in one transaction that also ends the row's
   * reservation. A size that does not fit, or is larger than the space the upload reserved,
   * deletes the object and the row (400). `changesOf` gives the row's new columns once the size is
   * accepted; they are returned.
   */
  async completePending<C extends FileChanges>(
    row: FileRow,
    config: StorageConfigRow,
    size: number,
    changesOf: () => C | Promise<C>,
  ): Promise<C> {
    const maxBytes = await this.limits.maxUploadBytes();
    if (size > maxBytes) {
      await this.removeFile(row, config);
      throw this.limits.tooLarge(maxBytes);
    }
    const changes = await changesOf();
    await this.settlePending(row, config, size, changes);
    await this.mountViews.objectStored(config.id, row.storage_path, size);
    return changes;
  }

  private async settlePending(row: FileRow, config: StorageConfigRow, size: number, changes: FileChanges): Promise<void> {
    const reservation = await this.limits.reservations.forFile(row.id);
    if (reservation && size > Number(reservation.bytes)) {
      // A store that does not enforce the signed length: the object is bigger than the space held.
      await this.removeFile(row, config);
      throw new HttpError(400, 'file.largerThanReserved', {
        params: { fileSize: formatBytes(size), reserved: formatBytes(Number(reservation.bytes)) },
      });
    }
    let refusal: HttpError | undefined;
    try {
      await this.limits.reservations.settle(
        config,
        { size, reservationId: reservation?.id, fileId: row.id },
        (bytes, quota) => (refusal = this.limits.insufficientStorage(bytes, quota)),
        (files) => files.update(row.id, changes).then(() => undefined),
      );
    } catch (error) {
      if (refusal !== undefined && error === refusal) {
        await this.removeFile(row, config);
        throw error;
      }
      if (isUniqueViolation(error)) throw new HttpError(409, 'file.slugTaken', { cause: error });
      throw error;
    }
  }
}
