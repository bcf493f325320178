import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../http/http-error';
import { formatBytes as formatSize } from '../../lib/format-size';
import { declaredSize, verifyStoredUpload } from '../stored-upload-check';
import { parentKey, RECOMMENDED_PART_SIZE, storageCall, type FsAccess, type FsCaller, type FsTarget } from './fs-access';
import { mimeTypeOf } from './fs-mime';
import { baseName, childPath, displayPath, parseFileName, parseFsPath, withDirectoryFlag } from './fs-path';
import type {
  FsMultipartCompleteResponse,
  FsMultipartInitResponse,
  FsMultipartPart,
  FsMultipartPartResponse,
  FsPath,
  FsUploadDirectResponse,
  FsUploadMultipartResponse,
} from '@cloudclip/contract';

/** Largest file a form upload (`POST …/fs/upload`) accepts; the container deployment caps bodies at 1 GB too. */
export const FORM_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
/** Largest multipart part (S3's own limit). */
export const PART_MAX_BYTES = 5 * 1024 * 1024 * 1024;
/** A part sent without Content-Length is read into memory up to this size. */
export const UNSIZED_PART_MAX_BYTES = 64 * 1024 * 1024;
const MAX_PART_NUMBER = 10000;

/** One part of a multipart/form-data body, independent of the parser. */
export type FormPart =
  | { kind: 'field'; name: string; value: unknown }
  | { kind: 'file'; name: string; filename: string; stream: Readable & { truncated?: boolean } };

/**
 * What the upload route answers without the translated `message` it adds. The direct answer's `path`
 * and `name` are the target directory and its last segment (reference quirk); `filePath` and
 * `fileName` (Cloudclip's) are the stored file's own.
 */
export type DirectUploadResult = Omit<FsUploadDirectResponse, 'message'>;
export type MultipartStartResult = Omit<FsUploadMultipartResponse, 'message'>;

export interface MultipartInitInput {
  path: unknown;
  filename?: unknown;
}

export interface MultipartKeyInput {
  path: unknown;
  uploadId: string;
  key: unknown;
}

/** Counts the bytes flowing through. */
class ByteCounter extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

async function readLimited(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > limit) {
      stream.resume();
      throw new HttpError(413, 'fs.partTooLarge', { params: { max: formatSize(limit) } });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}

function fileTooLarge(): HttpError {
  return new HttpError(413, 'fs.fileTooLarge', { params: { max: formatSize(FORM_UPLOAD_MAX_BYTES) } });
}

/**
 * Uploads through the api-server (contract §5.9): the multipart/form-data upload (`fs/upload`,
 * streamed to the storage, or spooled to disk first when the form sends the file before the
 * target path) and the backend-relayed multipart upload (`fs/multipart/*`, parts streamed to the
 * bucket). Completed uploads insert a file row (an unguessable `M-…` slug, `newFsSlug` in
 * fs-access.ts) and refresh the parent folder markers; nothing is recorded for an aborted or
 * failed upload.
 */
export class FsUploadService {
  constructor(private readonly access: FsAccess) {}

  // ------------------------------------------------------------------ form upload

