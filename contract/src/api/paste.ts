import type { PasteEncryption } from '../rules/paste-envelope';
import type {
  ApiEnvelope,
  ApiTimestamp,
  IsoTimestamp,
  OffsetPageQuery,
  OffsetPagination,
  PagePagination,
  UserKeyInfo,
  Uuid,
} from './common';

/**
 * Cloudclip addition (issue 15): the fields a public paste object carries when the paste is end-to-end
 * encrypted or burns after reading. Each is absent otherwise, so older clients see nothing new.
 */
export interface PastePublicMarks {
  /** Present only when `content` is an encrypted envelope (see `inspectPasteEnvelope`). */
  encryption?: PasteEncryption;
  /** Present only when the paste is deleted once its content is delivered. */
  burnAfterReading?: true;
}

/**
 * Cloudclip addition (issue 15): the same marks in the snake_case admin and key-holder rows and details.
 * For an encrypted paste `content_preview` is `""` (the server never previews ciphertext).
 */
export interface PasteRowMarks {
  /** Present only when `content` is an encrypted envelope. */
  encryption?: PasteEncryption;
  /** Present only when the paste burns after reading. */
  burn_after_reading?: 1;
}

/** `POST /paste` body (camelCase). */
export interface PasteCreateRequest {
  /** Required, non-empty. */
  content: string;
  /** Custom slug `^[a-zA-Z0-9_-]+$`; random 6 chars otherwise. */
  slug?: string;
  remark?: string;
  /** Empty = no password. */
  password?: string;
  /** Absolute ISO time, stored verbatim; null/absent = never (the legacy UI sends now + N hours). */
  expiresAt?: IsoTimestamp | null;
  /** ≥ 0; 0/null = unlimited (the legacy UI sends it only when > 0). */
  maxViews?: number | null;
  /**
   * Cloudclip addition: the content is an encrypted envelope of this kind; it must pass
   * `inspectPasteEnvelope`, else 400 `paste.badEnvelope`. Stored byte for byte.
   */
  encryption?: PasteEncryption;
  /** Cloudclip addition: delete the paste as soon as its content is delivered once. */
  burnAfterReading?: boolean;
  /** Cloudclip addition: the owner's labels (rules/paste-tags.ts); only where `GET /version` lists `"paste-tags"`. */
  tags?: string[];
}

/** `POST /paste` → 200 F (flat). `remark`/`expiresAt`/`maxViews` echo the request and are absent if not sent. */
export interface PasteCreateResponse extends PastePublicMarks {
  id: Uuid;
  slug: string;
  remark?: string | null;
  expiresAt?: IsoTimestamp | null;
  maxViews?: number | null;
  hasPassword: boolean;
  createdAt: ApiTimestamp;
  /** Cloudclip addition: `guest` when `allow_guest_pastes` let a caller without credentials create it. */
  authorizedBy: PasteAuthorizedBy;
}

/** How the creator of a paste authenticated (`guest` only on Cloudclip's server, with `allow_guest_pastes` on). */
export type PasteAuthorizedBy = 'admin' | 'apikey' | 'basic' | 'guest';

/** What a public paste view tells about the paste when it withholds the content (protected, or burn pending). */
type PasteViewWithoutContent = PastePublicMarks &
  Pick<PastePublicView, 'id' | 'slug' | 'remark' | 'expiresAt' | 'maxViews' | 'views' | 'createdAt' | 'created_by'>;

/** `GET /paste/{slug}` on a password-protected paste → 200 F. No content and no view counted. */
export interface PasteProtectedView extends PasteViewWithoutContent {
  hasPassword: true;
  requiresPassword: true;
}

/**
 * `GET /paste/{slug}` on an unprotected paste → 200 F; a view is counted and `views` is the new count.
 * A burn-after-reading paste is deleted by this answer (the next one is 404) and says so with `burned`.
 */
