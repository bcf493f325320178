import { hasControlCharacter, isShareSlug, type FileCommitResponse, type FileRecord } from '@cloudclip/contract';
import type { AdminAuth, ApiKeyAuth } from '../auth/auth-context';
import { apiKeyCreator } from '../auth/ownership';
import type { FileRow, StorageConfigRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { PRESIGNED_RESERVATION_GRACE_SECONDS } from './upload-reservations';

/**
 * The rules of file share inputs and columns (contract §5.4, §6.2), as plain functions: who a caller
 * is as a creator, file name and slug checks, the view limit a share stores and how it is counted,
 * the lifetime of a presigned upload's reservation and the answer a commit gives.
 */

export const MAX_FILENAME_LENGTH = 255;

export type FileCaller = AdminAuth | ApiKeyAuth;

/** `created_by` of share uploads (contract §2.7): `<adminId>` or `apikey:<keyId>`. */
export function creatorOf(caller: FileCaller): string {
  return caller.kind === 'admin' ? caller.adminId : apiKeyCreator(caller.key.id);
}

export function hasViewLimit(row: Pick<FileRow, 'max_views'>): row is FileRow & { max_views: number } {
  return row.max_views !== null && Number(row.max_views) > 0;
}

export function viewsExceeded(row: Pick<FileRow, 'max_views' | 'views'>): boolean {
  return hasViewLimit(row) && Number(row.views) > Number(row.max_views);
}

/** A share's file name, trimmed: 400 when empty, too long or with control characters. */
export function assertFilename(filename: string): string {
  const trimmed = filename.trim();
  if (trimmed === '' || trimmed.length > MAX_FILENAME_LENGTH || hasControlCharacter(trimmed)) {
    throw new HttpError(400, 'file.filenameInvalid');
  }
  return trimmed;
}

export function assertSlugFormat(slug: string): void {
  if (!isShareSlug(slug)) throw new HttpError(400, 'file.slugInvalid');
}

/** `max_views` 0 / absent → unlimited (stored null). */
export function maxViewsColumn(value: number | null | undefined): number | null {
  return value === undefined || value === null || value <= 0 ? null : Math.floor(value);
}

/** A commit's `max_views` column: the limit as sent (absent → null; 0 kept, it means unlimited too). */
export function committedMaxViews(value: number | undefined): number | null {
  return value === undefined ? null : Math.floor(value);
}

/** How long a presigned upload of `config` holds its reservation: the URL's lifetime plus a grace. */
export function presignedReservationSeconds(config: StorageConfigRow): number {
  return Number(config.signature_expires_in) + PRESIGNED_RESERVATION_GRACE_SECONDS;
}

/** The fields of a file row that a commit's answer and a share's record both show as stored. */
export type FileRowBasics = Pick<
  FileCommitResponse & FileRecord,
  'id' | 'slug' | 'filename' | 'storage_path' | 's3_url' | 'mimetype' | 'size' | 'remark' | 'created_at'
>;

export function fileRowBasics(row: FileRow): FileRowBasics {
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
  };
}

/** The answer of a commit (s3/commit, url/commit). */
export function commitView(row: FileRow): FileCommitResponse {
  return {
    ...fileRowBasics(row),
    updated_at: row.updated_at,
    hasPassword: row.password_hash !== null,
    expiresAt: row.expires_at,
    // What the commit stored: null when the request carried no limit (null and 0 mean unlimited).
    maxViews: row.max_views === null ? null : Number(row.max_views),
    url: `/file/${row.slug}`,
  };
}
