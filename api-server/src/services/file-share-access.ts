import type { OfficePreviewResponse, PublicFile } from '@cloudclip/contract';
import type { FileRow, StorageConfigRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { isOfficeDocument } from '../lib/mime-types';
import { hashPassword, needsRehash, verifyPassword } from '../lib/password-hash';
import { isExpired } from '../lib/time';
import type { StorageDriver } from '../storage/storage-driver';
import type { FileShareLinks } from './file-share-links';
import { hasViewLimit, viewsExceeded } from './file-share-rules';
import type { FileShareStore } from './file-share-store';
import { storageHttpError } from './storage-errors';

export const OFFICE_VIEWER_URL = 'https://view.officeapps.live.com/op/view.aspx?src=';

/** What a proxy link (file-download / file-view / office-preview) may serve. */
export interface ProxyTarget {
  row: FileRow;
  config: StorageConfigRow;
  driver: StorageDriver;
}

/** `verify`: a file without password answers its raw `s3_url` (sent as body code 400), else the view. */
export type VerifyResult = { protected: false; url: string } | { protected: true; file: PublicFile };

/**
 * Public access to file shares (contract §5.4.5, §5.4.6, §6.2): public info and password checks
 * with view counting and lazy expiry, and what the proxy links and the Office preview may serve.
 */
export class FileShareAccessService {
  constructor(
    private readonly store: FileShareStore,
    private readonly links: FileShareLinks,
  ) {}

  /** The row behind a public slug: 404 unknown; 410 expired or over its view limit (row kept). */
  private async publicRow(slug: string): Promise<FileRow> {
    const row = await this.store.files.findBySlug(slug);
    if (!row) throw new HttpError(404, 'file.notFound');
    if (isExpired(row.expires_at, this.store.clock())) throw new HttpError(410, 'file.expired');
    if (viewsExceeded(row)) throw new HttpError(410, 'file.viewLimitReached');
    return row;
  }

  /**
   * Counts one view (§6.2). When the count now exceeds `max_views` the object and row are
   * deleted and 410 answered; the first `max_views` reads succeed.
   */
  private async countView(row: FileRow, config: StorageConfigRow | undefined): Promise<FileRow> {
    const views = await this.store.files.incrementViews(row.id);
    if (views === undefined) throw new HttpError(404, 'file.notFound');
    if (hasViewLimit(row) && views > Number(row.max_views)) {
      await this.store.removeFile(row, config ?? null);
      throw new HttpError(410, 'file.viewLimitReached');
    }
    return { ...row, views };
  }

  /** GET /api/public/files/{slug}. */
  async publicInfo(slug: string, origin: string): Promise<PublicFile> {
    const row = await this.publicRow(slug);
    const config = await this.store.configs.findById(row.s3_config_id);
    if (row.password_hash !== null) return this.links.publicView(row, config, origin, { includeLinks: false });
    const counted = await this.countView(row, config);
    return this.links.publicView(counted, config, origin, { includeLinks: true });
  }

  /** POST /api/public/files/{slug}/verify. */
  async verify(slug: string, password: string, origin: string): Promise<VerifyResult> {
    const row = await this.publicRow(slug);
    if (row.password_hash === null) return { protected: false, url: row.s3_url };
    if (!(await this.passwordMatches(row, row.password_hash, password))) throw new HttpError(401, 'file.wrongPassword');
    const config = await this.store.configs.findById(row.s3_config_id);
    const counted = await this.countView(row, config);
    return { protected: true, file: await this.links.publicView(counted, config, origin, { includeLinks: true }) };
  }

  /**
   * The checks shared by the proxy links (§5.4.6; no view is counted): 404 unknown or no storage
   * info; expired → object+row deleted, 410; `views > max_views` → deleted, 403.
   */
  private async liveProxyTarget(slug: string): Promise<ProxyTarget> {
    const { store } = this;
    const row = await store.files.findBySlug(slug);
    if (!row) throw new HttpError(404, 'file.notFound');
    const config = await store.configs.findById(row.s3_config_id);
    if (!config || !row.storage_path) throw new HttpError(404, 'file.storageInfoMissing');
    if (isExpired(row.expires_at, store.clock())) {
      await store.removeFile(row, config);
      throw new HttpError(410, 'file.expired');
    }
    if (viewsExceeded(row)) {
      await store.removeFile(row, config);
      throw new HttpError(403, 'file.viewLimitReached');
    }
    return { row, config, driver: store.driverOf(config) };
  }

  private async checkSharePassword(row: FileRow, password: string | undefined): Promise<void> {
    if (row.password_hash === null) return;
    if (password === undefined || password === '') throw new HttpError(401, 'file.passwordRequired');
    if (!(await this.passwordMatches(row, row.password_hash, password))) throw new HttpError(403, 'file.wrongPassword');
  }

  /**
   * Checks a share password. After a right one, a hash in an older format (CloudPaste's SHA-256,
   * kept by the import) is replaced by one in ours; the UPDATE applies only while the stored hash is
   * still that old one, so concurrent checks cannot overwrite each other's upgrade.
   */
  private async passwordMatches(row: FileRow, stored: string, password: string): Promise<boolean> {
    if (!(await verifyPassword(password, stored))) return false;
    if (needsRehash(stored)) await this.store.files.replacePasswordHash(row.id, stored, await hashPassword(password));
    return true;
  }

  /** file-download / file-view: the checks above, then the password (missing 401, wrong 403). */
  async proxyTarget(slug: string, password: string | undefined): Promise<ProxyTarget> {
    const target = await this.liveProxyTarget(slug);
    await this.checkSharePassword(target.row, password);
    return target;
  }

  /** A temporary URL a third-party viewer can fetch (custom host or presigned inline GET). */
  async temporaryUrl(target: ProxyTarget, origin: string): Promise<string> {
    return (await this.links.directUrls(target.row, target.config, origin)).preview;
  }

  /**
   * GET /api/office-preview/{slug}: the proxy checks, then `views == max_views` → 410, password
   * 401 / 403, not an Office file 400.
   */
  async officePreview(slug: string, password: string | undefined, origin: string): Promise<OfficePreviewResponse> {
    const target = await this.liveProxyTarget(slug);
    const { row, config } = target;
    if (hasViewLimit(row) && Number(row.views) === Number(row.max_views)) throw new HttpError(410, 'file.viewLimitReached');
    await this.checkSharePassword(row, password);
    if (!isOfficeDocument(row.filename, row.mimetype)) throw new HttpError(400, 'file.notOffice');
    const url = await this.temporaryUrl(target, origin).catch((error: unknown) => {
      throw storageHttpError(error);
    });
    return { url, filename: row.filename, mimetype: row.mimetype, expires_in: Number(config.signature_expires_in), is_temporary: true };
  }
}
