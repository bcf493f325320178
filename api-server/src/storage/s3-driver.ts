import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { formatRangeHeader, parseContentRange } from './byte-range';
import { contentDisposition } from './content-disposition';
import { buildS3ObjectUrl, encodeKeyPath, normalizeBaseUrl } from './object-url';
import {
  clampMaxKeys,
  keyBaseName,
  listAllObjects,
  orderParts,
  quoteEtag,
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
  type StorageErrorCode,
} from './storage-driver';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** Streams of unknown length up to this size go up in one PUT; longer ones as a multipart upload. */
export const STREAM_PART_SIZE = 8 * 1024 * 1024;
const DELETE_BATCH = 1000;

export interface S3DriverOptions {
  configId: string;
  endpointUrl: string;
  /** `""` → `auto`. */
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
  customHost: string | null;
  /** Per-request socket timeout (default 30 s). */
  requestTimeoutMs?: number;
}

/**
 * An S3 client for any S3-compatible endpoint. Checksums only when the operation requires them:
 * the SDK's default CRC32 trailers and aws-chunked uploads break R2, B2 and most other providers
 * (and would end up inside presigned URLs).
 */
export function createS3Client(options: S3DriverOptions): S3Client {
  return new S3Client({
    endpoint: options.endpointUrl ? normalizeBaseUrl(options.endpointUrl) : undefined,
    region: options.region.trim() || 'auto',
    forcePathStyle: options.pathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 10_000, requestTimeout: options.requestTimeoutMs ?? 30_000 },
    // The SDK falls back to console.warn for failed streaming requests; failures already reach the
    // caller as errors, so its own chatter is dropped.
    logger: SILENT_SDK_LOGGER,
  });
}

const SILENT_SDK_LOGGER = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

interface SdkError {
  name?: string;
  Code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const CODE_BY_PROVIDER: Record<string, StorageErrorCode> = {
  NoSuchKey: 'NoSuchKey',
  NotFound: 'NoSuchKey',
  NoSuchBucket: 'NoSuchBucket',
  NoSuchUpload: 'NoSuchUpload',
  InvalidRange: 'InvalidRange',
  InvalidPart: 'InvalidPart',
  InvalidPartOrder: 'InvalidPartOrder',
  EntityTooSmall: 'InvalidPart',
  AccessDenied: 'AccessDenied',
  InvalidAccessKeyId: 'AccessDenied',
  SignatureDoesNotMatch: 'AccessDenied',
  InvalidArgument: 'InvalidArgument',
};

/** Maps an SDK error to a StorageError (already-mapped errors pass through). */
export function toStorageError(error: unknown, context: string): StorageError {
  if (error instanceof StorageError) return error;
  const sdk = (error ?? {}) as SdkError;
  const providerCode = sdk.Code ?? sdk.name;
  const status = sdk.$metadata?.httpStatusCode;
  let code: StorageErrorCode = (providerCode && CODE_BY_PROVIDER[providerCode]) || 'Unknown';
  if (code === 'Unknown' && status === 404) code = 'NoSuchKey';
  if (code === 'Unknown' && status === 403) code = 'AccessDenied';
  if (code === 'Unknown' && status === 416) code = 'InvalidRange';
  const detail = sdk.message && sdk.message !== providerCode ? sdk.message : (providerCode ?? String(error));
  return new StorageError(code, `${context}: ${detail}`, { cause: error, providerCode });
}

function isNotFound(error: unknown): boolean {
  const sdk = (error ?? {}) as SdkError;
  return sdk.name === 'NotFound' || sdk.name === 'NoSuchKey' || sdk.$metadata?.httpStatusCode === 404;
}

/** Fixed-size Buffers from a stream (the last one may be shorter); nothing for an empty stream. */
async function* fixedSizeChunks(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of stream) {
    let buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string);
    while (buffer.length > 0) {
      const take = Math.min(size - pendingBytes, buffer.length);
      pending.push(buffer.subarray(0, take));
      pendingBytes += take;
      buffer = buffer.subarray(take);
      if (pendingBytes === size) {
        yield Buffer.concat(pending, size);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string));
  return Buffer.concat(chunks);
}

