import type { PublicFile } from '@cloudclip/contract';
import type { FileRow, StorageConfigRow } from '../db/schema';
import type { StorageConfigService } from './storage-config-service';
import { storageHttpError } from './storage-errors';

// The response shapes are the contract's (`@cloudclip/contract`, api/file.ts).

/** PublicFile with every link (unprotected, storage config present). */
export type LinkedPublicFile = PublicFile &
  Required<Pick<PublicFile, 'previewUrl' | 'downloadUrl' | 'proxy_preview_url' | 'proxy_download_url'>> & { requires_password: false };

/** `use_proxy` as the views send it. */
export function useProxyOf(row: Pick<FileRow, 'use_proxy'>): 0 | 1 {
  return Number(row.use_proxy) === 1 ? 1 : 0;
}

/** The PublicFile fields every variant has (links aside). */
function publicFields<R extends boolean>(row: FileRow, requiresPassword: R) {
  return {
    id: row.id,
    slug: row.slug,
    filename: row.filename,
    mimetype: row.mimetype,
    size: Number(row.size),
    remark: row.remark,
    created_at: row.created_at,
    requires_password: requiresPassword,
    views: Number(row.views),
    max_views: row.max_views,
    expires_at: row.expires_at,
    use_proxy: useProxyOf(row),
    created_by: row.created_by,
  };
}

/** The links of a file share: proxy links through this server, direct bucket links, the PublicFile views that carry them. */
export class FileShareLinks {
  constructor(private readonly storageConfigs: Pick<StorageConfigService, 'driverFor'>) {}

  proxyUrls(origin: string, slug: string, password?: string): { preview: string; download: string } {
    const suffix = password ? `?password=${encodeURIComponent(password)}` : '';
    const encoded = encodeURIComponent(slug);
    return { preview: `${origin}/api/file-view/${encoded}${suffix}`, download: `${origin}/api/file-download/${encoded}${suffix}` };
  }

  /** Direct bucket links: unsigned custom-host URLs, else presigned inline / attachment GETs. */
  async directUrls(row: FileRow, config: StorageConfigRow, origin: string): Promise<{ preview: string; download: string }> {
    const driver = this.storageConfigs.driverFor(config);
    if (config.custom_host) {
      const url = driver.objectUrl(row.storage_path, origin);
      return { preview: url, download: url };
    }
    const expiresIn = Number(config.signature_expires_in);
    const common = { expiresIn, filename: row.filename, contentType: row.mimetype, urlBase: origin };
    const [preview, download] = await Promise.all([
      driver.presignGetUrl(row.storage_path, { ...common, disposition: 'inline' }),
      driver.presignGetUrl(row.storage_path, { ...common, disposition: 'attachment' }),
    ]);
    return { preview, download };
  }

  /**
   * The PublicFile object of §5.4.5: links per `use_proxy`; none but the raw `s3_url` when protected
   * (or when the storage config is gone).
   */
  async publicView(
    row: FileRow,
    config: StorageConfigRow | undefined,
    origin: string,
    options: { includeLinks: boolean; passwordInProxyUrls?: string | undefined },
  ): Promise<PublicFile> {
    if (options.includeLinks && config) return this.linkedView(row, config, origin, options.passwordInProxyUrls);
    const base = publicFields(row, !options.includeLinks);
    const raw = { s3_direct_preview_url: row.s3_url, s3_direct_download_url: row.s3_url };
    return base.use_proxy ? { ...base, ...raw } : { ...base, ...raw, previewUrl: row.s3_url, downloadUrl: row.s3_url };
  }

  /** The PublicFile object with every link (an unprotected view, the upload-direct answer). */
  async linkedView(row: FileRow, config: StorageConfigRow, origin: string, passwordInProxyUrls?: string): Promise<LinkedPublicFile> {
    const base = publicFields(row, false);
    const direct = await this.directUrls(row, config, origin).catch((error: unknown) => {
      throw storageHttpError(error);
    });
    const proxy = this.proxyUrls(origin, row.slug, passwordInProxyUrls);
    return {
      ...base,
      previewUrl: base.use_proxy ? proxy.preview : direct.preview,
      downloadUrl: base.use_proxy ? proxy.download : direct.download,
      s3_direct_preview_url: direct.preview,
      s3_direct_download_url: direct.download,
      proxy_preview_url: proxy.preview,
      proxy_download_url: proxy.download,
    };
  }
}
