import type { ApiTimestamp, Uuid } from './common';

/** Mount object (contract 5.6). A mount exposes the whole bucket (`default_folder` not applied). */
export interface Mount {
  id: Uuid;
  name: string;
  /** Only `S3` is functional. */
  storage_type: 'S3' | (string & {});
  storage_config_id: Uuid | null;
  /** Starts with `/`, no trailing `/` (except `/`), ≤ 100 chars, not under a reserved path. */
  mount_path: string;
  remark: string | null;
  /** 0/1 (boolean in the create response). */
  /** 0/1; a boolean in the create response. */
  is_active: 0 | 1 | boolean;
  /** Admin id. */
  created_by: string;
  sort_order: number;
  /** Seconds (directory listing cache), default 300. */
  cache_ttl: number;
  created_at: ApiTimestamp;
  updated_at: ApiTimestamp;
  last_used: ApiTimestamp | null;
}

/** `POST /admin/mounts` body (→ HTTP 200, body `code: 201`, `data = Mount`). */
export interface MountCreateRequest {
  name: string;
  storage_type: 'S3' | (string & {});
  storage_config_id?: Uuid | null;
  mount_path: string;
  remark?: string | null;
  is_active?: boolean;
  sort_order?: number;
  cache_ttl?: number;
}

/** `PUT /admin/mounts/{id}` body: partial. 200 E without data. */
export type MountUpdateRequest = Partial<MountCreateRequest>;
