import { deleteDeepestFirst, deleteEachObject, keysUnderPrefix } from './bulk-delete';
import { ServedUrlDriver } from './served-url-driver';
import type {
  DeleteObjectsResult,
  ListObjectsOptions,
  ListObjectsPage,
  MultipartPart,
  ObjectBody,
  PutObjectOptions,
  StorageDriver,
  StorageError,
} from './storage-driver';

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
 * stages itself: the four StorageDriver multipart methods hand over to `uploads`. Its store has no
 * batch delete either: deleteObjects deletes one key at a time (bulk-delete.ts), and deletePrefix
 * deletes a prefix's keys deepest first.
 */
export abstract class StagedMultipartDriver
  extends ServedUrlDriver
  implements
    Pick<
      StorageDriver,
      'createMultipartUpload' | 'uploadPart' | 'completeMultipartUpload' | 'abortMultipartUpload' | 'deleteObjects' | 'deletePrefix'
    >
{
  protected abstract readonly uploads: StagedMultipartUploads;
  /** How many deletes deleteObjects runs at once. */
  protected readonly deleteConcurrency: number = 1;

  abstract deleteObject(key: string): Promise<void>;
  abstract listObjects(options?: ListObjectsOptions): Promise<ListObjectsPage>;
  /** The StorageError a failed delete of `key` is recorded as in deleteObjects' result. */
  protected abstract deleteErrorOf(error: unknown, key: string): StorageError;

  deleteObjects(keys: readonly string[]): Promise<DeleteObjectsResult> {
    return deleteEachObject(
      keys,
      (key) => this.deleteObject(key),
      (error, key) => this.deleteErrorOf(error, key),
      this.deleteConcurrency,
    );
  }

  async deletePrefix(prefix: string): Promise<number> {
    return deleteDeepestFirst(this, prefix, await keysUnderPrefix(this, prefix));
  }

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
