import type { PasteProtectedView, PastePublicView, PasteUnlockedView } from '@cloudclip/contract';
import type { PasteRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { verifyPassword } from '../lib/password-hash';
import type { SecretBox } from '../lib/secret-box';
import { isExpired, type Clock } from '../lib/time';
import type { PasteRepository } from '../repositories/paste-repository';

function hasViewLimit(row: Pick<PasteRow, 'max_views'>): row is Pick<PasteRow, 'max_views'> & { max_views: number } {
  return row.max_views !== null && row.max_views > 0;
}

/**
 * The public reading of pastes (contract §5.3, §6.2): passwords, view counting and lazy expiry.
 * A read that ends a paste's life (expired, last view) deletes its row.
 */
/** The view of an opened or unlocked paste; `access` (hasPassword, …) stands right after `remark`. */
function pasteView<Access extends { hasPassword: boolean }>(row: PasteRow, views: number, access: Access) {
  return {
    id: row.id,
    slug: row.slug,
    content: row.content,
    remark: row.remark,
    ...access,
    expiresAt: row.expires_at,
    maxViews: row.max_views,
    views,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    created_by: row.created_by,
  };
}

export class PasteViews {
  constructor(
    private readonly pastes: Pick<PasteRepository, 'findBySlug' | 'findById' | 'deleteById' | 'incrementViews'>,
    private readonly secretBox: SecretBox,
    private readonly clock: Clock,
  ) {}

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
    return pasteView(row, views, { hasPassword: true as const, plain_password: this.secretBox.decryptNullable(row.password_sealed) });
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
    return pasteView(row, views, { hasPassword: false as const });
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
}
