import { keySegments } from './local-keys';
import { LOCAL_STORAGE_ROUTE_PREFIX, type LocalUrlOperation, type LocalUrlSigner } from './local-url-signer';
import { encodeKeyPath } from './object-url';
import { keyBaseName, type PresignGetOptions, type PresignPartOptions, type PresignPutOptions } from './storage-driver';

/**
 * URLs of local objects: they point at the api-server's own `/api/storage/local/...` route, which
 * answers only with a valid HMAC signature (routes/local-storage.ts).
 */
export class LocalSignedUrls {
  constructor(
    private readonly signer: LocalUrlSigner,
    private readonly configId: string,
  ) {}

  /** Signs `operation` on a key the caller has checked first (keySegments). */
  private sign(key: string, options: { urlBase?: string; expiresIn: number }, operation: LocalUrlOperation): string {
    return this.signer.buildUrl({ urlBase: options.urlBase, configId: this.configId, key, expiresIn: options.expiresIn, operation });
  }

  async presignPut(key: string, options: PresignPutOptions): Promise<string> {
    keySegments(key);
    const limit = options.contentLength ?? options.maxBytes;
    return this.sign(key, options, {
      method: 'PUT',
      contentType: options.contentType,
      ...(limit === undefined ? {} : { maxBytes: limit }),
      ...(options.uploadToken === undefined ? {} : { uploadToken: options.uploadToken }),
    });
  }

  async presignGet(key: string, options: PresignGetOptions): Promise<string> {
    keySegments(key);
    return this.sign(key, options, {
      method: 'GET',
      disposition: options.disposition ?? 'inline',
      filename: options.filename ?? keyBaseName(key),
    });
  }

  async presignUploadPart(key: string, uploadId: string, partNumber: number, options: PresignPartOptions): Promise<string> {
    keySegments(key);
    return this.sign(key, options, {
      method: 'PUT-PART',
      uploadId,
      partNumber,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
  }

  objectUrl(key: string, urlBase?: string): string {
    const base = (urlBase ?? '').replace(/\/+$/, '');
    return `${base}${LOCAL_STORAGE_ROUTE_PREFIX}/${encodeURIComponent(this.configId)}/${encodeKeyPath(key.replace(/^\/+/, ''))}`;
  }
}