function metadataOf(options: PutObjectOptions | undefined): Record<string, string> | undefined {
  if (!options?.metadata) return undefined;
  return Object.fromEntries(Object.entries(options.metadata).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Objects in one bucket of an S3-compatible service (AWS SDK v3). */
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
    if (body instanceof Readable && options.contentLength === undefined) return this.putStreamOfUnknownLength(key, body, options);
    const contentLength =
      body instanceof Readable ? options.contentLength : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    try {
      const result = await this.client.send(
        new PutObjectCommand({ ...this.putInput(key, options), Body: body, ContentLength: contentLength }),
      );
      return { etag: stripEtagQuotes(result.ETag) };
    } catch (error) {
      throw toStorageError(error, `put ${key}`);
    }
  }

  private putInput(key: string, options: PutObjectOptions): Omit<PutObjectCommandInput, 'Body'> {
    return {
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
      ContentDisposition: options.contentDisposition,
      Metadata: metadataOf(options),
    };
  }

  /** S3 needs a length for a single PUT: small streams are buffered, large ones go multipart. */
  private async putStreamOfUnknownLength(key: string, stream: Readable, options: PutObjectOptions): Promise<{ etag: string }> {
    const chunks = fixedSizeChunks(stream, STREAM_PART_SIZE);
    const first = await chunks.next();
    const second = first.done ? first : await chunks.next();
    if (second.done) {
      return this.putObject(key, first.done ? Buffer.alloc(0) : first.value, { ...options, contentLength: undefined });
    }
    const { uploadId } = await this.createMultipartUpload(key, options);
    try {
      const parts: MultipartPart[] = [];
      let partNumber = 1;
      for (const part of [first.value as Buffer, second.value]) {
        parts.push({ partNumber, etag: (await this.uploadPart(key, uploadId, partNumber, part)).etag });
        partNumber += 1;
      }
      for await (const part of chunks) {
        parts.push({ partNumber, etag: (await this.uploadPart(key, uploadId, partNumber, part)).etag });
        partNumber += 1;
      }
      return await this.completeMultipartUpload(key, uploadId, parts);
    } catch (error) {
      await this.abortMultipartUpload(key, uploadId).catch(() => undefined);
      throw error;
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
        etag: stripEtagQuotes(result.ETag),
        lastModified: result.LastModified ?? new Date(0),
        contentType: result.ContentType ?? DEFAULT_CONTENT_TYPE,
        contentDisposition: result.ContentDisposition,
        metadata: result.Metadata ?? {},
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
        etag: stripEtagQuotes(result.ETag),
        lastModified: result.LastModified ?? new Date(0),
        contentType: result.ContentType ?? DEFAULT_CONTENT_TYPE,
        contentDisposition: result.ContentDisposition,
        metadata: result.Metadata ?? {},
      };
    } catch (error) {
      if (isNotFound(error) && (error as SdkError).name !== 'NoSuchBucket') return null;
      throw toStorageError(error, `head ${key}`);
    }
  }

  async deleteObject(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error) && (error as SdkError).name !== 'NoSuchBucket') return;
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
    if (!prefix) throw new StorageError('InvalidArgument', 'Refusing to delete with an empty prefix (the whole bucket)');
    const keys: string[] = [];
    for await (const object of listAllObjects(this, prefix)) keys.push(object.key);
    const result = await this.deleteObjects(keys);
    if (result.errors.length > 0) {
      const first = result.errors[0];
      throw new StorageError(
        'Unknown',
        `delete prefix ${prefix}: ${result.errors.length} object(s) not deleted (${first?.key}: ${first?.message})`,
      );
    }
    return result.deleted.length;
  }

  async listObjects(options: ListObjectsOptions = {}): Promise<ListObjectsPage> {
    try {
      const result = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: options.prefix || undefined,
          Delimiter: options.delimiter || undefined,
          MaxKeys: clampMaxKeys(options.maxKeys),
          ContinuationToken: options.continuationToken || undefined,
          StartAfter: options.continuationToken ? undefined : options.startAfter || undefined,
        }),
      );
      return {
        objects: (result.Contents ?? []).map((object) => ({
          key: object.Key ?? '',
          size: object.Size ?? 0,
          etag: stripEtagQuotes(object.ETag),
          lastModified: object.LastModified ?? new Date(0),
        })),
        commonPrefixes: (result.CommonPrefixes ?? []).map((entry) => entry.Prefix ?? '').filter(Boolean),
        isTruncated: result.IsTruncated === true,
        nextContinuationToken: result.IsTruncated ? result.NextContinuationToken : undefined,
      };
    } catch (error) {
      throw toStorageError(error, `list ${options.prefix ?? ''}`);
    }
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

  async createMultipartUpload(key: string, options: PutObjectOptions = {}): Promise<{ uploadId: string }> {
    try {
      const result = await this.client.send(new CreateMultipartUploadCommand(this.putInput(key, options)));
      if (!result.UploadId) throw new StorageError('Unknown', `create multipart upload ${key}: no upload id returned`);
      return { uploadId: result.UploadId };
    } catch (error) {
      throw toStorageError(error, `create multipart upload ${key}`);
    }
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody, contentLength?: number): Promise<{ etag: string }> {
    const payload = body instanceof Readable && contentLength === undefined ? await readAll(body) : body;
    try {
      const result = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: payload,
          ContentLength: contentLength,
        }),
      );
      return { etag: stripEtagQuotes(result.ETag) };
    } catch (error) {
      throw toStorageError(error, `upload part ${partNumber} of ${key}`);
    }
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }> {
    const ordered = orderParts(parts);
    try {
      const result = await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: ordered.map((part) => ({ PartNumber: part.partNumber, ETag: quoteEtag(part.etag) })) },
        }),
      );
      return { etag: stripEtagQuotes(result.ETag) };
    } catch (error) {
      throw toStorageError(error, `complete multipart upload ${key}`);
    }
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      throw toStorageError(error, `abort multipart upload ${key}`);
    }
  }

  /**
   * A presigned PUT with the `Content-Type` signed and, when the size is known, the
   * `Content-Length` too (`X-Amz-SignedHeaders` then lists it): the store refuses a body of any
   * other size. A browser's XHR PUT of the file sends exactly that length.
   */
  async presignPutUrl(key: string, options: PresignPutOptions): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      ...(options.contentLength === undefined ? {} : { ContentLength: options.contentLength }),
    });
    const signed = options.contentLength === undefined ? ['content-type'] : ['content-type', 'content-length'];
    return getSignedUrl(this.client, command, { expiresIn: options.expiresIn, signableHeaders: new Set(signed) });
  }

  async presignGetUrl(key: string, options: PresignGetOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(options.disposition ?? 'inline', options.filename ?? keyBaseName(key)),
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresIn });
  }

  async presignUploadPartUrl(key: string, uploadId: string, partNumber: number, options: PresignPartOptions): Promise<string> {
    const command = new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresIn });
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
