import { LocalSignedUrls } from './local-signed-urls';
import type { LocalUrlSigner } from './local-url-signer';
import type { PresignGetOptions, PresignPartOptions, PresignPutOptions, StorageDriver } from './storage-driver';

/**
 * The URL half of a storage driver whose objects the api-server serves itself (local disk, SFTP,
 * WebDAV): a presigned URL points at the `/api/storage/local/...` route, HMAC-signed
 * (local-signed-urls.ts), and the api-server reads or writes the object through the driver when it
 * is called. S3 presigns with the provider instead (s3-driver.ts).
 */
export abstract class ServedUrlDriver implements Pick<
  StorageDriver,
  'presignPutUrl' | 'presignGetUrl' | 'presignUploadPartUrl' | 'objectUrl'
> {
  private readonly urls: LocalSignedUrls;

  protected constructor(signer: LocalUrlSigner, configId: string) {
    this.urls = new LocalSignedUrls(signer, configId);
  }

  /** Refuses a key no URL may be made for (a driver's reserved keys); the default takes every key. */
  protected checkUrlKey?(key: string): void;

  presignPutUrl(key: string, options: PresignPutOptions): Promise<string> {
    this.checkUrlKey?.(key);
    return this.urls.presignPut(key, options);
  }

  presignGetUrl(key: string, options: PresignGetOptions): Promise<string> {
    this.checkUrlKey?.(key);
    return this.urls.presignGet(key, options);
  }

  presignUploadPartUrl(key: string, uploadId: string, partNumber: number, options: PresignPartOptions): Promise<string> {
    this.checkUrlKey?.(key);
    return this.urls.presignUploadPart(key, uploadId, partNumber, options);
  }

  objectUrl(key: string, urlBase?: string): string {
    return this.urls.objectUrl(key, urlBase);
  }
}