export interface PastePublicView extends PastePublicMarks {
  /** Added by Cloudclip's own server (contract §9.1 allows added fields); absent on the reference backend. */
  id?: Uuid;
  slug: string;
  content: string;
  remark: string | null;
  hasPassword: false;
  /** Absent here (only the protected view carries it). */
  requiresPassword?: false;
  expiresAt: IsoTimestamp | null;
  maxViews: number | null;
  views: number;
  createdAt: ApiTimestamp;
  updatedAt: ApiTimestamp;
  created_by: string | null;
  /** Cloudclip addition: present when this answer deleted a burn-after-reading paste (its content is the last copy). */
  burned?: true;
}

/**
 * Cloudclip addition (issue 15): a backend that deletes a paste created with `burnAfterReading: true`
 * once its content is delivered lists `"burn-after-reading"` in `GET /api/version` → `data.features`.
 * A client offers the option only then: a backend of the plain contract ignores the field, and the
 * paste would stay readable while its owner was told it burns.
 */
export const SERVER_FEATURE_BURN_AFTER_READING = 'burn-after-reading';

/**
 * Cloudclip addition (issue 15): `GET /paste/{slug}?burn=ask` asks before a burn-after-reading paste
 * is delivered. Such a paste (without a password) is then answered with `PasteBurnPendingView` — no
 * content, nothing counted or deleted — and delivered (and deleted) by `POST /paste/{slug}` with
 * `{ confirmBurn: true }`. So a page opened by a link preview, a prefetch or without its key cannot
 * burn the paste unseen. Without the parameter, and for every other paste, GET answers as before.
 */
export const PASTE_BURN_ASK_QUERY = { burn: 'ask' } as const;

/** `GET /paste/{slug}?burn=ask` on an unprotected burn-after-reading paste → 200 F without content. */
export interface PasteBurnPendingView extends PasteViewWithoutContent {
  hasPassword: false;
  requiresConfirmation: true;
  burnAfterReading: true;
}

/** `GET /paste/{slug}` → one of the two flat views; branch on `requiresPassword`. */
export type PasteView = PastePublicView | PasteProtectedView;

/** `GET /paste/{slug}?burn=ask` → one of the flat views; branch on `requiresPassword`, then `requiresConfirmation`. */
export type PasteOpenView = PasteView | PasteBurnPendingView;

/** `POST /paste/{slug}` body. */
export interface PasteUnlockRequest {
  password: string;
}

/** `POST /paste/{slug}` body that receives (and so deletes) a burn-after-reading paste announced by `?burn=ask`. */
export interface PasteBurnConfirmRequest {
  confirmBurn: true;
}

/** `POST /paste/{slug}` → 200 F after the right password (the public view's fields, with the password); a view is counted. */
export interface PasteUnlockedView extends Omit<PastePublicView, 'hasPassword' | 'requiresPassword'> {
  hasPassword: true;
  /** `null` when the stored password cannot be recovered. */
  plain_password: string | null;
}

/** True when `GET /paste/{slug}` answered the protected view (prompt for the password, then `POST`). */
export function isProtectedPasteView(view: PasteView): view is PasteProtectedView {
  return (view as { requiresPassword?: unknown }).requiresPassword === true;
}

/** True when `GET /paste/{slug}?burn=ask` announced a burn-after-reading paste (confirm, then `POST` with `confirmBurn`). */
export function isBurnPendingPasteView(view: PasteOpenView): view is PasteBurnPendingView {
  return (view as { requiresConfirmation?: unknown }).requiresConfirmation === true;
}

/** Query of `GET /admin/pastes` (defaults page 1, limit 10). */
export interface AdminPasteListQuery {
  page?: number;
  limit?: number;
  created_by?: string;
  /** Cloudclip addition: search (api/search.ts); only where `GET /version` lists `"search"`. */
  q?: string;
  /** Cloudclip addition: only pastes with this tag (rules/paste-tags.ts). */
  tag?: string;
}