  async uploadForm(caller: FsCaller, parts: AsyncIterable<FormPart>, urlBase: string): Promise<DirectUploadResult | MultipartStartResult> {
    let rawPath: unknown;
    let useMultipart: string | undefined;
    let spool: { file: string; filename: string; size: number } | undefined;
    let direct: DirectUploadResult | undefined;
    let sawFile = false;
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          if (part.name === 'path') rawPath = part.value;
          else if (part.name === 'use_multipart') useMultipart = String(part.value);
          continue;
        }
        if (part.name !== 'file' || sawFile) {
          part.stream.resume();
          continue;
        }
        sawFile = true;
        if (rawPath !== undefined && useMultipart !== undefined && useMultipart !== 'true') {
          // Path and mode came first: straight to the storage.
          try {
            direct = await this.storeDirect(caller, rawPath, part.filename, part.stream, undefined, urlBase);
          } catch (error) {
            part.stream.resume();
            throw error;
          }
        } else {
          spool = await this.spool(part.filename, part.stream);
        }
      }
      if (direct) return direct;
      if (rawPath === undefined || rawPath === '') throw new HttpError(400, 'validation.missingFields', { params: { fields: 'path' } });
      if (!spool) throw new HttpError(400, 'validation.missingFields', { params: { fields: 'file' } });
      if (useMultipart === 'true') return await this.startMultipart(caller, rawPath, spool.filename);
      const { file, filename, size } = spool;
      // The spool file is removed in `finally`; a stream that storeDirect refused before reading
      // would otherwise open it afterwards and crash with an unhandled ENOENT.
      const source = createReadStream(file);
      source.on('error', () => undefined);
      try {
        return await this.storeDirect(caller, rawPath, filename, source, size, urlBase);
      } finally {
        source.destroy();
      }
    } finally {
      if (spool) await rm(spool.file, { force: true });
    }
  }

  private async spool(
    filename: string,
    stream: Readable & { truncated?: boolean },
  ): Promise<{ file: string; filename: string; size: number }> {
    const dir = path.join(this.access.deps.dataDir, 'tmp', 'fs-upload');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(stream, createWriteStream(file, { flags: 'wx' }));
      if (stream.truncated) throw fileTooLarge();
      return { file, filename, size: (await stat(file)).size };
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  /** The directory `rawPath` and the new file in it; 409 when the directory does not exist. */
  private async prepare(
    caller: FsCaller,
    rawPath: unknown,
    rawName: unknown,
    nameField: string,
  ): Promise<{ dir: FsPath; target: FsTarget }> {
    const dir = withDirectoryFlag(parseFsPath(rawPath), true);
    const name = parseFileName(rawName, nameField);
    const target = await this.access.resolve(caller, childPath(dir, name));
    if (!(await this.access.folderExists(target, parentKey(target.key)))) throw new HttpError(409, 'fs.parentMissing');
    return { dir, target };
  }

  private async storeDirect(
    caller: FsCaller,
    rawPath: unknown,
    filename: string,
    body: Readable & { truncated?: boolean },
    size: number | undefined,
    urlBase: string,
  ): Promise<DirectUploadResult> {
    const { dir, target } = await this.prepare(caller, rawPath, filename, 'file');
    const name = baseName(target.path);
    const mimetype = mimeTypeOf(name);
    const counter = new ByteCounter();
    // pipe() does not forward errors: a dropped client must fail the storage write, not leave it waiting.
    body.once('error', (error) => counter.destroy(error));
    const { etag } = await storageCall(() =>
      target.driver.putObject(target.key, body.pipe(counter), { contentType: mimetype, contentLength: size }),
    ).finally(() => {
      body.unpipe(counter);
    });
    if (body.truncated) {
      await target.driver.deleteObject(target.key).catch(() => undefined);
      throw fileTooLarge();
    }
    const bytes = size ?? counter.bytes;
    const row = await this.access.insertFileRow({ target, size: bytes, etag, createdBy: caller.fsCreator, urlBase });
    await this.access.ensureParentMarkers(target);
    this.access.invalidate(target.mount);
    await this.access.entryStored(target, { size: bytes });
    return {
      useMultipart: false,
      success: true,
      path: displayPath(dir),
      name: baseName(dir),
      size: bytes,
      mimetype,
      etag,
      fileId: row.id,
      slug: row.slug,
      filePath: target.path.path,
      fileName: name,
    };
  }

  private async startMultipart(caller: FsCaller, rawPath: unknown, filename: unknown): Promise<MultipartStartResult> {
    const { target } = await this.prepare(caller, rawPath, filename, 'file');
    const { uploadId } = await storageCall(() =>
      target.driver.createMultipartUpload(target.key, { contentType: mimeTypeOf(baseName(target.path)) }),
    );
    return {
      useMultipart: true,
      uploadId,
      path: target.path.path,
      recommendedPartSize: RECOMMENDED_PART_SIZE,
      bucket: target.config.bucket_name,
      key: target.key,
      mount_id: target.mount.id,
      storage_type: target.mount.storage_type,
    };
  }

  // ------------------------------------------------------------------ backend-relayed multipart (shape M)

  /** `path` = target directory; `filename` = object name (absent: the directory's last segment, as the reference). */
  async initMultipart(caller: FsCaller, input: MultipartInitInput): Promise<FsMultipartInitResponse> {
    const dir = withDirectoryFlag(parseFsPath(input.path), true);
    const filename = input.filename === undefined || input.filename === null || input.filename === '' ? baseName(dir) : input.filename;
    const result = await this.startMultipart(caller, input.path, filename);
    return {
      uploadId: result.uploadId,
      bucket: result.bucket,
      key: result.key,
      mount_id: result.mount_id,
      path: result.path,
      storage_type: result.storage_type,
      recommendedPartSize: RECOMMENDED_PART_SIZE,
    };
  }

  /** The mount of `path` (basic_path checked) and the client's `key` in it (basic_path checked too). */
  private async keyTarget(caller: FsCaller, input: MultipartKeyInput): Promise<FsTarget> {
    const parsed = parseFsPath(input.path);
    const anchor = await this.access.resolve(caller, parsed);
    return this.access.targetForKey(caller, anchor.mount, input.key, 'key');
  }

  async uploadPart(
    caller: FsCaller,
    input: MultipartKeyInput & { partNumber: number },
    body: Readable,
    contentLength: number | undefined,
  ): Promise<FsMultipartPartResponse> {
    if (!Number.isInteger(input.partNumber) || input.partNumber < 1 || input.partNumber > MAX_PART_NUMBER) {
      throw new HttpError(400, 'validation.invalidField', { params: { field: 'partNumber' } });
    }
    if (contentLength === 0) throw new HttpError(400, 'fs.partEmpty');
    if (contentLength !== undefined && contentLength > PART_MAX_BYTES)
      throw new HttpError(413, 'fs.partTooLarge', { params: { max: formatSize(PART_MAX_BYTES) } });
    const target = await this.keyTarget(caller, input);
    let payload: Readable | Buffer = body;
    if (contentLength === undefined) {
      payload = await readLimited(body, UNSIZED_PART_MAX_BYTES);
      if (payload.length === 0) throw new HttpError(400, 'fs.partEmpty');
    }
    const { etag } = await storageCall(() =>
      target.driver.uploadPart(target.key, input.uploadId, input.partNumber, payload, contentLength),
    );
    return { partNumber: input.partNumber, etag: `"${etag}"` };
  }

  /**
   * Completes at the storage, then records the object the storage holds (HEAD): it must be there,
   * with the `fileSize` the client declares (400 otherwise: a part left out; the object stays, as
   * an object written by the user, but gets no row). A storage that cannot be reached answers 503.
   */
  async completeMultipart(
    caller: FsCaller,
    input: MultipartKeyInput & { parts: FsMultipartPart[]; fileSize?: unknown },
    urlBase: string,
  ): Promise<FsMultipartCompleteResponse> {
    const target = await this.keyTarget(caller, input);
    await storageCall(() => target.driver.completeMultipartUpload(target.key, input.uploadId, input.parts));
    const info = await verifyStoredUpload(target.driver, target.key, { size: declaredSize(input.fileSize) });
    const row = await this.access.insertFileRow({
      target,
      size: info.size,
      etag: info.etag,
      createdBy: caller.fsCreator,
      urlBase,
    });
    await this.access.ensureParentMarkers(target);
    this.access.invalidate(target.mount);
    await this.access.entryStored(target, { size: info.size });
    const url = target.driver.objectUrl(target.key, urlBase);
    return { success: true, path: target.path.path, etag: info.etag, location: url, fileId: row.id, s3Url: url };
  }

  async abortMultipart(caller: FsCaller, input: MultipartKeyInput): Promise<void> {
    const target = await this.keyTarget(caller, input);
    await storageCall(() => target.driver.abortMultipartUpload(target.key, input.uploadId));
  }
}
