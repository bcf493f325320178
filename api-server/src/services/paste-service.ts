import {
  DEFAULT_PASTE_STORAGE_PER_KEY_MB,
  DEFAULT_PASTE_STORAGE_TOTAL_MB,
  isShareSlug,
  RANDOM_SLUG_LENGTH,
  SETTING_ALLOW_GUEST_PASTES,
  SETTING_PASTE_STORAGE_PER_KEY_MB,
  SETTING_PASTE_STORAGE_TOTAL_MB,
  type AdminPasteDetail,
  type AdminPasteListItem,
  type OffsetPagination,
  type PagePagination,
  type PasteAuthorizedBy,
  type PasteCreateResponse,
  type PasteProtectedView,
  type PastePublicView,
  type PasteUnlockedView,
  type PasteUpdateResponse,
  type UserPasteDetail,
  type UserPasteListItem,
} from '@cloudclip/contract';
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../auth/auth-context';
import { apiKeyCreator, apiKeyIdOfCreator } from '../auth/ownership';
import type { PasteRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http/http-error';
import { formatBytes } from '../lib/format-size';
import { hashPassword, verifyPassword } from '../lib/password-hash';
import { randomString } from '../lib/random';
import type { SecretBox } from '../lib/secret-box';
import { isExpired, parseTimestamp, toIso, type Clock } from '../lib/time';
import type { ApiKeyRepository } from '../repositories/api-key-repository';
import type { PasteChanges, PasteRepository, PasteSummaryRow } from '../repositories/paste-repository';
import type { SystemSettingRepository } from '../repositories/system-setting-repository';
import { MAX_UPLOAD_SIZE_LIMIT_MB } from './system-service';

/** Contract §6.1. */
export const RANDOM_SLUG_ATTEMPTS = 5;
const BYTES_PER_MB = 1024 * 1024;
/** Contract §5.3.2: `content_preview` = first 200 characters + `...` when longer. */
export const CONTENT_PREVIEW_LENGTH = 200;

export interface CreatePasteInput {
  content: string;
  slug?: string | null | undefined;
  remark?: string | null | undefined;
  password?: string | null | undefined;
  expiresAt?: string | null | undefined;
  maxViews?: number | null | undefined;
}

/** Body of `PUT …/pastes/{slug}`: replace semantics (omitted remark/expiresAt/maxViews → NULL). */
export interface UpdatePasteInput {
  content: string;
  remark?: string | null | undefined;
  expiresAt?: string | null | undefined;
  maxViews?: number | null | undefined;
  password?: string | null | undefined;
  clearPassword?: boolean | undefined;
  /** undefined → keep the slug; "" or null → a new random slug; otherwise that custom slug. */
  newSlug?: string | null | undefined;
}

// The response shapes are the contract's (`@cloudclip/contract`, api/paste.ts and api/common.ts).
// The public views carry `id` too (a Cloudclip addition, §9.1): owners delete by id from the view.

/** `content_preview`: the first 200 characters (code points) of `head`, plus `...` when it is longer. */
export function contentPreview(head: string): string {
  const characters = Array.from(head);
  return characters.length > CONTENT_PREVIEW_LENGTH ? `${characters.slice(0, CONTENT_PREVIEW_LENGTH).join('')}...` : head;
}

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
interface StorageClaim {
  bytes: number;
  /** `created_by` of an API key (`apikey:<id>`) when the key itself writes; undefined = global limit only. */
  owner?: string | undefined;
  /** The row being replaced (its bytes are not counted as used). */
  exceptId?: string | undefined;
}

/** The columns a user-list record is built from (a full row, or a summary with its content loaded). */
type RecordFields = Pick<
  PasteRow,
  'id' | 'slug' | 'content' | 'remark' | 'password_hash' | 'expires_at' | 'max_views' | 'views' | 'created_at' | 'updated_at' | 'created_by'
>;

/** The whole remark of a list row: a long one is not in the page (see `INLINE_REMARK_BYTES`) and is read now. */
async function remarkOfSummary(pastes: PasteRepository, row: PasteSummaryRow): Promise<string | null> {
  return row.remark === null && row.remark_bytes !== null ? pastes.remarkOf(row.id) : row.remark;
}

function hasViewLimit(row: Pick<PasteRow, 'max_views'>): row is Pick<PasteRow, 'max_views'> & { max_views: number } {
  return row.max_views !== null && row.max_views > 0;
}

function storageFull(key: 'paste.keyStorageFull' | 'paste.totalStorageFull', bytes: number, used: number, limit: number): HttpError {
  return new HttpError(400, key, {
    params: { size: formatBytes(bytes), remaining: formatBytes(Math.max(0, limit - used)), limit: formatBytes(limit) },
  });
}

/** The per-key limit applies to pastes an API key creates as itself (`created_by = apikey:<id>`). */
function keyOwnerOf(auth: AuthContext): string | undefined {
  return auth.kind === 'apiKey' && !auth.viaBasic ? apiKeyCreator(auth.key.id) : undefined;
}

function creatorOf(auth: AuthContext): { createdBy: string | null; authorizedBy: PasteAuthorizedBy } {
  switch (auth.kind) {
    case 'admin':
      return auth.viaBasic ? { createdBy: null, authorizedBy: 'basic' } : { createdBy: auth.adminId, authorizedBy: 'admin' };
    case 'apiKey':
      return auth.viaBasic ? { createdBy: null, authorizedBy: 'basic' } : { createdBy: apiKeyCreator(auth.key.id), authorizedBy: 'apikey' };
    default:
      return { createdBy: null, authorizedBy: 'guest' };
  }
}

/**
 * Text shares (contract §5.3, §6.1, §6.2): creation, public reading with view counting and
 * lazy expiry, and the admin / API-key management views.
 *
 * Share passwords: `password_hash` (scrypt; legacy SHA-256 hex still verifies) for checking,
 * `password_sealed` (server-secret AES-GCM) for the recoverable `plain_password`.
 * `ownerFilter` arguments restrict an operation to rows whose `created_by` equals it
 * (`/api/user/pastes*`); undefined = any row (admin).
 */
export class PasteService {
  constructor(
    private readonly pastes: PasteRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly settings: SystemSettingRepository,
    private readonly secretBox: SecretBox,
    private readonly clock: Clock,
  ) {}

  /** The `allow_guest_pastes` system setting (off unless it reads "true"). */
  async guestPastesAllowed(): Promise<boolean> {
    const value = await this.settings.getValue(SETTING_ALLOW_GUEST_PASTES);
    return value?.trim().toLowerCase() === 'true';
  }

  // ---------------------------------------------------------------- create

  async create(input: CreatePasteInput, auth: AuthContext): Promise<PasteCreateResponse> {
    const customSlug = input.slug === undefined || input.slug === null || input.slug === '' ? undefined : input.slug;
    if (customSlug !== undefined) this.assertSlugFormat(customSlug);
    const expiresAt = this.normaliseExpiry(input.expiresAt);
    const { createdBy, authorizedBy } = creatorOf(auth);
    let slug = customSlug;
    if (slug === undefined) slug = await this.unusedRandomSlug();
    else if (await this.pastes.slugExists(slug)) throw new HttpError(409, 'paste.slugTaken');

    const secret = await this.sealPassword(input.password);
    const now = toIso(this.clock());
    const id = randomUUID();
    const row = {
      id,
      slug,
      content: input.content,
      remark: input.remark ?? null,
      password_hash: secret?.hash ?? null,
      password_sealed: secret?.sealed ?? null,
      expires_at: expiresAt,
      max_views: input.maxViews ?? null,
      views: 0,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    };

    const limits = await this.storageLimits();
    const claim: StorageClaim = { bytes: pasteBytes(input.content, input.remark), owner: keyOwnerOf(auth) };
    try {
      await this.pastes.withStorageLock(async (pastes) => {
        await this.assertRoom(pastes, limits, claim);
        await pastes.insert(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'paste.slugTaken', { cause: error });
      throw error;
    }

    const created: PasteCreateResponse = { id, slug, hasPassword: secret !== null, createdAt: now, authorizedBy };
    if (input.remark !== undefined) created.remark = input.remark;
    if (input.expiresAt !== undefined) created.expiresAt = expiresAt;
    if (input.maxViews !== undefined) created.maxViews = input.maxViews;
    return created;
  }

  // ---------------------------------------------------------------- storage limits

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
  private async assertRoom(pastes: PasteRepository, limits: PasteStorageLimits, claim: StorageClaim): Promise<void> {
    if (claim.owner !== undefined) {
      const used = await pastes.storedBytes({ createdBy: claim.owner, exceptId: claim.exceptId });
      if (used + claim.bytes > limits.perKey) throw storageFull('paste.keyStorageFull', claim.bytes, used, limits.perKey);
    }
    const used = await pastes.storedBytes({ exceptId: claim.exceptId });
    if (used + claim.bytes > limits.total) throw storageFull('paste.totalStorageFull', claim.bytes, used, limits.total);
  }

  /** A random slug not in use yet (§6.1: up to 5 tries, then 500). */
  private async unusedRandomSlug(): Promise<string> {
    for (let attempt = 0; attempt < RANDOM_SLUG_ATTEMPTS; attempt += 1) {
      const slug = randomString(RANDOM_SLUG_LENGTH);
      if (!(await this.pastes.slugExists(slug))) return slug;
    }
    throw new HttpError(500, 'paste.slugGenerationFailed');
  }

  private assertSlugFormat(slug: string): void {
    if (!isShareSlug(slug)) throw new HttpError(400, 'paste.slugInvalid');
  }

  /** `expiresAt` is stored verbatim but must be a readable time; "" and null mean never. */
  private normaliseExpiry(value: string | null | undefined): string | null {
    if (value === undefined || value === null || value.trim() === '') return null;
    if (parseTimestamp(value) === null) throw new HttpError(400, 'paste.expiresAtInvalid');
    return value;
  }

  private async sealPassword(password: string | null | undefined): Promise<{ hash: string; sealed: string } | null> {
    if (password === undefined || password === null || password === '') return null;
    return { hash: await hashPassword(password), sealed: this.secretBox.encrypt(password) };
  }

  // ---------------------------------------------------------------- public reading

  /** GET /api/paste/{slug}: metadata of a protected paste (no view), or the content (one view). */
  async open(slug: string): Promise<PasteProtectedView | PastePublicView> {
    const row = await this.accessible(slug);
    if (row.password_hash !== null) {
      return {
        id: row.id,
        slug: row.slug,
        hasPassword: true,
        requiresPassword: true,
        remark: row.remark,
        expiresAt: row.expires_at,
        maxViews: row.max_views,
        views: row.views,
        createdAt: row.created_at,
        created_by: row.created_by,
      };
    }
    const views = await this.countView(row);
    return this.openView(row, views);
  }

  /** POST /api/paste/{slug}: the content of a protected paste for the right password (one view). */
  async unlock(slug: string, password: string): Promise<PasteUnlockedView> {
    const row = await this.accessible(slug);
    if (row.password_hash === null) throw new HttpError(400, 'paste.notProtected');
    if (!(await verifyPassword(password, row.password_hash))) throw new HttpError(401, 'paste.wrongPassword');
    const views = await this.countView(row);
    return {
      id: row.id,
      slug: row.slug,
      content: row.content,
      remark: row.remark,
      hasPassword: true,
      plain_password: this.secretBox.decryptNullable(row.password_sealed),
      expiresAt: row.expires_at,
      maxViews: row.max_views,
      views,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      created_by: row.created_by,
    };
  }

  /** GET /api/raw/{slug}: the content, with `password` for a protected paste (one view). */
  async raw(slug: string, password: string | undefined): Promise<{ slug: string; content: string }> {
    const row = await this.accessible(slug);
    if (row.password_hash !== null) {
      if (password === undefined || password === '') throw new HttpError(401, 'paste.passwordRequired');
      if (!(await verifyPassword(password, row.password_hash))) throw new HttpError(401, 'paste.wrongPassword');
    }
    await this.countView(row);
    return { slug: row.slug, content: row.content };
  }

  /** The view of an unprotected paste. */
  private openView(row: PasteRow, views: number): PastePublicView {
    return {
      id: row.id,
      slug: row.slug,
      content: row.content,
      remark: row.remark,
      hasPassword: false,
      expiresAt: row.expires_at,
      maxViews: row.max_views,
      views,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      created_by: row.created_by,
    };
  }

  /** The paste, unless unknown (404) or expired / out of views (deleted, 410). */
  private async accessible(slug: string): Promise<PasteRow> {
    const row = await this.pastes.findBySlug(slug);
    if (!row) throw new HttpError(404, 'paste.notFound');
    if (isExpired(row.expires_at, this.clock())) {
      await this.pastes.deleteById(row.id);
      throw new HttpError(410, 'paste.expired');
    }
    if (hasViewLimit(row) && row.views >= row.max_views) {
      await this.pastes.deleteById(row.id);
      throw new HttpError(410, 'paste.viewLimitReached');
    }
    return row;
  }

  /**
   * Counts one view (§6.2). When the new count reaches `max_views` the row is deleted at once;
   * the caller still answers with the content, and the next request gets 404.
   */
  private async countView(row: PasteRow): Promise<number> {
    const views = await this.pastes.incrementViews(row.id);
    if (views === undefined) {
      // A concurrent read used the last view (row deleted → 404) or it is still there at its limit.
      if (!(await this.pastes.findById(row.id))) throw new HttpError(404, 'paste.notFound');
      await this.pastes.deleteById(row.id);
      throw new HttpError(410, 'paste.viewLimitReached');
    }
    if (hasViewLimit(row) && views >= row.max_views) await this.pastes.deleteById(row.id);
    return views;
  }

  // ---------------------------------------------------------------- management

  /**
   * GET /api/admin/pastes: newest first, content shortened to a preview. `items` is read as it is
   * iterated: a long remark (contract: the whole remark) is loaded for its row only.
   */
  async listForAdmin(query: { page: number; limit: number; createdBy?: string | undefined }): Promise<{
    items: AsyncIterable<AdminPasteListItem>;
    pagination: PagePagination;
  }> {
    const { page, limit } = query;
    const total = await this.pastes.count(query.createdBy);
    const rows = await this.pastes.listSummaries(
      { createdBy: query.createdBy, limit, offset: (page - 1) * limit },
      CONTENT_PREVIEW_LENGTH + 1,
    );
    const keyNames = await this.keyNamesOf(rows);
    const pastes = this.pastes;
    async function* items(): AsyncGenerator<AdminPasteListItem> {
      for (const row of rows) {
        const item: AdminPasteListItem = {
          id: row.id,
          slug: row.slug,
          remark: await remarkOfSummary(pastes, row),
          has_password: row.password_hash !== null ? 1 : 0,
          expires_at: row.expires_at,
          max_views: row.max_views,
          view_count: row.views,
          created_by: row.created_by,
          content_preview: contentPreview(row.content_head),
          created_at: row.created_at,
          updated_at: row.updated_at,
        };
        const keyId = apiKeyIdOfCreator(row.created_by);
        if (keyId !== undefined) item.key_name = keyNames.get(keyId) ?? null;
        yield item;
      }
    }
    return { items: items(), pagination: { total, page, limit, totalPages: Math.ceil(total / limit) } };
  }

  /**
   * GET /api/user/pastes: the caller's own rows, newest first, with full content (contract §5.3.3)
   * and `content_preview`. The page is read without content; `items` then loads one row's content
   * (and a long remark) at a time as it is iterated, so a listing holds one paste's text at a time.
   * A row deleted while the list is written is left out.
   */
  async listOwned(
    createdBy: string,
    query: { limit: number; offset: number },
  ): Promise<{
    items: AsyncIterable<UserPasteListItem>;
    pagination: OffsetPagination;
  }> {
    const total = await this.pastes.count(createdBy);
    const rows = await this.pastes.listSummaries({ createdBy, limit: query.limit, offset: query.offset }, CONTENT_PREVIEW_LENGTH + 1);
    const keyNames = await this.keyNamesOf(rows);
    const pastes = this.pastes;
    const toRecord = (row: RecordFields): UserPasteListItem => this.record(row, keyNames);
    async function* items(): AsyncGenerator<UserPasteListItem> {
      for (const row of rows) {
        const content = await pastes.contentOf(row.id);
        if (content === undefined) continue;
        const record = toRecord({ ...row, content, remark: await remarkOfSummary(pastes, row) });
        record.content_preview = contentPreview(row.content_head);
        yield record;
      }
    }
    return {
      items: items(),
      pagination: { total, limit: query.limit, offset: query.offset, hasMore: query.offset + rows.length < total },
    };
  }

  /** GET /api/admin/pastes/{id} (no view counted; `has_password` 0/1). */
  async adminDetail(id: string): Promise<AdminPasteDetail> {
    const row = await this.pastes.findById(id);
    if (!row) throw new HttpError(404, 'paste.notFound');
    const record = this.record(row, await this.keyNamesOf([row]));
    return { ...record, plain_password: this.secretBox.decryptNullable(row.password_sealed) };
  }

  /** GET /api/user/pastes/{id}: an own row only (no view counted; `has_password` a boolean). */
  async userDetail(id: string, owner: string): Promise<UserPasteDetail> {
    const row = await this.pastes.findById(id);
    if (!row || row.created_by !== owner) throw new HttpError(404, 'paste.notFound');
    const record = this.record(row, await this.keyNamesOf([row]));
    return { ...record, has_password: record.has_password === 1, plain_password: this.secretBox.decryptNullable(row.password_sealed) };
  }

  /** PUT …/pastes/{slug} (replace semantics, §5.3.2). */
  async update(slug: string, input: UpdatePasteInput, ownerFilter?: string): Promise<PasteUpdateResponse> {
    // Without the old content: only its byte count is needed.
    const row = await this.pastes.findMetaBySlug(slug);
    if (!row || (ownerFilter !== undefined && row.created_by !== ownerFilter)) throw new HttpError(404, 'paste.notFound');
    if (isExpired(row.expires_at, this.clock())) {
      await this.pastes.deleteById(row.id);
      throw new HttpError(410, 'paste.expired');
    }

    let nextSlug = row.slug;
    if (input.newSlug === null || input.newSlug === '') {
      nextSlug = await this.unusedRandomSlug();
    } else if (input.newSlug !== undefined && input.newSlug !== row.slug) {
      this.assertSlugFormat(input.newSlug);
      if (await this.pastes.slugExists(input.newSlug)) throw new HttpError(409, 'paste.slugTaken');
      nextSlug = input.newSlug;
    }

    const maxViews = input.maxViews ?? null;
    const changes: PasteChanges = {
      slug: nextSlug,
      content: input.content,
      remark: input.remark ?? null,
      expires_at: this.normaliseExpiry(input.expiresAt),
      max_views: maxViews,
      updated_at: toIso(this.clock()),
    };
    const secret = await this.sealPassword(input.password);
    if (secret !== null) {
      changes.password_hash = secret.hash;
      changes.password_sealed = secret.sealed;
    } else if (input.clearPassword === true) {
      changes.password_hash = null;
      changes.password_sealed = null;
    }
    if (maxViews !== null && maxViews > 0 && maxViews < row.views) changes.views = 0;

    // A write that grows the paste must fit the limits (the key's own when the key writes through
    // /api/user; an admin is held to the global one only); one that does not grow always passes, so
    // pastes stay editable after a limit was lowered below what is stored.
    const limits = await this.storageLimits();
    const claim: StorageClaim = { bytes: pasteBytes(input.content, input.remark), owner: ownerFilter, exceptId: row.id };
    try {
      await this.pastes.withStorageLock(async (pastes) => {
        if (claim.bytes > (await pastes.storedBytes({ id: row.id }))) await this.assertRoom(pastes, limits, claim);
        await pastes.update(row.id, changes);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'paste.slugTaken', { cause: error });
      throw error;
    }
    return { id: row.id, slug: nextSlug };
  }

  async delete(id: string, ownerFilter?: string): Promise<void> {
    if (!(await this.pastes.deleteById(id, ownerFilter))) throw new HttpError(404, 'paste.notFound');
  }

  /** Deletes the listed pastes (unknown or foreign ids ignored); returns how many were deleted. */
  deleteMany(ids: readonly string[], ownerFilter?: string): Promise<number> {
    return this.pastes.deleteByIds(ids, ownerFilter);
  }

  /** POST /api/admin/pastes/clear-expired: deletes pastes past their expiry (view limits untouched). */
  async clearExpired(): Promise<number> {
    const now = this.clock();
    const expired = (await this.pastes.listWithExpiry()).filter((row) => isExpired(row.expires_at, now));
    return this.pastes.deleteByIds(expired.map((row) => row.id));
  }

  private record(row: RecordFields, keyNames: Map<string, string>): UserPasteListItem {
    const record: UserPasteListItem = {
      id: row.id,
      slug: row.slug,
      content: row.content,
      remark: row.remark,
      has_password: row.password_hash !== null ? 1 : 0,
      expires_at: row.expires_at,
      max_views: row.max_views,
      views: row.views,
      created_at: row.created_at,
      updated_at: row.updated_at,
      created_by: row.created_by,
    };
    const keyId = apiKeyIdOfCreator(row.created_by);
    if (keyId !== undefined) record.key_name = keyNames.get(keyId) ?? null;
    return record;
  }

  private keyNamesOf(rows: ReadonlyArray<Pick<PasteRow, 'created_by'>>): Promise<Map<string, string>> {
    const ids = rows.map((row) => apiKeyIdOfCreator(row.created_by)).filter((id): id is string => id !== undefined);
    return this.apiKeys.namesByIds(ids);
  }
}
