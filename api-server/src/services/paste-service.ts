import {
  SETTING_ALLOW_GUEST_PASTES,
  type AdminPasteDetail,
  type AdminPasteListItem,
  type OffsetPagination,
  type PagePagination,
  type PasteTagCount,
  type PasteCreateResponse,
  type PasteProtectedView,
  type PastePublicView,
  type PasteUnlockedView,
  type PasteBurnPendingView,
  type PasteUpdateResponse,
  type UserPasteDetail,
  type UserPasteListItem,
} from '@cloudclip/contract';
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../auth/auth-context';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http/http-error';
import type { SecretBox } from '../lib/secret-box';
import { isExpired, toIso, type Clock } from '../lib/time';
import type { ApiKeyRepository } from '../repositories/api-key-repository';
import type { PasteChanges, PasteRepository } from '../repositories/paste-repository';
import type { SystemSettingRepository } from '../repositories/system-setting-repository';
import {
  assertSlugFormat,
  creatorOf,
  normaliseExpiry,
  pasteTagsOrRefuse,
  sealPassword,
  unusedRandomSlug,
  type CreatePasteInput,
  type UpdatePasteInput,
} from './paste-inputs';
import { PasteRecords, type AdminPasteQuery, type OwnedPasteQuery, type PastePage } from './paste-records';
import { keyOwnerOf, pasteBytes, PasteStorageQuota, type PasteStorageLimits, type StorageClaim } from './paste-storage-limits';
import { encryptionOfNewPaste, publicMarksOf } from './paste-marks';
import { PasteViews, type RawPaste } from './paste-views';

// The response shapes are the contract's (`@cloudclip/contract`, api/paste.ts and api/common.ts).
// The public views carry `id` too (a Cloudclip addition, §9.1): owners delete by id from the view.

/**
 * Text shares (contract §5.3, §6.1, §6.2), one service for the routes: creation and the writes of
 * the admin / API-key management here; the public reading (paste-views.ts), the lists and details
 * (paste-records.ts) and the storage limits (paste-storage-limits.ts) beside it.
 *
 * Share passwords: `password_hash` (scrypt; legacy SHA-256 hex still verifies) for checking,
 * `password_sealed` (server-secret AES-GCM) for the recoverable `plain_password`.
 * `ownerFilter` arguments restrict an operation to rows whose `created_by` equals it
 * (`/api/user/pastes*`); undefined = any row (admin).
 */
export class PasteService {
  private readonly quota: PasteStorageQuota;
  private readonly views: PasteViews;
  private readonly records: PasteRecords;

  constructor(
    private readonly pastes: PasteRepository,
    apiKeys: ApiKeyRepository,
    private readonly settings: SystemSettingRepository,
    private readonly secretBox: SecretBox,
    private readonly clock: Clock,
  ) {
    this.quota = new PasteStorageQuota(pastes, settings);
    this.views = new PasteViews(pastes, secretBox, clock);
    this.records = new PasteRecords(pastes, pastes.tags, apiKeys, secretBox);
  }

  /** The `allow_guest_pastes` system setting (off unless it reads "true"). */
  async guestPastesAllowed(): Promise<boolean> {
    const value = await this.settings.getValue(SETTING_ALLOW_GUEST_PASTES);
    return value?.trim().toLowerCase() === 'true';
  }

  // ---------------------------------------------------------------- create

  async create(input: CreatePasteInput, auth: AuthContext): Promise<PasteCreateResponse> {
    const customSlug = input.slug === undefined || input.slug === null || input.slug === '' ? undefined : input.slug;
    if (customSlug !== undefined) assertSlugFormat(customSlug);
    const expiresAt = normaliseExpiry(input.expiresAt);
    const encryption = encryptionOfNewPaste(input.encryption, input.content);
    const tags = input.tags === undefined ? [] : pasteTagsOrRefuse(input.tags);
    const { createdBy, authorizedBy } = creatorOf(auth);
    let slug = customSlug;
    if (slug === undefined) slug = await unusedRandomSlug(this.pastes);
    else if (await this.pastes.slugExists(slug)) throw new HttpError(409, 'paste.slugTaken');

    const secret = await sealPassword(this.secretBox, input.password);
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
      encryption,
      burn_after_reading: input.burnAfterReading === true ? 1 : 0,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    };

    const limits = await this.quota.storageLimits();
    const claim: StorageClaim = { bytes: pasteBytes(input.content, input.remark), owner: keyOwnerOf(auth) };
    try {
      await this.pastes.withStorageLock(async (pastes) => {
        await this.quota.assertRoom(pastes, limits, claim);
        await pastes.insert(row);
        if (tags.length > 0) await pastes.tags.replace(id, tags);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'paste.slugTaken', { cause: error });
      throw error;
    }

    const created: PasteCreateResponse = { id, slug, hasPassword: secret !== null, createdAt: now, authorizedBy };
    if (input.remark !== undefined) created.remark = input.remark;
    if (input.expiresAt !== undefined) created.expiresAt = expiresAt;
    if (input.maxViews !== undefined) created.maxViews = input.maxViews;
    return { ...created, ...publicMarksOf(row) };
  }

