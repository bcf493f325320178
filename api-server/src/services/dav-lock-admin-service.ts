import { DAV_LOCK_OWNER_TEXT_MAX, type DavLockHolder, type DavLockInfo, type DavLockList } from '@cloudclip/contract';
import type { MountRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { toIso, type Clock } from '../lib/time';
import type { AdminRepository } from '../repositories/admin-repository';
import type { ApiKeyRepository } from '../repositories/api-key-repository';
import { lockHolderOf, type DavLockListRow, type DavLockRepository, type LockSubtree } from '../repositories/dav-lock-repository';
import type { MountRepository } from '../repositories/mount-repository';

/**
 * The admin's view of the WebDAV locks of a mount (contract api/dav-locks.ts, issue 41): which
 * live locks are rooted in it, who holds them and until when, and releasing one. A lock the
 * admin releases here is gone for its holder too: its next refresh or write with the token fails
 * (412/423), as after an UNLOCK.
 */

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** The namespace declarations a stored owner may start with, up to the `>` that ends them (dav-xml-serialize.ts content tails). */
const LEADING_DECLARATIONS = /^(?:\s*xmlns(?::[\w.-]+)?="[^"]*")*\s*>/;

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#x') || name.startsWith('#X')) return codePoint(Number.parseInt(name.slice(2), 16)) ?? entity;
  if (name.startsWith('#')) return codePoint(Number.parseInt(name.slice(1), 10)) ?? entity;
  return XML_ENTITIES[name] ?? entity;
}

function codePoint(value: number): string | null {
  return Number.isInteger(value) && value >= 0 && value <= 0x10ffff ? String.fromCodePoint(value) : null;
}

/**
 * The text a person reads of a stored `DAV:owner` (usually a name or a `DAV:href`): its markup
 * dropped, entities decoded, white space collapsed, at most DAV_LOCK_OWNER_TEXT_MAX characters
 * (then `…`). `cut` says the stored XML was read only in part. Null for no owner; '' for one
 * without text.
 */
export function ownerText(ownerXml: string | null, cut = false): string | null {
  if (ownerXml === null) return null;
  const text = ownerXml
    .replace(LEADING_DECLARATIONS, '')
    .replace(/<[^>]*(?:>|$)/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...text];
  if (characters.length > DAV_LOCK_OWNER_TEXT_MAX) return `${characters.slice(0, DAV_LOCK_OWNER_TEXT_MAX).join('')}…`;
  return cut && text !== '' ? `${text}…` : text;
}

interface HolderNames {
  admins: Map<string, string>;
  keys: Map<string, string>;
}

/** A lock row's holder, from its principal, with the name looked up (null when that admin or key is gone). */
function holderOf(principal: string, names: HolderNames): DavLockHolder {
  const holder = lockHolderOf(principal);
  return { ...holder, name: (holder.kind === 'admin' ? names.admins : names.keys).get(holder.id) ?? null };
}

export class DavLockAdminService {
  constructor(
    private readonly locks: DavLockRepository,
    private readonly mounts: MountRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly admins: AdminRepository,
    private readonly clock: Clock,
  ) {}

  /** One page of the mount's live locks, oldest first; 404 for an unknown mount. */
  async list(mountId: string, page: { limit: number; offset: number }): Promise<DavLockList> {
    const subtree = await this.subtreeOf(mountId);
    const { rows, total } = await this.locks.listLive(subtree, toIso(this.clock()), page);
    const names = await this.holderNames(rows);
    const items = rows.map((row): DavLockInfo => ({
      token: row.token,
      path: row.root,
      scope: row.scope,
      depth: row.depth,
      owner: ownerText(row.owner_head, row.owner_cut),
      holder: holderOf(row.principal, names),
      created_at: row.created_at,
      expires_at: row.expires_at,
    }));
    return {
      mount_id: mountId,
      items,
      pagination: { total, limit: page.limit, offset: page.offset, hasMore: page.offset + rows.length < total },
    };
  }

  /** Releases the mount's live lock `token`; 404 for an unknown mount or when it has no such lock. */
  async release(mountId: string, token: string): Promise<void> {
    const subtree = await this.subtreeOf(mountId);
    if (!(await this.locks.deleteLive(token, subtree, toIso(this.clock())))) throw new HttpError(404, 'davLock.notFound');
  }

  /** The mount's part of the lock table: its path, minus the mounts below it (their locks are theirs). */
  private async subtreeOf(mountId: string): Promise<LockSubtree> {
    const mount = await this.mounts.findById(mountId);
    if (!mount) throw new HttpError(404, 'mount.notFound');
    const all = await this.mounts.listAll();
    return { path: mount.mount_path, except: all.filter((other) => isBelow(other, mount)).map((other) => other.mount_path) };
  }

  /** The usernames and key names of a page's holders (a page has few distinct ones). */
  private async holderNames(rows: readonly DavLockListRow[]): Promise<HolderNames> {
    const keyIds = new Set<string>();
    const adminIds = new Set<string>();
    for (const row of rows) {
      const holder = lockHolderOf(row.principal);
      (holder.kind === 'admin' ? adminIds : keyIds).add(holder.id);
    }
    const admins = new Map<string, string>();
    for (const id of adminIds) {
      const admin = await this.admins.findById(id);
      if (admin) admins.set(id, admin.username);
    }
    return { admins, keys: await this.apiKeys.namesByIds([...keyIds]) };
  }
}

/** True when `other` is a mount strictly below `mount` (`/docs/inner` below `/docs`; every other below `/`). */
function isBelow(other: MountRow, mount: MountRow): boolean {
  if (other.id === mount.id || other.mount_path === mount.mount_path) return false;
  return mount.mount_path === '/' || other.mount_path.startsWith(`${mount.mount_path}/`);
}
