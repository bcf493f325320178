import { GetObjectCommand, PutObjectCommand, UploadPartCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './content-disposition';
import { keyBaseName, type PresignGetOptions, type PresignPartOptions, type PresignPutOptions } from './storage-driver';

// The client only signs these commands; nothing is sent to the bucket.

/**
 * A presigned PUT with the `Content-Type` signed and, when the size is known, the
 * `Content-Length` too (`X-Amz-SignedHeaders` then lists it): the store refuses a body of any
 * other size. A browser's XHR PUT of the file sends exactly that length.
 */
export async function presignS3Put(client: S3Client, bucket: string, key: string, options: PresignPutOptions): Promise<string> {
  const command = new PutObjectCommand({
    Bucket: bucket,
    Key: key,
    ContentType: options.contentType,
    ...(options.contentLength === undefined ? {} : { ContentLength: options.contentLength }),
  });
  const signed = options.contentLength === undefined ? ['content-type'] : ['content-type', 'content-length'];
  return getSignedUrl(client, command, { expiresIn: options.expiresIn, signableHeaders: new Set(signed) });
}

export async function presignS3Get(client: S3Client, bucket: string, key: string, options: PresignGetOptions): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentDisposition: contentDisposition(options.disposition ?? 'inline', options.filename ?? keyBaseName(key)),
    ResponseContentType: options.contentType,
  });
  return getSignedUrl(client, command, { expiresIn: options.expiresIn });
}

export async function presignS3UploadPart(
  client: S3Client,
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  options: PresignPartOptions,
): Promise<string> {
  const command = new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: partNumber });
  return getSignedUrl(client, command, { expiresIn: options.expiresIn });
}
