import { ServedUrlDriver } from './served-url-driver';
import type { MultipartPart, ObjectBody, PutObjectOptions, StorageDriver } from './storage-driver';

/** Where a driver stages multipart uploads itself (local-multipart-uploads.ts, sftp-multipart.ts, webdav-multipart.ts). */
export interface StagedMultipartUploads {
  create(key: string, options?: PutObjectOptions): Promise<{ uploadId: string }>;
  /** `contentLength`, when the caller knows it, is a hint a store may use (WebDAV: one sized PUT instead of a chunked one). */
  uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody, contentLength?: number): Promise<{ etag: string }>;
  complete(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }>;
  abort(key: string, uploadId: string): Promise<void>;
}

/**
 * A driver whose objects the api-server serves (ServedUrlDriver) and whose multipart uploads it
 * stages itself: the four StorageDriver multipart methods hand over to `uploads`.
 */
export abstract class StagedMultipartDriver
  extends ServedUrlDriver
  implements Pick<StorageDriver, 'createMultipartUpload' | 'uploadPart' | 'completeMultipartUpload' | 'abortMultipartUpload'>
{
  protected abstract readonly uploads: StagedMultipartUploads;

  createMultipartUpload(key: string, options?: PutObjectOptions): Promise<{ uploadId: string }> {
    return this.uploads.create(key, options);
  }

  uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody, contentLength?: number): Promise<{ etag: string }> {
    return this.uploads.uploadPart(key, uploadId, partNumber, body, contentLength);
  }

  completeMultipartUpload(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }> {
    return this.uploads.complete(key, uploadId, parts);
  }

  abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    return this.uploads.abort(key, uploadId);
  }
}
