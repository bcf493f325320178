import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { formatRangeHeader, parseContentRange } from './byte-range';
import { buildS3ObjectUrl, encodeKeyPath } from './object-url';
import { createS3Client, type S3DriverOptions } from './s3-client';
import { isMissingObject, toStorageError } from './s3-errors';
import { listS3Objects } from './s3-listing';
import {
  abortS3MultipartUpload,
  completeS3MultipartUpload,
  createS3MultipartUpload,
  putStreamOfUnknownLength,
  uploadS3Part,
} from './s3-multipart';
import { metadataOf, putObjectInput, storedHeadersOf } from './s3-object-headers';
import { presignS3Get, presignS3Put, presignS3UploadPart } from './s3-presigned-urls';
import { deletedFromPrefix, keysUnderPrefix } from './bulk-delete';
import {
  StorageError,
  stripEtagQuotes,
  type DeleteObjectsResult,
  type GetObjectResult,
  type ListObjectsOptions,
  type ListObjectsPage,
  type MultipartPart,
  type ObjectBody,
  type ObjectInfo,
  type PresignGetOptions,
  type PresignPartOptions,
  type PresignPutOptions,
  type PutObjectOptions,
  type RangeRequest,
  type StorageDriver,
} from './storage-driver';

export { createS3Client, type S3DriverOptions } from './s3-client';
export { toStorageError } from './s3-errors';
export { STREAM_PART_SIZE } from './s3-multipart';
export { DEFAULT_CONTENT_TYPE } from './s3-object-headers';

const DELETE_BATCH = 1000;

/**
 * Objects in one bucket of an S3-compatible service (AWS SDK v3). The client: s3-client.ts;
 * multipart uploads and streams of unknown length: s3-multipart.ts; listing: s3-listing.ts;
 * presigned URLs: s3-presigned-urls.ts.
 */
export class S3StorageDriver implements StorageDriver {
  readonly kind = 's3' as const;
  readonly configId: string;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    private readonly options: S3DriverOptions,
    client?: S3Client,
  ) {
    this.configId = options.configId;
    this.bucket = options.bucket;
    this.client = client ?? createS3Client(options);
  }

  async putObject(key: string, body: ObjectBody, options: PutObjectOptions = {}): Promise<{ etag: string }> {
    if (body instanceof Readable && options.contentLength === undefined) return putStreamOfUnknownLength(this, key, body, options);
    const contentLength =
      body instanceof Readable ? options.contentLength : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    try {
      const result = await this.client.send(
        new PutObjectCommand({ ...putObjectInput(this.bucket, key, options), Body: body, ContentLength: contentLength }),
      );
      return { etag: stripEtagQuotes(result.ETag) };
    } catch (error) {
      throw toStorageError(error, `put ${key}`);
    }
  }

  async getObject(key: string, options: { range?: RangeRequest } = {}): Promise<GetObjectResult> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: options.range ? formatRangeHeader(options.range) : undefined }),
      );
      const contentLength = result.ContentLength ?? 0;
      const contentRange = parseContentRange(result.ContentRange);
      const ranged = options.range !== undefined && contentRange !== undefined;
      return {
        key,
        body: result.Body as Readable,
        contentLength,
        size: ranged && Number.isFinite(contentRange.size) ? contentRange.size : contentLength,
        range: ranged ? { start: contentRange.start, end: contentRange.end } : undefined,
        ...storedHeadersOf(result),
      };
    } catch (error) {
      throw toStorageError(error, `get ${key}`);
    }
  }

  async headObject(key: string): Promise<ObjectInfo | null> {
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: result.ContentLength ?? 0,
        ...storedHeadersOf(result),
      };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw toStorageError(error, `head ${key}`);
    }
  }

  async deleteObject(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissingObject(error)) return;
      throw toStorageError(error, `delete ${key}`);
    }
  }

  async deleteObjects(keys: readonly string[]): Promise<DeleteObjectsResult> {
    const result: DeleteObjectsResult = { deleted: [], errors: [] };
    for (let offset = 0; offset < keys.length; offset += DELETE_BATCH) {
      const batch = keys.slice(offset, offset + DELETE_BATCH);
      try {
        const response = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = new Set<string>();
        for (const error of response.Errors ?? []) {
          if (!error.Key) continue;
          failed.add(error.Key);
          result.errors.push({ key: error.Key, code: error.Code ?? 'Unknown', message: error.Message ?? '' });
        }
        result.deleted.push(...batch.filter((key) => !failed.has(key)));
      } catch (error) {
        throw toStorageError(error, 'delete objects');
      }
    }
    return result;
  }

  async deletePrefix(prefix: string): Promise<number> {
    return deletedFromPrefix(prefix, await this.deleteObjects(await keysUnderPrefix(this, prefix)));
  }

  listObjects(options: ListObjectsOptions = {}): Promise<ListObjectsPage> {
    return listS3Objects(this.client, this.bucket, options);
  }

  async copyObject(sourceKey: string, targetKey: string, options?: PutObjectOptions): Promise<{ etag: string }> {
    const replace =
      options !== undefined &&
      (options.contentType !== undefined || options.metadata !== undefined || options.contentDisposition !== undefined);
    let contentType = options?.contentType;
    if (replace && contentType === undefined) {
      // REPLACE resets every header: keep the source's type unless a new one is given.
      const source = await this.headObject(sourceKey);
      if (!source) throw new StorageError('NoSuchKey', `copy ${sourceKey}: no such object`);
      contentType = source.contentType;
    }
    try {
      const result = await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: targetKey,
          CopySource: `${this.bucket}/${encodeKeyPath(sourceKey)}`,
          ...(replace
            ? {
                MetadataDirective: 'REPLACE' as const,
                ContentType: contentType,
                ContentDisposition: options?.contentDisposition,
                Metadata: metadataOf(options),
              }
            : {}),
        }),
      );
      return { etag: stripEtagQuotes(result.CopyObjectResult?.ETag) };
    } catch (error) {
      throw toStorageError(error, `copy ${sourceKey} → ${targetKey}`);
    }
  }

  createMultipartUpload(key: string, options: PutObjectOptions = {}): Promise<{ uploadId: string }> {
    return createS3MultipartUpload(this.client, this.bucket, key, options);
  }

  uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody, contentLength?: number): Promise<{ etag: string }> {
    return uploadS3Part(this.client, this.bucket, key, uploadId, partNumber, body, contentLength);
  }

  completeMultipartUpload(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }> {
    return completeS3MultipartUpload(this.client, this.bucket, key, uploadId, parts);
  }

  abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    return abortS3MultipartUpload(this.client, this.bucket, key, uploadId);
  }

  presignPutUrl(key: string, options: PresignPutOptions): Promise<string> {
    return presignS3Put(this.client, this.bucket, key, options);
  }

  presignGetUrl(key: string, options: PresignGetOptions): Promise<string> {
    return presignS3Get(this.client, this.bucket, key, options);
  }

  presignUploadPartUrl(key: string, uploadId: string, partNumber: number, options: PresignPartOptions): Promise<string> {
    return presignS3UploadPart(this.client, this.bucket, key, uploadId, partNumber, options);
  }

  objectUrl(key: string): string {
    return buildS3ObjectUrl(
      {
        endpointUrl: this.options.endpointUrl,
        bucket: this.bucket,
        pathStyle: this.options.pathStyle,
        customHost: this.options.customHost,
      },
      key,
    );
  }

  destroy(): void {
    this.client.destroy();
  }
}
