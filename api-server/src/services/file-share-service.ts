import {
  isShareSlug,
  RANDOM_SLUG_LENGTH,
  type AdminFileListData,
  type FileCommitResponse,
  type FileDetail,
  type FilePresignResponse,
  type FileRecord,
  type OfficePreviewResponse,
  type PublicFile,
  type UploadDirectResponse,
  type UserFileListData,
  hasControlCharacter,
} from '@cloudclip/contract';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AdminAuth, ApiKeyAuth } from '../auth/auth-context';
import { apiKeyCreator, apiKeyIdOfCreator } from '../auth/ownership';
import type { FileRow, StorageConfigRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http/http-error';
import { formatBytes } from '../lib/format-size';
import { isOfficeDocument, mimeTypeForFilename } from '../lib/mime-types';
import { hashPassword, verifyPassword } from '../lib/password-hash';
import { randomString } from '../lib/random';
import type { SecretBox } from '../lib/secret-box';
import { isExpired, parseTimestamp, toIso, type Clock } from '../lib/time';
import type { FileChanges, FileListRow, FileRepository } from '../repositories/file-repository';
import type { MountRepository } from '../repositories/mount-repository';
import type { StorageConfigRepository } from '../repositories/storage-config-repository';
import { stripEtagQuotes, type StorageDriver } from '../storage/storage-driver';
import { buildObjectKey, keySubPath, normalizeUploadPath } from './file-keys';
import type { StorageConfigService } from './storage-config-service';
import { storageHttpError } from './storage-errors';
import { ByteLimiter, pipeRequestBody, type UploadLimits } from './upload-limits';
import { PRESIGNED_RESERVATION_GRACE_SECONDS, STREAMING_RESERVATION_SECONDS, type Reservation } from './upload-reservations';

/** Contract §6.1: custom slugs of share files. */
export const FILE_SLUG_ATTEMPTS = 10;
const SLUG_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const MAX_FILENAME_LENGTH = 255;
const HOUR_MS = 60 * 60 * 1000;
export const OFFICE_VIEWER_URL = 'https://view.officeapps.live.com/op/view.aspx?src=';

export type FileCaller = AdminAuth | ApiKeyAuth;

/** `created_by` of share uploads (contract §2.7): `<adminId>` or `apikey:<keyId>`. */
export function creatorOf(caller: FileCaller): string {
  return caller.kind === 'admin' ? caller.adminId : apiKeyCreator(caller.key.id);
}

function hasViewLimit(row: Pick<FileRow, 'max_views'>): row is FileRow & { max_views: number } {
  return row.max_views !== null && Number(row.max_views) > 0;
}

function viewsExceeded(row: Pick<FileRow, 'max_views' | 'views'>): boolean {
  return hasViewLimit(row) && Number(row.views) > Number(row.max_views);
}

// ------------------------------------------------------------------------------------ inputs

export interface PresignInput {
  s3_config_id: string;
  filename: string;
  size?: number | undefined;
  slug?: string | undefined;
  path?: string | undefined;
  override?: boolean | undefined;
}

export interface CommitInput {
  file_id: string;
  etag?: string | null | undefined;
  size?: number | undefined;
  remark?: string | null | undefined;
  password?: string | null | undefined;
  /** Hours; > 0 → now + hours, else never. */
  expires_in?: number | undefined;
  max_views?: number | undefined;
  /** URL commit only: a custom slug applied now. */
  slug?: string | undefined;
}

export interface ShareOptions {
  remark?: string | null | undefined;
  password?: string | null | undefined;
  expires_in?: number | undefined;
  max_views?: number | undefined;
}

export interface DirectUploadInput extends ShareOptions {
  filename: string;
  s3_config_id?: string | undefined;
  slug?: string | undefined;
  path?: string | undefined;
  override?: boolean | undefined;
  original_filename?: boolean | undefined;
  use_proxy?: boolean | undefined;
}

export interface UploadBody {
  stream: Readable;
  /** Declared length (Content-Length) when known. */
  contentLength?: number | undefined;
}

export interface FileUpdateInput {
  remark?: string | null | undefined;
  slug?: string | undefined;
  expires_at?: string | null | undefined;
  use_proxy?: boolean | undefined;
  max_views?: number | null | undefined;
  password?: string | null | undefined;
}

// ------------------------------------------------------------------------------------ views
// The response shapes are the contract's (`@cloudclip/contract`, api/file.ts).

/** PublicFile with every link (unprotected, storage config present). */
type LinkedPublicFile = PublicFile &
  Required<Pick<PublicFile, 'previewUrl' | 'downloadUrl' | 'proxy_preview_url' | 'proxy_download_url'>> & { requires_password: false };

/** `use_proxy` as the views send it. */
function useProxyOf(row: Pick<FileRow, 'use_proxy'>): 0 | 1 {
  return Number(row.use_proxy) === 1 ? 1 : 0;
}

/** The PublicFile fields every variant has (links aside). */
function publicFields<R extends boolean>(row: FileRow, requiresPassword: R) {
  return {
    id: row.id,
    slug: row.slug,
    filename: row.filename,
    mimetype: row.mimetype,
    size: Number(row.size),
    remark: row.remark,
    created_at: row.created_at,
    requires_password: requiresPassword,
    views: Number(row.views),
    max_views: row.max_views,
    expires_at: row.expires_at,
    use_proxy: useProxyOf(row),
    created_by: row.created_by,
  };
}

/** What a proxy link (file-download / file-view / office-preview) may serve. */
export interface ProxyTarget {
  row: FileRow;
  config: StorageConfigRow;
  driver: StorageDriver;
}

/** `verify`: a file without password answers its raw `s3_url` (sent as body code 400), else the view. */
export type VerifyResult = { protected: false; url: string } | { protected: true; file: PublicFile };

export interface FileShareServiceDeps {
  files: FileRepository;
  configs: StorageConfigRepository;
  storageConfigs: StorageConfigService;
  mounts: MountRepository;
  limits: UploadLimits;
  secretBox: SecretBox;
  clock: Clock;
}

/**
 * File shares (contract §5.4, §6.1–§6.3): uploads (presign/commit, upload-direct, form upload),
 * the admin and API-key management views, public info with view counting and lazy expiry, and
 * the proxy links. URL import (§5.8) builds on the pending-row and commit steps here.
 *
 * Share passwords: `password_hash` (scrypt) verifies, `password_sealed` keeps the recoverable
 * `plain_password` (shown to admins and owners only).
 */
export class FileShareService {
  private readonly files: FileRepository;
  private readonly configs: StorageConfigRepository;
  private readonly storageConfigs: StorageConfigService;
  private readonly mounts: MountRepository;
  readonly limits: UploadLimits;
  private readonly secretBox: SecretBox;
  private readonly clock: Clock;

  constructor(deps: FileShareServiceDeps) {
    this.files = deps.files;
    this.configs = deps.configs;
    this.storageConfigs = deps.storageConfigs;
    this.mounts = deps.mounts;
    this.limits = deps.limits;
    this.secretBox = deps.secretBox;
    this.clock = deps.clock;
  }

  // ================================================================================ shared steps

  private now(): string {
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
  canUseConfig(caller: FileCaller, config: StorageConfigRow): boolean {
    return caller.kind === 'admin' ? config.admin_id === caller.adminId : Number(config.is_public) === 1;
  }

  assertConfigUsable(caller: FileCaller, config: StorageConfigRow, status: 400 | 403 | 404): void {
    if (this.canUseConfig(caller, config)) return;
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

  assertFilename(filename: string): string {
    const trimmed = filename.trim();
    if (trimmed === '' || trimmed.length > MAX_FILENAME_LENGTH || hasControlCharacter(trimmed)) {
      throw new HttpError(400, 'file.filenameInvalid');
    }
    return trimmed;
  }

  assertSlugFormat(slug: string): void {
    if (!isShareSlug(slug)) throw new HttpError(400, 'file.slugInvalid');
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

  async sealPassword(password: string | null | undefined): Promise<{ password_hash: string | null; password_sealed: string | null }> {
    if (password === undefined || password === null || password === '') return { password_hash: null, password_sealed: null };
    return { password_hash: await hashPassword(password), password_sealed: this.secretBox.encrypt(password) };
  }

  /** `expires_in` hours → ISO time; 0 / absent / negative → never. */
  expiryFromHours(hours: number | undefined): string | null {
    if (hours === undefined || !Number.isFinite(hours) || hours <= 0) return null;
    return toIso(new Date(this.clock().getTime() + hours * HOUR_MS));
  }

  /** `max_views` 0 / absent → unlimited (stored null). */
  static maxViews(value: number | null | undefined): number | null {
    return value === undefined || value === null || value <= 0 ? null : Math.floor(value);
  }

  /** Share fields (remark, password, expiry, view limit) as row columns. */
  async shareColumns(
    options: ShareOptions,
  ): Promise<Pick<FileRow, 'remark' | 'password_hash' | 'password_sealed' | 'expires_at' | 'max_views'>> {
    return {
      remark: options.remark ?? null,
      ...(await this.sealPassword(options.password)),
      expires_at: this.expiryFromHours(options.expires_in),
      max_views: FileShareService.maxViews(options.max_views),
    };
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

  /** Changes columns of a row (no checks). */
  async updateRow(id: string, changes: FileChanges): Promise<void> {
    await this.files.update(id, changes);
  }

  /** A new row for an object key (pending rows: size 0, no etag). */
  newRow(
    fields: Omit<FileRow, 'id' | 'views' | 'created_at' | 'updated_at' | 'etag' | 'use_proxy'> &
      Partial<Pick<FileRow, 'etag' | 'use_proxy'>>,
  ): FileRow {
    const now = this.now();
    return { id: randomUUID(), views: 0, etag: null, use_proxy: 1, created_at: now, updated_at: now, ...fields };
  }

  /** Deletes the object (best effort) and the row, and gives back the space a pending row held. */
  async removeFile(row: FileRow, config?: StorageConfigRow | null): Promise<void> {
    const owner = config === undefined ? await this.configs.findById(row.s3_config_id) : config;
    if (owner)
      await this.driverOf(owner)
        .deleteObject(row.storage_path)
        .catch(() => undefined);
    await this.files.deleteById(row.id);
    await this.limits.reservations.releaseFile(row.id);
  }

  /** How long a presigned upload of `config` holds its reservation: the URL's lifetime plus a grace. */
  presignedReservationSeconds(config: StorageConfigRow): number {
    return Number(config.signature_expires_in) + PRESIGNED_RESERVATION_GRACE_SECONDS;
  }

  /** Deletes an object (best effort) unless a file row still points at it (original-name keys can be shared). */
  private async deleteUnreferencedObject(config: StorageConfigRow, key: string): Promise<void> {
    if ((await this.files.findByStorageKey(config.id, key)).length > 0) return;
    await this.driverOf(config)
      .deleteObject(key)
      .catch(() => undefined);
  }

  /** Loads a row for an operation only its creator may do: 404 unknown, 403 another creator. */
  async requireOwnRow(caller: FileCaller, fileId: string): Promise<FileRow> {
    const row = await this.files.findById(fileId);
    if (!row) throw new HttpError(404, 'file.notFound');
    if (row.created_by !== creatorOf(caller)) throw new HttpError(403, 'file.notCreator');
    return row;
  }

  // ================================================================================ presign / commit

  /**
   * POST /api/s3/presign: checks in the contract's order, then the reserved space (the declared
   * size, else whatever is left up to `max_upload_size`), a pending row and a presigned PUT bound
   * to it: S3 signs the declared `Content-Length`; a local URL takes one body of at most the
   * reserved bytes, and none once the upload is committed or cancelled.
   */
  async presign(caller: FileCaller, input: PresignInput, origin: string): Promise<FilePresignResponse> {
    const filename = this.assertFilename(input.filename);
    const maxBytes = await this.limits.maxUploadBytes();
    if (input.size !== undefined && input.size > maxBytes) throw this.limits.tooLarge(maxBytes);
    const config = await this.requireConfig(input.s3_config_id);
    if (input.size !== undefined) await this.limits.assertQuota(config, input.size);
    // Contract: 403 when an admin does not own the config. Ours: a key needs a public config too.
    this.assertConfigUsable(caller, config, 403);
    const replaced = await this.claimSlug(caller, input.slug, input.override === true);
    const subPath = await this.subPathFor(caller, config);
    const path = normalizeUploadPath(input.path);
    if (replaced) await this.removeFile(replaced);

    const slug = input.slug || (await this.randomSlug());
    const key = buildObjectKey({ subPath, defaultFolder: config.default_folder, path, filename, randomPrefix: true });
    const contentType = mimeTypeForFilename(filename);
    const driver = this.driverOf(config);
    const fileId = randomUUID();
    const reservation = await this.limits.reservations.reserve(
      config,
      {
        size: input.size !== undefined ? { bytes: input.size } : { upTo: maxBytes },
        ttlSeconds: this.presignedReservationSeconds(config),
        createdBy: creatorOf(caller),
        fileId,
        storagePath: key,
      },
      this.limits.refuseQuota,
    );
    try {
      const uploadUrl = await driver
        .presignPutUrl(key, {
          contentType,
          expiresIn: Number(config.signature_expires_in),
          urlBase: origin,
          ...(input.size === undefined ? {} : { contentLength: input.size }),
          maxBytes: reservation.bytes,
          uploadToken: reservation.id,
        })
        .catch((error: unknown) => {
          throw storageHttpError(error);
        });
      const row: FileRow = {
        ...this.newRow({
          filename,
          storage_path: key,
          s3_url: driver.objectUrl(key, origin),
          mimetype: contentType,
          size: 0,
          s3_config_id: config.id,
          slug,
          remark: null,
          password_hash: null,
          password_sealed: null,
          expires_at: null,
          max_views: null,
          created_by: creatorOf(caller),
        }),
        id: fileId,
      };
      await this.insertRow(row);
      await this.storageConfigs.touchLastUsed(config.id).catch(() => undefined);
      return {
        file_id: row.id,
        upload_url: uploadUrl,
        storage_path: key,
        s3_url: row.s3_url,
        slug,
        provider_type: config.provider_type,
        contentType,
      };
    } catch (error) {
      await this.limits.reservations.release(reservation.id);
      throw error;
    }
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
    this.assertSlugFormat(slug);
    return existing;
  }

  /**
   * POST /api/s3/commit and /api/url/commit. The object's real size (HEAD) is what counts for the
   * size limit and the quota; a refused commit deletes the object and the row.
   */
  async commit(
    caller: FileCaller,
    input: CommitInput,
    options: { allowSlug: boolean } = { allowSlug: false },
  ): Promise<FileCommitResponse> {
    const row = await this.requireOwnRow(caller, input.file_id);
    const config = await this.configs.findById(row.s3_config_id);
    if (!config) throw new HttpError(404, 'file.storageInfoMissing');
    this.assertConfigUsable(caller, config, 400);

    let slug = row.slug;
    if (options.allowSlug && input.slug !== undefined && input.slug !== '' && input.slug !== row.slug) {
      this.assertSlugFormat(input.slug);
      if (await this.files.slugExists(input.slug)) throw new HttpError(409, 'file.slugTaken');
      slug = input.slug;
    }

    const driver = this.driverOf(config);
    const info = await driver.headObject(row.storage_path).catch(() => null);
    const size = info ? info.size : (input.size ?? Number(row.size));
    await this.assertStoredSize(row, config, size);

    const etag = input.etag ? stripEtagQuotes(input.etag) : info ? info.etag : null;
    const changes: FileChanges = {
      slug,
      etag: etag || null,
      size,
      created_by: creatorOf(caller),
      ...(await this.shareColumns(input)),
      // The reference stores 0 (not null) for "unlimited" at commit, and answers it as 0 thereafter.
      max_views: FileShareService.maxViews(input.max_views) ?? 0,
      updated_at: this.now(),
    };
    await this.settlePending(row, config, size, changes);
    const updated = (await this.files.findById(row.id)) as FileRow;
    return this.commitView(updated);
  }

  /** `max_upload_size` for an object already in storage: when refused, the object and the row are deleted. */
  async assertStoredSize(row: FileRow, config: StorageConfigRow, size: number): Promise<void> {
    const maxBytes = await this.limits.maxUploadBytes();
    if (size > maxBytes) {
      await this.removeFile(row, config);
      throw this.limits.tooLarge(maxBytes);
    }
  }

  /**
   * Completes a pending row (commit, multipart complete) whose object holds `size` bytes: the
   * quota is checked against the real size and the row updated in one transaction that also ends
   * the row's reservation. A size that does not fit, or is larger than the space the upload
   * reserved, deletes the object and the row (400).
   */
  async settlePending(row: FileRow, config: StorageConfigRow, size: number, changes: FileChanges): Promise<void> {
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

  commitView(row: FileRow): FileCommitResponse {
    return {
      id: row.id,
      slug: row.slug,
      filename: row.filename,
      storage_path: row.storage_path,
      s3_url: row.s3_url,
      mimetype: row.mimetype,
      size: Number(row.size),
      remark: row.remark,
      created_at: row.created_at,
      updated_at: row.updated_at,
      hasPassword: row.password_hash !== null,
      expiresAt: row.expires_at,
      // A commit always stores a number (0 = unlimited).
      maxViews: row.max_views ?? 0,
      url: `/file/${row.slug}`,
    };
  }

  // ================================================================================ single-request uploads

  /**
   * The config of an upload-direct / form upload: the named one (404; admin must own it, key needs
   * it public: 403), else admin → own default or any own config, key → a public default or any
   * public config; none → 400.
   */
  async directUploadConfig(caller: FileCaller, configId: string | undefined): Promise<StorageConfigRow> {
    if (configId) {
      const config = await this.requireConfig(configId);
      this.assertConfigUsable(caller, config, 403);
      return config;
    }
    const candidates = caller.kind === 'admin' ? await this.configs.listByAdmin(caller.adminId) : await this.configs.listPublic();
    const chosen = candidates.find((config) => Number(config.is_default) === 1) ?? candidates[0];
    if (!chosen) throw new HttpError(400, 'file.noStorageConfig');
    return chosen;
  }

  /**
   * PUT /api/upload-direct/{filename} and POST /api/upload: the space is reserved first (the
   * declared length, else whatever is left up to `max_upload_size`), then the body streams to
   * storage and is cut as soon as it passes the reservation (the write is abandoned and cleaned
   * up). The row is written once the object is stored, in the transaction that ends the
   * reservation; any failure gives the space back.
   */
  async storeUpload(caller: FileCaller, input: DirectUploadInput, body: UploadBody, origin: string): Promise<UploadDirectResponse> {
    const filename = this.assertFilename(input.filename);
    const config = await this.directUploadConfig(caller, input.s3_config_id);
    const subPath = await this.subPathFor(caller, config);
    const path = normalizeUploadPath(input.path);
    const maxBytes = await this.limits.maxUploadBytes();
    if (body.contentLength !== undefined && body.contentLength > maxBytes) throw this.limits.tooLarge(maxBytes);
    const creator = creatorOf(caller);
    const reservation = await this.limits.reservations.reserve(
      config,
      {
        size: body.contentLength !== undefined ? { bytes: body.contentLength } : { upTo: maxBytes },
        ttlSeconds: STREAMING_RESERVATION_SECONDS,
        createdBy: creator,
      },
      this.limits.refuseQuota,
    );
    try {
      return await this.storeReserved(caller, input, body, origin, { filename, config, subPath, path, maxBytes, creator }, reservation);
    } catch (error) {
      await this.limits.reservations.release(reservation.id);
      throw error;
    }
  }

  private async storeReserved(
    caller: FileCaller,
    input: DirectUploadInput,
    body: UploadBody,
    origin: string,
    target: { filename: string; config: StorageConfigRow; subPath: string; path: string; maxBytes: number; creator: string },
    reservation: Reservation,
  ): Promise<UploadDirectResponse> {
    const { filename, config, subPath, path, maxBytes, creator } = target;
    const replaced = await this.claimSlug(caller, input.slug, input.override === true);
    const originalName = input.original_filename === true;
    const key = buildObjectKey({ subPath, defaultFolder: config.default_folder, path, filename, randomPrefix: !originalName });
    if (originalName) {
      const sharing = await this.files.findByStorageKey(config.id, key);
      if (sharing.some((other) => other.created_by !== creator && other.id !== replaced?.id))
        throw new HttpError(409, 'file.storageKeyTaken');
    }
    await this.limits.reservations.setTarget(reservation.id, { storagePath: key });

    const mimetype = mimeTypeForFilename(filename);
    const driver = this.driverOf(config);
    const limiter = new ByteLimiter(reservation.bytes, (bytes) =>
      bytes > maxBytes ? this.limits.tooLarge(maxBytes) : this.limits.insufficientStorage(body.contentLength ?? bytes, reservation.quota),
    );
    let etag: string;
    try {
      ({ etag } = await driver.putObject(key, pipeRequestBody(body.stream, limiter), {
        contentType: mimetype,
        contentLength: body.contentLength,
      }));
    } catch (error) {
      // Nothing may stay behind: the drivers discard partial writes; remove any object all the same.
      await this.deleteUnreferencedObject(config, key);
      const limitError = limiter.destroyed && limiter.errored instanceof HttpError ? limiter.errored : undefined;
      throw limitError ?? storageHttpError(error);
    }

    const slug = input.slug || (await this.randomSlug());
    if (replaced) {
      if (replaced.s3_config_id === config.id && replaced.storage_path === key) await this.files.deleteById(replaced.id);
      else await this.removeFile(replaced);
    }
    const row = this.newRow({
      filename,
      storage_path: key,
      s3_url: driver.objectUrl(key, origin),
      mimetype,
      size: limiter.bytes,
      s3_config_id: config.id,
      slug,
      created_by: creator,
      etag: etag || null,
      use_proxy: input.use_proxy === false ? 0 : 1,
      ...(await this.shareColumns(input)),
    });
    try {
      await this.limits.reservations.settle(config, { size: row.size, reservationId: reservation.id }, this.limits.refuseQuota, (files) =>
        files.insert(row),
      );
    } catch (error) {
      await this.deleteUnreferencedObject(config, key);
      if (isUniqueViolation(error)) throw new HttpError(409, 'file.slugTaken', { cause: error });
      throw error;
    }
    await this.storageConfigs.touchLastUsed(config.id).catch(() => undefined);
    const view = await this.linkedView(row, config, origin, input.password || undefined);
    return { ...view, views: 0, used_original_filename: originalName };
  }

  // ================================================================================ links

  proxyUrls(origin: string, slug: string, password?: string): { preview: string; download: string } {
    const suffix = password ? `?password=${encodeURIComponent(password)}` : '';
    const encoded = encodeURIComponent(slug);
    return { preview: `${origin}/api/file-view/${encoded}${suffix}`, download: `${origin}/api/file-download/${encoded}${suffix}` };
  }

  /** Direct bucket links: unsigned custom-host URLs, else presigned inline / attachment GETs. */
  async directUrls(row: FileRow, config: StorageConfigRow, origin: string): Promise<{ preview: string; download: string }> {
    const driver = this.driverOf(config);
    if (config.custom_host) {
      const url = driver.objectUrl(row.storage_path, origin);
      return { preview: url, download: url };
    }
    const expiresIn = Number(config.signature_expires_in);
    const common = { expiresIn, filename: row.filename, contentType: row.mimetype, urlBase: origin };
    const [preview, download] = await Promise.all([
      driver.presignGetUrl(row.storage_path, { ...common, disposition: 'inline' }),
      driver.presignGetUrl(row.storage_path, { ...common, disposition: 'attachment' }),
    ]);
    return { preview, download };
  }

  /**
   * The PublicFile object of §5.4.5: links per `use_proxy`; none but the raw `s3_url` when protected
   * (or when the storage config is gone).
   */
  async publicView(
    row: FileRow,
    config: StorageConfigRow | undefined,
    origin: string,
    options: { includeLinks: boolean; passwordInProxyUrls?: string | undefined },
  ): Promise<PublicFile> {
    if (options.includeLinks && config) return this.linkedView(row, config, origin, options.passwordInProxyUrls);
    const base = publicFields(row, !options.includeLinks);
    const raw = { s3_direct_preview_url: row.s3_url, s3_direct_download_url: row.s3_url };
    return base.use_proxy ? { ...base, ...raw } : { ...base, ...raw, previewUrl: row.s3_url, downloadUrl: row.s3_url };
  }

  /** The PublicFile object with every link (an unprotected view, the upload-direct answer). */
  async linkedView(row: FileRow, config: StorageConfigRow, origin: string, passwordInProxyUrls?: string): Promise<LinkedPublicFile> {
    const base = publicFields(row, false);
    const direct = await this.directUrls(row, config, origin).catch((error: unknown) => {
      throw storageHttpError(error);
    });
    const proxy = this.proxyUrls(origin, row.slug, passwordInProxyUrls);
    return {
      ...base,
      previewUrl: base.use_proxy ? proxy.preview : direct.preview,
      downloadUrl: base.use_proxy ? proxy.download : direct.download,
      s3_direct_preview_url: direct.preview,
      s3_direct_download_url: direct.download,
      proxy_preview_url: proxy.preview,
      proxy_download_url: proxy.download,
    };
  }

  // ================================================================================ public access

  /** The row behind a public slug: 404 unknown; 410 expired or over its view limit (row kept). */
  private async publicRow(slug: string): Promise<FileRow> {
    const row = await this.files.findBySlug(slug);
    if (!row) throw new HttpError(404, 'file.notFound');
    if (isExpired(row.expires_at, this.clock())) throw new HttpError(410, 'file.expired');
    if (viewsExceeded(row)) throw new HttpError(410, 'file.viewLimitReached');
    return row;
  }

  /**
   * Counts one view (§6.2). When the count now exceeds `max_views` the object and row are
   * deleted and 410 answered; the first `max_views` reads succeed.
   */
  private async countView(row: FileRow, config: StorageConfigRow | undefined): Promise<FileRow> {
    const views = await this.files.incrementViews(row.id);
    if (views === undefined) throw new HttpError(404, 'file.notFound');
    if (hasViewLimit(row) && views > Number(row.max_views)) {
      await this.removeFile(row, config ?? null);
      throw new HttpError(410, 'file.viewLimitReached');
    }
    return { ...row, views };
  }

  /** GET /api/public/files/{slug}. */
  async publicInfo(slug: string, origin: string): Promise<PublicFile> {
    const row = await this.publicRow(slug);
    const config = await this.configs.findById(row.s3_config_id);
    if (row.password_hash !== null) return this.publicView(row, config, origin, { includeLinks: false });
    const counted = await this.countView(row, config);
    return this.publicView(counted, config, origin, { includeLinks: true });
  }

  /** POST /api/public/files/{slug}/verify. */
  async verify(slug: string, password: string, origin: string): Promise<VerifyResult> {
    const row = await this.publicRow(slug);
    if (row.password_hash === null) return { protected: false, url: row.s3_url };
    if (!(await verifyPassword(password, row.password_hash))) throw new HttpError(401, 'file.wrongPassword');
    const config = await this.configs.findById(row.s3_config_id);
    const counted = await this.countView(row, config);
    return { protected: true, file: await this.publicView(counted, config, origin, { includeLinks: true }) };
  }

  /**
   * The checks shared by the proxy links (§5.4.6; no view is counted): 404 unknown or no storage
   * info; expired → object+row deleted, 410; `views > max_views` → deleted, 403.
   */
  private async liveProxyTarget(slug: string): Promise<ProxyTarget> {
    const row = await this.files.findBySlug(slug);
    if (!row) throw new HttpError(404, 'file.notFound');
    const config = await this.configs.findById(row.s3_config_id);
    if (!config || !row.storage_path) throw new HttpError(404, 'file.storageInfoMissing');
    if (isExpired(row.expires_at, this.clock())) {
      await this.removeFile(row, config);
      throw new HttpError(410, 'file.expired');
    }
    if (viewsExceeded(row)) {
      await this.removeFile(row, config);
      throw new HttpError(403, 'file.viewLimitReached');
    }
    return { row, config, driver: this.driverOf(config) };
  }

  private async checkSharePassword(row: FileRow, password: string | undefined): Promise<void> {
    if (row.password_hash === null) return;
    if (password === undefined || password === '') throw new HttpError(401, 'file.passwordRequired');
    if (!(await verifyPassword(password, row.password_hash))) throw new HttpError(403, 'file.wrongPassword');
  }

  /** file-download / file-view: the checks above, then the password (missing 401, wrong 403). */
  async proxyTarget(slug: string, password: string | undefined): Promise<ProxyTarget> {
    const target = await this.liveProxyTarget(slug);
    await this.checkSharePassword(target.row, password);
    return target;
  }

  /** A temporary URL a third-party viewer can fetch (custom host or presigned inline GET). */
  async temporaryUrl(target: ProxyTarget, origin: string): Promise<string> {
    return (await this.directUrls(target.row, target.config, origin)).preview;
  }

  /**
   * GET /api/office-preview/{slug}: the proxy checks, then `views == max_views` → 410, password
   * 401 / 403, not an Office file 400.
   */
  async officePreview(slug: string, password: string | undefined, origin: string): Promise<OfficePreviewResponse> {
    const target = await this.liveProxyTarget(slug);
    const { row, config } = target;
    if (hasViewLimit(row) && Number(row.views) === Number(row.max_views)) throw new HttpError(410, 'file.viewLimitReached');
    await this.checkSharePassword(row, password);
    if (!isOfficeDocument(row.filename, row.mimetype)) throw new HttpError(400, 'file.notOffice');
    const url = await this.temporaryUrl(target, origin).catch((error: unknown) => {
      throw storageHttpError(error);
    });
    return { url, filename: row.filename, mimetype: row.mimetype, expires_in: Number(config.signature_expires_in), is_temporary: true };
  }

  // ================================================================================ management

  /** GET /api/admin/files. */
  async listForAdmin(query: {
    limit: number;
    offset: number;
    createdBy?: string | undefined;
    s3ConfigId?: string | undefined;
  }): Promise<AdminFileListData> {
    const filter = { createdBy: query.createdBy, s3ConfigId: query.s3ConfigId };
    const [total, rows] = await Promise.all([
      this.files.count(filter),
      this.files.list({ ...filter, limit: query.limit, offset: query.offset }),
    ]);
    return { files: rows.map((row) => this.listRecord(row, false)), pagination: { total, limit: query.limit, offset: query.offset } };
  }

  /** GET /api/user/files: the key's own rows. */
  async listOwned(createdBy: string, query: { limit: number; offset: number }): Promise<UserFileListData> {
    const [total, rows] = await Promise.all([
      this.files.count({ createdBy }),
      this.files.list({ createdBy, limit: query.limit, offset: query.offset }),
    ]);
    return {
      files: rows.map((row) => this.listRecord(row, true)),
      pagination: { total, limit: query.limit, offset: query.offset, hasMore: query.offset + rows.length < total },
    };
  }

  /** GET …/files/{id}: the record with `urls` (admin: with `updated_at`). `ownerFilter` → own rows only (404). */
  async detail(id: string, origin: string, ownerFilter?: string): Promise<FileDetail> {
    const row = await this.files.findDetailById(id, ownerFilter);
    if (!row) throw new HttpError(404, 'file.notFound');
    const isUserView = ownerFilter !== undefined;
    const proxy = this.proxyUrls(origin, row.slug);
    const config = await this.configs.findById(row.s3_config_id);
    const direct = config ? await this.directUrls(row, config, origin).catch(() => null) : null;
    const useProxy = useProxyOf(row);
    const record: FileDetail = {
      ...this.record(row, row.password_hash !== null ? 1 : 0, isUserView),
      urls: {
        previewUrl: useProxy ? proxy.preview : (direct?.preview ?? null),
        downloadUrl: useProxy ? proxy.download : (direct?.download ?? null),
        proxyPreviewUrl: proxy.preview,
        proxyDownloadUrl: proxy.download,
        use_proxy: useProxy,
      },
    };
    if (!isUserView) record.updated_at = row.updated_at;
    return record;
  }

  /** PUT …/files/{id} (§5.4.3). */
  async update(id: string, input: FileUpdateInput, ownerFilter?: string): Promise<void> {
    const row = await this.files.findById(id);
    if (!row || (ownerFilter !== undefined && row.created_by !== ownerFilter)) throw new HttpError(404, 'file.notFound');
    const changes: FileChanges = {};
    if (input.remark !== undefined) changes.remark = input.remark;
    if (input.slug !== undefined && input.slug !== row.slug) {
      if (await this.files.slugExists(input.slug)) throw new HttpError(409, 'file.slugTaken');
      changes.slug = input.slug;
    }
    if (input.expires_at !== undefined) {
      if (input.expires_at !== null && input.expires_at !== '' && parseTimestamp(input.expires_at) === null)
        throw new HttpError(400, 'file.expiresAtInvalid');
      changes.expires_at = input.expires_at === '' ? null : input.expires_at;
    }
    if (input.use_proxy !== undefined) changes.use_proxy = input.use_proxy ? 1 : 0;
    if (input.max_views !== undefined) {
      changes.max_views = FileShareService.maxViews(input.max_views);
      changes.views = 0;
    }
    if (input.password !== undefined) Object.assign(changes, await this.sealPassword(input.password));
    changes.updated_at = this.now();
    try {
      await this.files.update(row.id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'file.slugTaken', { cause: error });
      throw error;
    }
  }

  /** DELETE …/files/{id}: the object (best effort, pending rows too) and the row. */
  async delete(id: string, ownerFilter?: string): Promise<void> {
    const row = await this.files.findById(id);
    if (!row || (ownerFilter !== undefined && row.created_by !== ownerFilter)) throw new HttpError(404, 'file.notFound');
    await this.removeFile(row);
  }

  /** A row of the management lists (`has_password` a boolean). */
  private listRecord(row: FileListRow, isUserView: boolean): FileRecord {
    return this.record(row, row.password_hash !== null, isUserView);
  }

  /**
   * A file row as the management endpoints show it. Lists carry `has_password` as a boolean, details
   * as 0/1; the user (API key) views carry `etag: null`, as the reference's do.
   */
  private record<H extends boolean | 0 | 1>(
    row: FileListRow,
    hasPassword: H,
    isUserView: boolean,
  ): Omit<FileRecord, 'has_password'> & { has_password: H } {
    const record: Omit<FileRecord, 'has_password'> & { has_password: H } = {
      id: row.id,
      filename: row.filename,
      slug: row.slug,
      storage_path: row.storage_path,
      s3_url: row.s3_url,
      mimetype: row.mimetype,
      size: Number(row.size),
      remark: row.remark,
      created_at: row.created_at,
      views: Number(row.views),
      max_views: row.max_views,
      expires_at: row.expires_at,
      etag: isUserView ? null : row.etag,
      has_password: hasPassword,
      created_by: row.created_by,
      use_proxy: useProxyOf(row),
      s3_config_id: row.s3_config_id,
      s3_config_name: row.s3_config_name,
      s3_provider_type: row.s3_provider_type,
    };
    if (row.password_hash !== null) {
      const plain = this.secretBox.decryptNullable(row.password_sealed);
      if (plain !== null) record.plain_password = plain;
    }
    if (apiKeyIdOfCreator(row.created_by) !== undefined) record.key_name = row.key_name;
    return record;
  }
}
