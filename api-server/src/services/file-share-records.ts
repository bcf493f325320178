import type { AdminFileListData, FileDetail, FileRecord, UserFileListData } from '@cloudclip/contract';
import { apiKeyIdOfCreator } from '../auth/ownership';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http/http-error';
import { parseTimestamp } from '../lib/time';
import type { FileChanges, FileListRow } from '../repositories/file-repository';
import { useProxyOf, type FileShareLinks } from './file-share-links';
import type { FileUpdateInput } from './file-share-inputs';
import { fileRowBasics, maxViewsColumn } from './file-share-rules';
import type { FileShareStore } from './file-share-store';
import { SearchTotals } from './search-totals';

/**
 * The management of file shares (contract §5.4.3, §5.4.4): the admin list and the API key's own
 * list, a share's details, its update and its deletion (`ownerFilter` → the key's own rows only).
 */
export class FileShareRecordService {
  constructor(
    private readonly store: FileShareStore,
    private readonly links: FileShareLinks,
    /** The lists' totals, reused while nothing was written (search-totals.ts). */
    private readonly totals: SearchTotals = new SearchTotals(),
  ) {}

  /**
   * The exact number of rows a list shows: counted first, as it picks the page's plan
   * (db/search-sql.ts listAccessFor), and reused while the database's write mark stays the same.
   */
  private async totalOf(filter: {
    createdBy?: string | undefined;
    s3ConfigId?: string | undefined;
    terms: readonly string[];
  }): Promise<number> {
    const { files } = this.store;
    const mark = await files.writeMark();
    return this.totals.totalOf({ kind: 'file', ...filter }, mark, () => files.count(filter));
  }

  /** GET /api/admin/files. */
  async listForAdmin(query: {
    limit: number;
    offset: number;
    createdBy?: string | undefined;
    s3ConfigId?: string | undefined;
    /** Search terms (contract api/search.ts); empty or absent = every row. */
    terms?: readonly string[];
  }): Promise<AdminFileListData> {
    const { files } = this.store;
    const filter = { createdBy: query.createdBy, s3ConfigId: query.s3ConfigId, terms: query.terms ?? [] };
    const total = await this.totalOf(filter);
    const rows = await files.list({ ...filter, matches: total, limit: query.limit, offset: query.offset });
    return { files: rows.map((row) => this.listRecord(row, false)), pagination: { total, limit: query.limit, offset: query.offset } };
  }

  /** GET /api/user/files: the key's own rows (matching the search terms when given). */
  async listOwned(createdBy: string, query: { limit: number; offset: number; terms?: readonly string[] }): Promise<UserFileListData> {
    const { files } = this.store;
    const terms = query.terms ?? [];
    const total = await this.totalOf({ createdBy, terms });
    const rows = await files.list({ createdBy, terms, matches: total, limit: query.limit, offset: query.offset });
    return {
      files: rows.map((row) => this.listRecord(row, true)),
      pagination: { total, limit: query.limit, offset: query.offset, hasMore: query.offset + rows.length < total },
    };
  }

  /** GET …/files/{id}: the record with `urls` (admin: with `updated_at`). `ownerFilter` → own rows only (404). */
  async detail(id: string, origin: string, ownerFilter?: string): Promise<FileDetail> {
    const row = await this.store.files.findDetailById(id, ownerFilter);
    if (!row) throw new HttpError(404, 'file.notFound');
    const isUserView = ownerFilter !== undefined;
    const proxy = this.links.proxyUrls(origin, row.slug);
    const config = await this.store.configs.findById(row.s3_config_id);
    const direct = config ? await this.links.directUrls(row, config, origin).catch(() => null) : null;
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
    const { store } = this;
    const row = await store.files.findById(id);
    if (!row || (ownerFilter !== undefined && row.created_by !== ownerFilter)) throw new HttpError(404, 'file.notFound');
    const changes: FileChanges = {};
    if (input.remark !== undefined) changes.remark = input.remark;
    if (input.slug !== undefined && input.slug !== row.slug) {
      if (await store.files.slugExists(input.slug)) throw new HttpError(409, 'file.slugTaken');
      changes.slug = input.slug;
    }
    if (input.expires_at !== undefined) {
      if (input.expires_at !== null && input.expires_at !== '' && parseTimestamp(input.expires_at) === null)
        throw new HttpError(400, 'file.expiresAtInvalid');
      changes.expires_at = input.expires_at === '' ? null : input.expires_at;
    }
    if (input.use_proxy !== undefined) changes.use_proxy = input.use_proxy ? 1 : 0;
    if (input.max_views !== undefined) {
      changes.max_views = maxViewsColumn(input.max_views);
      changes.views = 0;
    }
    if (input.password !== undefined) Object.assign(changes, await store.sealPassword(input.password));
    changes.updated_at = store.now();
    try {
      await store.files.update(row.id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'file.slugTaken', { cause: error });
      throw error;
    }
  }

  /** DELETE …/files/{id}: the object (best effort, pending rows too) and the row. */
  async delete(id: string, ownerFilter?: string): Promise<void> {
    const row = await this.store.files.findById(id);
    if (!row || (ownerFilter !== undefined && row.created_by !== ownerFilter)) throw new HttpError(404, 'file.notFound');
    await this.store.removeFile(row);
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
      ...fileRowBasics(row),
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
      const plain = this.store.secretBox.decryptNullable(row.password_sealed);
      if (plain !== null) record.plain_password = plain;
    }
    if (apiKeyIdOfCreator(row.created_by) !== undefined) record.key_name = row.key_name;
    return record;
  }
}