/** One row of `GET /admin/pastes` (snake_case; note `view_count`, not `views`). */
export interface AdminPasteListItem extends PasteRowMarks {
  id: Uuid;
  slug: string;
  remark: string | null;
  has_password: 0 | 1;
  expires_at: IsoTimestamp | null;
  max_views: number | null;
  view_count: number;
  created_by: string | null;
  /** First 200 characters + `...` when longer; `""` for an encrypted paste. */
  content_preview: string;
  created_at: ApiTimestamp;
  updated_at: ApiTimestamp;
  /** Only for key-created rows; `null` when the key is gone. */
  key_name?: string | null;
  /** Cloudclip addition (rules/paste-tags.ts); absent on backends without tags. */
  tags?: string[];
}

/** `GET /admin/pastes` → E− with top-level `pagination` next to `data`. */
export interface AdminPasteListResponse extends ApiEnvelope<AdminPasteListItem[]> {
  pagination: PagePagination;
}

/** `GET /admin/pastes/{id}` → E− `data` (`has_password` 0/1). */
export interface AdminPasteDetail extends UserPasteListItem {
  /** `null` when unprotected (or the stored password cannot be recovered). */
  plain_password: string | null;
}

/**
 * `PUT /admin/pastes/{slug}` and `PUT /user/pastes/{slug}` body — addressed by **slug**, not id.
 * Replace semantics: omitted `remark` / `expiresAt` / `maxViews` are stored as NULL.
 */
export interface PasteUpdateRequest {
  /**
   * Required, non-empty. For an encrypted paste exactly the stored envelope (send it back unchanged),
   * else 400 `paste.encryptedContentReadOnly`.
   */
  content: string;
  remark?: string | null;
  expiresAt?: IsoTimestamp | null;
  maxViews?: number | null;
  /** Non-empty → new password. */
  password?: string;
  /** `true` → remove the password (when no new password is given). */
  clearPassword?: boolean;
  /** Omitted → keep; string → custom slug; `""`/null → new random slug. */
  newSlug?: string | null;
  /** Cloudclip addition (rules/paste-tags.ts): omitted → keep; `[]` → none. */
  tags?: string[];
}

/** `PUT …/pastes/{slug}` → `data` (the slug may have changed). */
export interface PasteUpdateResponse {
  id: Uuid;
  slug: string;
}

/** `POST /admin/pastes/batch-delete` and `POST /user/pastes/batch-delete` body (non-empty). */
export interface PasteBatchDeleteRequest {
  ids: Uuid[];
}

/** One row of `GET /user/pastes` (full content; only rows created by this key). */
export interface UserPasteListItem extends PasteRowMarks {
  id: Uuid;
  slug: string;
  content: string;
  remark: string | null;
  has_password: 0 | 1;
  expires_at: IsoTimestamp | null;
  max_views: number | null;
  views: number;
  created_at: ApiTimestamp;
  updated_at: ApiTimestamp;
  created_by: string | null;
  /** Only for key-created rows (so on every row of the user list); `null` when the key is gone. */
  key_name?: string | null;
  /**
   * Cloudclip addition, in `GET /user/pastes` rows only: the first 200 characters + `...` when longer
   * (as the admin list). A list can show it instead of `content`, which the legacy client still reads.
   */
  content_preview?: string;
  /** Cloudclip addition (rules/paste-tags.ts), on the user list's rows and on both details; absent on backends without tags. */
  tags?: string[];
}

/** Query of `GET /user/pastes` (offset paging, as every key-holder list). */
export interface UserPasteListQuery extends OffsetPageQuery {
  /** Cloudclip addition: search among the key's own pastes (api/search.ts). */
  q?: string;
  /** Cloudclip addition: only the key's pastes with this tag (rules/paste-tags.ts). */
  tag?: string;
}

/** `GET /user/pastes` → E with top-level `pagination` (limit/offset/hasMore) and `key_info`. */
export interface UserPasteListResponse extends ApiEnvelope<UserPasteListItem[]> {
  pagination: OffsetPagination;
  /** `null` for admin callers (who always get an empty list). */
  key_info: UserKeyInfo | null;
}

/** `GET /user/pastes/{id}` → E `data` (`has_password` as boolean here). */
export interface UserPasteDetail extends Omit<UserPasteListItem, 'has_password'> {
  has_password: boolean;
  /** `null` when unprotected (or the stored password cannot be recovered). */
  plain_password: string | null;
}
