import type { PasteBurnPendingView, PasteEncryption, PasteProtectedView, PastePublicView, PasteUnlockedView } from '@cloudclip/contract';
import type { PasteRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { hashPassword, needsRehash, verifyPassword } from '../lib/password-hash';
import type { SecretBox } from '../lib/secret-box';
import { isExpired, type Clock } from '../lib/time';
import type { PasteRepository } from '../repositories/paste-repository';
import { publicMarksOf } from './paste-marks';

function hasViewLimit(row: Pick<PasteRow, 'max_views'>): row is Pick<PasteRow, 'max_views'> & { max_views: number } {
  return row.max_views !== null && row.max_views > 0;
}

/**
 * A delivered paste: the row as it was read (for a burned paste, as the deleting statement returned
 * it), its new view count, and whether this delivery deleted it (burn after reading).
 */
interface Delivery {
  row: PasteRow;
  views: number;
  burned: boolean;
}

/** The raw view's answer: the content and, for an encrypted paste, what kind of envelope it is. */
export interface RawPaste {
  slug: string;
  content: string;
  encryption: PasteEncryption | null;
}

/** The view of an opened or unlocked paste; `access` (hasPassword, …) stands right after `remark`. */
function pasteView<Access extends { hasPassword: boolean }>({ row, views, burned }: Delivery, access: Access) {
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
    ...publicMarksOf(row),
    ...(burned ? { burned: true as const } : {}),
  };
}

/**
 * What the page of a paste that is not delivered yet may show (a protected paste before its
 * password, a burn-after-reading paste before the reader confirms): everything but the content,
 * with the view count as stored (nothing counted).
 */
function announced(row: PasteRow) {
  return {
    remark: row.remark,
    expiresAt: row.expires_at,
    maxViews: row.max_views,
    views: row.views,
    createdAt: row.created_at,
    created_by: row.created_by,
    ...publicMarksOf(row),
  };
}

/**
 * The public reading of pastes (contract §5.3, §6.2): passwords, view counting, lazy expiry and
 * burn after reading. A read that ends a paste's life (expired, last view, burned) deletes its row.
 */
export class PasteViews {
  constructor(
    private readonly pastes: Pick<
      PasteRepository,
      'findBySlug' | 'findById' | 'deleteById' | 'incrementViews' | 'burnById' | 'replacePasswordHash'
    >,
    private readonly secretBox: SecretBox,
    private readonly clock: Clock,
  ) {}

  /**
   * GET /api/paste/{slug}: metadata of a protected paste (no view, never burns), or the content (one
   * view). With `askBeforeBurn` (`?burn=ask`) an unprotected burn-after-reading paste is only
   * announced; `confirmBurn` delivers it.
   */
  async open(slug: string, askBeforeBurn = false): Promise<PasteProtectedView | PastePublicView | PasteBurnPendingView> {
    const row = await this.accessible(slug);
    if (askBeforeBurn && row.password_hash === null && row.burn_after_reading === 1) {
      return { id: row.id, slug: row.slug, hasPassword: false, requiresConfirmation: true, ...announced(row), burnAfterReading: true };
    }
    if (row.password_hash !== null) {
      return { id: row.id, slug: row.slug, hasPassword: true, requiresPassword: true, ...announced(row) };
    }
    return pasteView(await this.deliver(row), { hasPassword: false as const });
  }

  /** POST /api/paste/{slug}: the content of a protected paste for the right password (one view). */
  async unlock(slug: string, password: string): Promise<PasteUnlockedView> {
    const row = await this.accessible(slug);
    if (row.password_hash === null) throw new HttpError(400, 'paste.notProtected');
    await this.checkPassword(row, row.password_hash, password);
    const delivery = await this.deliver(row);
    return pasteView(delivery, {
      hasPassword: true as const,
      plain_password: this.secretBox.decryptNullable(delivery.row.password_sealed),
    });
  }

  /** POST /api/paste/{slug} `{ confirmBurn: true }`: the content of an unprotected burn-after-reading paste, which this deletes. */
  async confirmBurn(slug: string): Promise<PastePublicView> {
    const row = await this.accessible(slug);
    if (row.password_hash !== null) throw new HttpError(400, 'validation.missingFields', { params: { fields: 'password' } });
    if (row.burn_after_reading !== 1) throw new HttpError(400, 'paste.notBurnAfterReading');
    return pasteView(await this.deliver(row), { hasPassword: false as const });
  }

  /** GET /api/raw/{slug}: the content, with `password` for a protected paste (one view). */
  async raw(slug: string, password: string | undefined): Promise<RawPaste> {
    const row = await this.accessible(slug);
    if (row.password_hash !== null) {
      if (password === undefined || password === '') throw new HttpError(401, 'paste.passwordRequired');
      await this.checkPassword(row, row.password_hash, password);
    }
    const delivered = (await this.deliver(row)).row;
    return { slug: delivered.slug, content: delivered.content, encryption: delivered.encryption };
  }

  /**
   * 401 for a wrong password. After a right one, a hash in an older format (CloudPaste's SHA-256,
   * kept by the import) is replaced by one in ours; the UPDATE applies only while the stored hash is
   * still that old one, so concurrent checks cannot overwrite each other's upgrade.
   */
  private async checkPassword(row: PasteRow, stored: string, password: string): Promise<void> {
    if (!(await verifyPassword(password, stored))) throw new HttpError(401, 'paste.wrongPassword');
    if (needsRehash(stored)) await this.pastes.replacePasswordHash(row.id, stored, await hashPassword(password));
  }

  /**
   * Hands out the content once: a burn-after-reading paste is deleted by the statement that returns
   * it (a concurrent reader that lost the race gets 404, as any later one); any other paste counts
   * a view (see `countView`).
   */
  private async deliver(row: PasteRow): Promise<Delivery> {
    if (row.burn_after_reading === 1) {
      const burned = await this.pastes.burnById(row.id);
      if (!burned) throw new HttpError(404, 'paste.notFound');
      return { row: burned, views: burned.views + 1, burned: true };
    }
    return { row, views: await this.countView(row), burned: false };
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
