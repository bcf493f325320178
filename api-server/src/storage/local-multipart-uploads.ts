import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { errnoOf, fsError, type LocalFileTree } from './local-file-tree';
import { isFolderKey, keySegments } from './local-keys';
import { HashingCounter, type LocalObjectWrites } from './local-object-writes';
import { DEFAULT_CONTENT_TYPE, normalizedMetadata, readJson, writeJson } from './local-sidecars';
import { orderParts, StorageError, stripEtagQuotes, type MultipartPart, type ObjectBody, type PutObjectOptions } from './storage-driver';

const MAX_PART_NUMBER = 10000;
const UPLOAD_ID = /^[0-9a-f]{32}$/;

interface UploadRecord {
  key: string;
  contentType: string;
  contentDisposition?: string;
  metadata: Record<string, string>;
  initiated: string;
}

/**
 * Multipart uploads of the local driver: each upload is a folder `.internal/<configId>/uploads/<id>`
 * holding its record (`upload.json`), its parts and their ETags; completing one concatenates the
 * parts into a spooled file and commits it like any other write.
 */
export class LocalMultipartUploads {
  constructor(
    private readonly internalDir: string,
    private readonly tree: LocalFileTree,
    private readonly writes: LocalObjectWrites,
  ) {}

  private uploadDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new StorageError('NoSuchUpload', 'The upload id is unknown');
    return path.join(this.internalDir, 'uploads', uploadId);
  }

  private async readUpload(key: string, uploadId: string): Promise<{ dir: string; record: UploadRecord }> {
    const dir = this.uploadDir(uploadId);
    const record = await readJson<UploadRecord>(path.join(dir, 'upload.json'));
    if (!record || record.key !== key) throw new StorageError('NoSuchUpload', `No such upload for ${key}`);
    return { dir, record };
  }

  async create(key: string, options?: PutObjectOptions): Promise<{ uploadId: string }> {
    const segments = keySegments(key);
    if (isFolderKey(key)) throw new StorageError('InvalidKey', 'A folder marker cannot be uploaded in parts');
    await this.tree.inspect(segments);
    const uploadId = randomBytes(16).toString('hex');
    const record: UploadRecord = {
      key,
      contentType: options?.contentType ?? DEFAULT_CONTENT_TYPE,
      contentDisposition: options?.contentDisposition,
      metadata: normalizedMetadata(options),
      initiated: new Date().toISOString(),
    };
    await writeJson(path.join(this.uploadDir(uploadId), 'upload.json'), record);
    return { uploadId };
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody): Promise<{ etag: string }> {
    keySegments(key);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
      throw new StorageError('InvalidArgument', `Part numbers run from 1 to ${MAX_PART_NUMBER}`);
    }
    const { dir } = await this.readUpload(key, uploadId);
    const { temp, etag, size } = await this.writes.spool(body);
    try {
      await rename(temp, path.join(dir, `part-${partNumber}`));
      await writeJson(path.join(dir, `part-${partNumber}.json`), { etag, size });
    } catch (error) {
      await rm(temp, { force: true });
      throw errnoOf(error) === 'ENOENT' ? new StorageError('NoSuchUpload', `No such upload for ${key}`) : fsError(error, key);
    }
    return { etag };
  }

  async complete(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }> {
    const segments = keySegments(key);
    const { dir, record } = await this.readUpload(key, uploadId);
    const ordered = orderParts(parts);
    for (const part of ordered) {
      const stored = await readJson<{ etag: string }>(path.join(dir, `part-${part.partNumber}.json`));
      if (!stored || stored.etag.toLowerCase() !== stripEtagQuotes(part.etag).toLowerCase()) {
        throw new StorageError('InvalidPart', `Part ${part.partNumber} was not uploaded or its ETag does not match`);
      }
    }
    const temp = await this.tree.tempPath();
    const counter = new HashingCounter();
    const output = createWriteStream(temp, { flags: 'wx' });
    try {
      await pipeline(
        (async function* () {
          for (const part of ordered) yield* createReadStream(path.join(dir, `part-${part.partNumber}`));
        })(),
        counter,
        output,
      );
    } catch (error) {
      await rm(temp, { force: true });
      throw fsError(error, key);
    }
    const etag = counter.hash.digest('hex');
    await this.writes.commit(key, segments, temp, etag, {
      contentType: record.contentType,
      contentDisposition: record.contentDisposition,
      metadata: record.metadata,
    });
    await rm(dir, { recursive: true, force: true });
    return { etag };
  }

  async abort(key: string, uploadId: string): Promise<void> {
    keySegments(key);
    const { dir } = await this.readUpload(key, uploadId);
    await rm(dir, { recursive: true, force: true });
  }
}