  // ---------------------------------------------------------------- storage limits

  /** `paste_storage_per_key_mb` and `paste_storage_total_mb` in bytes (defaults when unset or invalid). */
  storageLimits(): Promise<PasteStorageLimits> {
    return this.quota.storageLimits();
  }

  /** POST /api/paste `onRequest`: 400 when the caller's storage is used up, before the body is read. */
  refuseWhenUsedUp(auth: AuthContext): Promise<void> {
    return this.quota.refuseWhenUsedUp(auth);
  }

  // ---------------------------------------------------------------- public reading

  /** GET /api/paste/{slug}: metadata of a protected paste (no view), or the content (one view); see PasteViews.open for `?burn=ask`. */
  open(slug: string, askBeforeBurn = false): Promise<PasteProtectedView | PastePublicView | PasteBurnPendingView> {
    return this.views.open(slug, askBeforeBurn);
  }

  confirmBurn(slug: string): Promise<PastePublicView> {
    return this.views.confirmBurn(slug);
  }

  unlock(slug: string, password: string): Promise<PasteUnlockedView> {
    return this.views.unlock(slug, password);
  }

  /** GET /api/raw/{slug}: the content (an encrypted paste's envelope), with `password` for a protected paste (one view). */
  raw(slug: string, password: string | undefined): Promise<RawPaste> {
    return this.views.raw(slug, password);
  }

  // ---------------------------------------------------------------- management

  /** GET /api/admin/pastes: newest first, content shortened to a preview, read as `items` is iterated. */
  listForAdmin(query: AdminPasteQuery): Promise<PastePage<AdminPasteListItem, PagePagination>> {
    return this.records.listForAdmin(query);
  }

  /** GET /api/user/pastes: the caller's own rows (matching the search terms when given), newest first, one row's content loaded at a time. */
  listOwned(createdBy: string, query: OwnedPasteQuery): Promise<PastePage<UserPasteListItem, OffsetPagination>> {
    return this.records.listOwned(createdBy, query);
  }

  /**
   * GET /api/admin/paste-tags (every paste) and GET /api/user/paste-tags (`createdBy`'s): the tags
   * in use with their number of pastes, most used first, then by tag (see PasteTagRepository.counts).
   */
  tagCounts(createdBy?: string): Promise<PasteTagCount[]> {
    return this.pastes.tags.counts(createdBy);
  }

  /** GET /api/admin/pastes/{id} (no view counted). */
  adminDetail(id: string): Promise<AdminPasteDetail> {
    return this.records.adminDetail(id);
  }

  /** GET /api/user/pastes/{id}: an own row only (no view counted). */
  userDetail(id: string, owner: string): Promise<UserPasteDetail> {
    return this.records.userDetail(id, owner);
  }

  /** PUT …/pastes/{slug} (replace semantics, §5.3.2); an encrypted paste's content cannot change. */
  async update(slug: string, input: UpdatePasteInput, ownerFilter?: string): Promise<PasteUpdateResponse> {
    const tags = input.tags === undefined ? undefined : pasteTagsOrRefuse(input.tags);
    // Without the old content: only its byte count is needed.
    const row = await this.pastes.findMetaBySlug(slug);
    if (!row || (ownerFilter !== undefined && row.created_by !== ownerFilter)) throw new HttpError(404, 'paste.notFound');
    if (isExpired(row.expires_at, this.clock())) {
      await this.pastes.deleteById(row.id);
      throw new HttpError(410, 'paste.expired');
    }
    // The server cannot re-encrypt: an encrypted paste keeps its envelope, sent back unchanged.
    if (row.encryption !== null && !(await this.pastes.contentMatches(row.id, input.content))) {
      throw new HttpError(400, 'paste.encryptedContentReadOnly');
    }

    let nextSlug = row.slug;
    if (input.newSlug === null || input.newSlug === '') {
      nextSlug = await unusedRandomSlug(this.pastes);
    } else if (input.newSlug !== undefined && input.newSlug !== row.slug) {
      assertSlugFormat(input.newSlug);
      if (await this.pastes.slugExists(input.newSlug)) throw new HttpError(409, 'paste.slugTaken');
      nextSlug = input.newSlug;
    }

    const maxViews = input.maxViews ?? null;
    const changes: PasteChanges = {
      slug: nextSlug,
      content: input.content,
      remark: input.remark ?? null,
      expires_at: normaliseExpiry(input.expiresAt),
      max_views: maxViews,
      updated_at: toIso(this.clock()),
    };
    const secret = await sealPassword(this.secretBox, input.password);
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
    const limits = await this.quota.storageLimits();
    const claim: StorageClaim = { bytes: pasteBytes(input.content, input.remark), owner: ownerFilter, exceptId: row.id };
    try {
      await this.pastes.withStorageLock(async (pastes) => {
        if (claim.bytes > (await pastes.storedBytes({ id: row.id }))) await this.quota.assertRoom(pastes, limits, claim);
        const updated = await pastes.update(row.id, changes);
        // Omitted: the tags stay as they are; a list (also []) replaces them, in the same transaction.
        if (updated && tags !== undefined) await pastes.tags.replace(row.id, tags);
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
}
