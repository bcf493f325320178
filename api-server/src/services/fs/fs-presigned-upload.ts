import { randomUUID } from 'node:crypto';
import type { FsPresignCommitResponse, FsPresignResponse } from '@cloudclip/contract';
import { HttpError } from '../../http/http-error';
import { assertUploadMatches, declaredSize } from '../stored-upload-check';
import { storageCall, type FsAccess, type FsCaller } from './fs-access';
import { mimeTypeOf } from './fs-mime';
import { baseName, childPath, parseFileName, parseFsPath, withDirectoryFlag } from './fs-path';

export interface PresignInput {
  path: unknown;
  fileName: unknown;
}

export interface PresignCommitInput {
  fileId: string;
  s3Path: string;
  s3ConfigId: string;
  targetPath: string;
  /** The ETag the storage answered the PUT with, when the client saw one. */
  etag?: string | null | undefined;
  /** The size of the file the client put (a number; see declaredSize). */
  fileSize?: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The presigned upload of the file-system browser (contract §5.9): the browser puts the file to a
 * presigned URL, then the commit records it as a file row.
 */
export class FsPresignedUploads {
  constructor(private readonly access: FsAccess) {}

  async presign(caller: FsCaller, input: PresignInput, urlBase: string): Promise<FsPresignResponse> {
    const dir = withDirectoryFlag(parseFsPath(input.path), true);
    const name = parseFileName(input.fileName, 'fileName');
    const targetPath = childPath(dir, name);
    const target = await this.access.resolve(caller, targetPath);
    const contentType = mimeTypeOf(name);
    const lifetime = Number(target.config.signature_expires_in) || 3600;
    const presignedUrl = await storageCall(() => target.driver.presignPutUrl(target.key, { contentType, expiresIn: lifetime, urlBase }));
    return {
      presignedUrl,
      fileId: randomUUID(),
      s3Path: target.key,
      s3Url: target.driver.objectUrl(target.key, urlBase),
      mountId: target.mount.id,
      s3ConfigId: target.config.id,
      targetPath: targetPath.path,
      contentType,
    };
  }

  /**
   * POST …/fs/presign/commit: records the uploaded object as a file row. Everything is derived from
   * `targetPath` (basic_path checked); `s3Path` / `s3ConfigId` must agree with it (400), and the
   * object must exist (404) with the `fileSize` and `etag` the client sends (400: a PUT cut short,
   * or another upload's object). A storage that cannot be reached answers 503, and no row is written.
   * A refused object is left where it is: the key is the user's own path, which another upload
   * may have written, so only the row is refused.
   */
  async commitPresigned(caller: FsCaller, input: PresignCommitInput, urlBase: string): Promise<FsPresignCommitResponse> {
    const targetPath = parseFsPath(input.targetPath, 'targetPath');
    if (targetPath.isDirectory) throw new HttpError(400, 'fs.pathMustBeFile');
    const target = await this.access.resolve(caller, targetPath);
    if (target.key === '') throw new HttpError(400, 'fs.pathMustBeFile');
    if (!(await this.access.deps.configs.findById(input.s3ConfigId))) throw new HttpError(404, 's3Config.notFound');
    if (input.s3ConfigId !== target.config.id || input.s3Path.replace(/^\/+/, '') !== target.key)
      throw new HttpError(400, 'fs.targetMismatch');
    if (!UUID.test(input.fileId)) throw new HttpError(400, 'validation.invalidField', { params: { field: 'fileId' } });
    if (await this.access.deps.files.findById(input.fileId)) throw new HttpError(409, 'fs.idTaken');
    const info = await storageCall(() => target.driver.headObject(target.key));
    if (!info) throw new HttpError(404, 'fs.notFound');
    assertUploadMatches(info, { size: declaredSize(input.fileSize), etag: input.etag });
    const { id } = await this.access.insertFileRow({
      target,
      size: info.size,
      etag: info.etag,
      createdBy: caller.shareCreator,
      urlBase,
      preferredId: input.fileId.toLowerCase(),
    });
    await this.access.ensureParentMarkers(target);
    this.access.invalidate(target.mount);
    await this.access.entryStored(target, { size: info.size });
    const name = baseName(targetPath);
    return { fileId: id, path: targetPath.path, name, size: info.size, type: mimeTypeOf(name) };
  }
}
