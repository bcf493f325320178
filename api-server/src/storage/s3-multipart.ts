import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { toStorageError } from './s3-errors';
import { putObjectInput } from './s3-object-headers';
import {
  orderParts,
  quoteEtag,
  StorageError,
  stripEtagQuotes,
  type MultipartPart,
  type ObjectBody,
  type PutObjectOptions,
  type StorageDriver,
} from './storage-driver';

/** Streams of unknown length up to this size go up in one PUT; longer ones as a multipart upload. */
export const STREAM_PART_SIZE = 8 * 1024 * 1024;

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

type UploadingDriver = Pick<
  StorageDriver,
  'putObject' | 'createMultipartUpload' | 'uploadPart' | 'completeMultipartUpload' | 'abortMultipartUpload'
>;

/** S3 needs a length for a single PUT: small streams are buffered, large ones go multipart. */
export async function putStreamOfUnknownLength(
  driver: UploadingDriver,
  key: string,
  stream: Readable,
  options: PutObjectOptions,
): Promise<{ etag: string }> {
  const chunks = fixedSizeChunks(stream, STREAM_PART_SIZE);
  const first = await chunks.next();
  const second = first.done ? first : await chunks.next();
  if (second.done) {
    return driver.putObject(key, first.done ? Buffer.alloc(0) : first.value, { ...options, contentLength: undefined });
  }
  const { uploadId } = await driver.createMultipartUpload(key, options);
  try {
    const parts: MultipartPart[] = [];
    let partNumber = 1;
    for (const part of [first.value as Buffer, second.value]) {
      parts.push({ partNumber, etag: (await driver.uploadPart(key, uploadId, partNumber, part)).etag });
      partNumber += 1;
    }
    for await (const part of chunks) {
      parts.push({ partNumber, etag: (await driver.uploadPart(key, uploadId, partNumber, part)).etag });
      partNumber += 1;
    }
    return await driver.completeMultipartUpload(key, uploadId, parts);
  } catch (error) {
    await driver.abortMultipartUpload(key, uploadId).catch(() => undefined);
    throw error;
  }
}

/** The fields that name one multipart upload in the part, complete and abort commands. */
function uploadOf(bucket: string, key: string, uploadId: string): { Bucket: string; Key: string; UploadId: string } {
  return { Bucket: bucket, Key: key, UploadId: uploadId };
}

/** Sends a part upload or a completion and answers the ETag it returned (quotes stripped); a failure as a StorageError naming `what`. */
async function sendForEtag(what: string, send: () => Promise<{ ETag?: string }>): Promise<{ etag: string }> {
  try {
    const result = await send();
    return { etag: stripEtagQuotes(result.ETag) };
  } catch (error) {
    throw toStorageError(error, what);
  }
}

/** Starts a multipart upload with the headers a single PUT would set. */
export async function createS3MultipartUpload(
  client: S3Client,
  bucket: string,
  key: string,
  options: PutObjectOptions,
): Promise<{ uploadId: string }> {
  try {
    const result = await client.send(new CreateMultipartUploadCommand(putObjectInput(bucket, key, options)));
    if (!result.UploadId) throw new StorageError('Unknown', `create multipart upload ${key}: no upload id returned`);
    return { uploadId: result.UploadId };
  } catch (error) {
    throw toStorageError(error, `create multipart upload ${key}`);
  }
}

/** A stream of unknown length is read whole first: S3 needs the part's length. */
export async function uploadS3Part(
  client: S3Client,
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  body: ObjectBody,
  contentLength: number | undefined,
): Promise<{ etag: string }> {
  const payload = body instanceof Readable && contentLength === undefined ? await readAll(body) : body;
  return sendForEtag(`upload part ${partNumber} of ${key}`, () =>
    client.send(
      new UploadPartCommand({ ...uploadOf(bucket, key, uploadId), PartNumber: partNumber, Body: payload, ContentLength: contentLength }),
    ),
  );
}

export async function completeS3MultipartUpload(
  client: S3Client,
  bucket: string,
  key: string,
  uploadId: string,
  parts: readonly MultipartPart[],
): Promise<{ etag: string }> {
  const ordered = orderParts(parts);
  return sendForEtag(`complete multipart upload ${key}`, () =>
    client.send(
      new CompleteMultipartUploadCommand({
        ...uploadOf(bucket, key, uploadId),
        MultipartUpload: { Parts: ordered.map((part) => ({ PartNumber: part.partNumber, ETag: quoteEtag(part.etag) })) },
      }),
    ),
  );
}

export async function abortS3MultipartUpload(client: S3Client, bucket: string, key: string, uploadId: string): Promise<void> {
  try {
    await client.send(new AbortMultipartUploadCommand(uploadOf(bucket, key, uploadId)));
  } catch (error) {
    throw toStorageError(error, `abort multipart upload ${key}`);
  }
}
