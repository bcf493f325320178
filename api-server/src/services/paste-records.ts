import {
  pasteTagKey,
  type AdminPasteDetail,
  type AdminPasteListItem,
  type OffsetPagination,
  type PagePagination,
  type UserPasteDetail,
  type UserPasteListItem,
} from '@cloudclip/contract';
import { apiKeyIdOfCreator } from '../auth/ownership';
import type { PasteRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { SecretBox } from '../lib/secret-box';
import type { ApiKeyRepository } from '../repositories/api-key-repository';
import type { PasteRepository, PasteSummaryRow } from '../repositories/paste-repository';
import type { PasteTagRepository } from '../repositories/paste-tag-repository';
import { rowMarksOf } from './paste-marks';
import { SearchTotals } from './search-totals';

/** Contract §5.3.2: `content_preview` = first 200 characters + `...` when longer. */
export const CONTENT_PREVIEW_LENGTH = 200;

/** `content_preview`: the first 200 characters (code points) of `head`, plus `...` when it is longer. */
export function contentPreview(head: string): string {
  const characters = Array.from(head);
  return characters.length > CONTENT_PREVIEW_LENGTH ? `${characters.slice(0, CONTENT_PREVIEW_LENGTH).join('')}...` : head;
}

/** A page of a paste list; `items` reads its rows as they are iterated, so a page holds one paste at a time. */
export interface PastePage<Item, Pagination> {
  items: AsyncIterable<Item>;
  pagination: Pagination;
}

/** GET /api/admin/pastes: the page, and the creator to filter by. */
export interface AdminPasteQuery {
  page: number;
  limit: number;
  createdBy?: string | undefined;
  /** Search terms (contract api/search.ts); empty or absent = every row. */
  terms?: readonly string[];
  /** Only pastes with this tag (compared case-insensitively); blank or absent = no tag filter. */
  tag?: string | undefined;
}

/** GET /api/user/pastes: the window, the search terms (empty or absent = every own row) and the tag filter. */
export interface OwnedPasteQuery {
  limit: number;
  offset: number;
  terms?: readonly string[];
  /** Only pastes with this tag (compared case-insensitively); blank or absent = no tag filter. */
  tag?: string | undefined;
}

/** The key of a list's `tag=` filter (rules/paste-tags.ts `pasteTagKey`); undefined for none or a blank one. */
function tagKeyOf(tag: string | undefined): string | undefined {
  const key = tag === undefined ? '' : pasteTagKey(tag);
  return key === '' ? undefined : key;
}

/** The columns a user-list record is built from (a full row, or a summary with its content loaded). */
type RecordFields = Pick<
  PasteRow,
  | 'id'
  | 'slug'
  | 'content'
  | 'remark'
  | 'password_hash'
  | 'expires_at'
  | 'max_views'
  | 'views'
  | 'created_at'
  | 'updated_at'
  | 'created_by'
  | 'encryption'
  | 'burn_after_reading'
>;

/** The preview of a list row: none for an encrypted paste (the server never previews ciphertext). */
function previewOfSummary(row: Pick<PasteSummaryRow, 'content_head' | 'encryption'>): string {
  return row.encryption !== null ? '' : contentPreview(row.content_head);
}

/** The whole remark of a list row: a long one is not in the page (see `INLINE_REMARK_BYTES`) and is read now. */
async function remarkOfSummary(pastes: Pick<PasteRepository, 'remarkOf'>, row: PasteSummaryRow): Promise<string | null> {
  return row.remark === null && row.remark_bytes !== null ? pastes.remarkOf(row.id) : row.remark;
}

/**
 * The admin and API-key owner views of pastes (contract §5.3.2, §5.3.3): lists and details,
 * with the API key's name and the recoverable password. No view is counted here.
 */
export class PasteRecords {
  constructor(
    private readonly pastes: Pick<PasteRepository, 'count' | 'listSummaries' | 'remarkOf' | 'contentOf' | 'findById' | 'writeMark'>,
    private readonly tags: Pick<PasteTagRepository, 'tagsOf'>,
    private readonly apiKeys: Pick<ApiKeyRepository, 'namesByIds'>,
    private readonly secretBox: SecretBox,
    /** The lists' totals, reused while nothing was written (search-totals.ts). */
    private readonly totals: SearchTotals = new SearchTotals(),
  ) {}

  /**
   * The exact number of rows a list shows: counted first, as it picks the page's plan
   * (db/search-sql.ts listAccessFor), and reused while the database's write mark stays the same.
   */
  private async totalOf(createdBy: string | undefined, terms: readonly string[], tagKey: string | undefined): Promise<number> {
    const mark = await this.pastes.writeMark();
    return this.totals.totalOf({ kind: 'paste', terms, createdBy, tagKey }, mark, () => this.pastes.count(createdBy, terms, tagKey));
  }

  /**
   * GET /api/admin/pastes: newest first, content shortened to a preview. `items` is read as it is
   * iterated: a long remark (contract: the whole remark) is loaded for its row only.
   */
  async listForAdmin(query: AdminPasteQuery): Promise<PastePage<AdminPasteListItem, PagePagination>> {
    const { page, limit } = query;
    const terms = query.terms ?? [];
    const tagKey = tagKeyOf(query.tag);
    const total = await this.totalOf(query.createdBy, terms, tagKey);
    const rows = await this.pastes.listSummaries(
      { createdBy: query.createdBy, terms, tagKey, matches: total, limit, offset: (page - 1) * limit },
      CONTENT_PREVIEW_LENGTH + 1,
    );
    const keyNames = await this.keyNamesOf(rows);
    const tags = await this.tags.tagsOf(rows.map((row) => row.id));
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
          content_preview: previewOfSummary(row),
          created_at: row.created_at,
          updated_at: row.updated_at,
          ...rowMarksOf(row),
        };
        const keyId = apiKeyIdOfCreator(row.created_by);
        if (keyId !== undefined) item.key_name = keyNames.get(keyId) ?? null;
        item.tags = tags.get(row.id) ?? [];
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
  async listOwned(createdBy: string, query: OwnedPasteQuery): Promise<PastePage<UserPasteListItem, OffsetPagination>> {
    const terms = query.terms ?? [];
    const tagKey = tagKeyOf(query.tag);
    const total = await this.totalOf(createdBy, terms, tagKey);
    const rows = await this.pastes.listSummaries(
      { createdBy, terms, tagKey, matches: total, limit: query.limit, offset: query.offset },
      CONTENT_PREVIEW_LENGTH + 1,
    );
    const keyNames = await this.keyNamesOf(rows);
    const tags = await this.tags.tagsOf(rows.map((row) => row.id));
    const pastes = this.pastes;
    const toRecord = (row: RecordFields): UserPasteListItem => this.record(row, keyNames);
    async function* items(): AsyncGenerator<UserPasteListItem> {
      for (const row of rows) {
        const content = await pastes.contentOf(row.id);
        if (content === undefined) continue;
        const record = toRecord({ ...row, content, remark: await remarkOfSummary(pastes, row) });
        record.content_preview = previewOfSummary(row);
        // Last, after the fields the list always had (their order unchanged).
        record.tags = tags.get(row.id) ?? [];
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
    return { ...record, plain_password: this.secretBox.decryptNullable(row.password_sealed), tags: await this.tagsOfOne(row.id) };
  }

  /** GET /api/user/pastes/{id}: an own row only (no view counted; `has_password` a boolean). */
  async userDetail(id: string, owner: string): Promise<UserPasteDetail> {
    const row = await this.pastes.findById(id);
    if (!row || row.created_by !== owner) throw new HttpError(404, 'paste.notFound');
    const record = this.record(row, await this.keyNamesOf([row]));
    return {
      ...record,
      has_password: record.has_password === 1,
      plain_password: this.secretBox.decryptNullable(row.password_sealed),
      tags: await this.tagsOfOne(row.id),
    };
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
      ...rowMarksOf(row),
    };
    const keyId = apiKeyIdOfCreator(row.created_by);
    if (keyId !== undefined) record.key_name = keyNames.get(keyId) ?? null;
    return record;
  }

  private async tagsOfOne(id: string): Promise<string[]> {
    return (await this.tags.tagsOf([id])).get(id) ?? [];
  }

  private keyNamesOf(rows: ReadonlyArray<Pick<PasteRow, 'created_by'>>): Promise<Map<string, string>> {
    const ids = rows.map((row) => apiKeyIdOfCreator(row.created_by)).filter((id): id is string => id !== undefined);
    return this.apiKeys.namesByIds(ids);
  }
}
