import type { Readable } from 'node:stream';

/** The inputs of the file share operations (presign, commit, upload-direct / form upload, update), as the routes parse them. */

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
