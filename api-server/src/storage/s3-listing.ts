import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { toStorageError } from './s3-errors';
import { clampMaxKeys, stripEtagQuotes, type ListObjectsOptions, type ListObjectsPage } from './storage-driver';

/** One ListObjectsV2 page of a bucket; a continuation token wins over `startAfter`, as on S3. */
export async function listS3Objects(client: S3Client, bucket: string, options: ListObjectsOptions): Promise<ListObjectsPage> {
  try {
    const result = await client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
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
