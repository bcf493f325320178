import type { HeadObjectCommandOutput, PutObjectCommandInput } from '@aws-sdk/client-s3';
import { stripEtagQuotes, type ObjectInfo, type PutObjectOptions } from './storage-driver';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** User metadata with lower-cased names (S3 stores them so); undefined leaves the object without any. */
export function metadataOf(options: PutObjectOptions | undefined): Record<string, string> | undefined {
  if (!options?.metadata) return undefined;
  return Object.fromEntries(Object.entries(options.metadata).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The headers a new object is written with, by a single PUT or a multipart upload alike. */
export function putObjectInput(bucket: string, key: string, options: PutObjectOptions): Omit<PutObjectCommandInput, 'Body'> {
  return {
    Bucket: bucket,
    Key: key,
    ContentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
    ContentDisposition: options.contentDisposition,
    Metadata: metadataOf(options),
  };
}

/** The stored headers of an object, from a GET or HEAD answer, as ObjectInfo names them. */
export function storedHeadersOf(
  result: Pick<HeadObjectCommandOutput, 'ETag' | 'LastModified' | 'ContentType' | 'ContentDisposition' | 'Metadata'>,
): Omit<ObjectInfo, 'key' | 'size'> {
  return {
    etag: stripEtagQuotes(result.ETag),
    lastModified: result.LastModified ?? new Date(0),
    contentType: result.ContentType ?? DEFAULT_CONTENT_TYPE,
    contentDisposition: result.ContentDisposition,
    metadata: result.Metadata ?? {},
  };
}
