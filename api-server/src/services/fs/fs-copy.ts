import { HttpError } from '../../http/http-error';
import { listAllObjects } from '../../storage/storage-driver';
import { storageCall, type FsAccess, type FsCaller, type FsTarget } from './fs-access';
import { mimeTypeOf } from './fs-mime';
import { baseName, displayPath, parseFsPath, withDirectoryFlag } from './fs-path';
import type {
  FsBatchCopyCommitResult,
  FsBatchCopyResult,
  FsCopyDetail,
  FsCopyFailure,
  FsCopyStatus,
  FsCrossStorageFile,
  FsCrossStorageFolder,
  FsCrossStorageResult,
  FsPath,
} from '@cloudclip/contract';
import type { Describe } from './fs-writes';

/** Lifetime of the URL pairs handed out for a client-side (cross-storage) copy. */
export const CROSS_COPY_URL_SECONDS = 3600;

export interface CopyItemInput {
  sourcePath: unknown;
  targetPath: unknown;
}

export interface CopyOptions {
  skipExisting: boolean;
  /**
   * Cloudclip extension (default false = the contract): copy between different mounts on the
   * server, streaming from one storage to the other, instead of handing out URL pairs.
   */
  serverSideCrossCopy: boolean;
}

export interface CopyCommitFile {
  targetPath?: unknown;
  s3Path?: unknown;
}

/** Messages the copy results carry (translated by the route). */
export interface CopyMessages {
  crossItem: string;
}

interface ParsedItem {
  source: FsPath;
  target: FsPath;
}

/**
 * POST …/fs/batch-copy and …/fs/batch-copy-commit (contract §5.9). Inside one mount the server
 * copies (folders recursively, `skipExisting` per object, parent markers created); across mounts
 * it hands out presigned download/upload URL pairs for the client, unless the caller asks for the
 * Cloudclip server-side copy.
 */
export class FsCopyService {
  constructor(private readonly access: FsAccess) {}

  async batchCopy(
    caller: FsCaller,
    rawItems: readonly CopyItemInput[],
    options: CopyOptions,
    urlBase: string,
    describe: Describe,
    messages: CopyMessages,
  ): Promise<FsBatchCopyResult> {
    // Every path is checked before anything is copied: 400 malformed, 403 outside the basic path.
    const items: ParsedItem[] = rawItems.map((item) => {
      const source = parseFsPath(item.sourcePath, 'sourcePath');
      let target = parseFsPath(item.targetPath, 'targetPath');
      if (source.isDirectory) target = withDirectoryFlag(target, true);
      for (const path of [source, target]) {
        if (path.segments.length === 0) throw new HttpError(403, 'fs.rootNotAllowed');
        this.access.assertWithin(caller, path.path);
      }
      return { source, target };
    });
    const mounts = await this.access.mountsOf(caller);
    let success = 0;
    let skipped = 0;
    const failed: FsCopyFailure[] = [];
    const details: FsCopyDetail[] = [];
    const cross: FsCrossStorageResult[] = [];

    for (const { source, target } of items) {
      const shownSource = displayPath(source);
      const shownTarget = displayPath(target);
      try {
        if (!source.isDirectory && target.isDirectory) throw new HttpError(400, 'fs.fileToFolderTarget');
        const from = await this.access.resolve(caller, source, mounts);
        const to = await this.access.resolve(caller, target, mounts);
        if (to.key === '') throw new HttpError(403, 'fs.mountRootProtected');
        let status: FsCopyStatus;
        if (from.mount.id === to.mount.id || options.serverSideCrossCopy) {
          status = source.isDirectory
            ? await this.copyFolder(from, to, options.skipExisting)
            : await this.copyFile(from, to, options.skipExisting);
          if (status === 'success') success += 1;
          else skipped += 1;
          this.access.invalidate(to.mount);
        } else {
          const result = source.isDirectory
            ? await this.crossFolder(from, to, urlBase, messages)
            : await this.crossFile(from, to, options.skipExisting, urlBase, messages);
          if (result) {
            cross.push(result);
            status = 'cross_storage';
          } else {
            skipped += 1;
            status = 'skipped';
          }
        }
        details.push({ source: shownSource, target: shownTarget, status });
      } catch (error) {
        const message = describe(error);
        failed.push({ sourcePath: shownSource, targetPath: shownTarget, error: message });
        details.push({ source: shownSource, target: shownTarget, status: 'failed', error: message });
      }
    }

    if (cross.length > 0) {
      return {
        crossStorage: true,
        requiresClientSideCopy: true,
        standardCopyResults: { success, skipped, failed: failed.length },
        crossStorageResults: cross,
        failed,
        details,
      };
    }
    return { success, skipped, failed, details, crossStorageResults: [] };
  }

  /** Streams an object between two drivers when they differ; a server-side copy inside one. */
  private async copyObject(from: FsTarget, sourceKey: string, to: FsTarget, targetKey: string, size: number): Promise<void> {
    if (from.config.id === to.config.id) {
      await storageCall(() => to.driver.copyObject(sourceKey, targetKey));
    } else {
      const object = await storageCall(() => from.driver.getObject(sourceKey));
      await storageCall(() =>
        to.driver.putObject(targetKey, object.body, {
          contentType: object.contentType,
          contentLength: object.contentLength,
          metadata: object.metadata,
        }),
      ).finally(() => object.body.destroy());
    }
    await this.access.entryStored(to, { key: targetKey, isDirectory: targetKey.endsWith('/'), size });
  }

  private async copyFile(from: FsTarget, to: FsTarget, skipExisting: boolean): Promise<FsCopyStatus> {
    const source = from.key === '' ? null : await storageCall(() => from.driver.headObject(from.key));
    if (!source) throw new HttpError(404, 'fs.notFound');
    const sameObject = from.config.id === to.config.id && from.key === to.key;
    if (sameObject || (skipExisting && (await this.access.fileExists(to)))) return 'skipped';
    await this.copyObject(from, from.key, to, to.key, source.size);
    await this.access.ensureParentMarkers(to);
    return 'success';
  }

  private async copyFolder(from: FsTarget, to: FsTarget, skipExisting: boolean): Promise<FsCopyStatus> {
    const sameStorage = from.config.id === to.config.id;
    if (sameStorage && (from.key === '' || to.key === from.key || to.key.startsWith(`${from.key}/`)))
      throw new HttpError(400, 'fs.intoItself');
    const sourcePrefix = from.key === '' ? '' : `${from.key}/`;
    const targetPrefix = `${to.key}/`;
    const objects: Array<{ key: string; size: number }> = [];
    await storageCall(async () => {
      for await (const object of listAllObjects(from.driver, sourcePrefix)) objects.push({ key: object.key, size: object.size });
    });
    if (objects.length === 0) throw new HttpError(404, 'fs.notFound');
    let copied = 0;
    for (const { key, size } of objects) {
      const targetKey = targetPrefix + key.slice(sourcePrefix.length);
      if (skipExisting && (await storageCall(() => to.driver.headObject(targetKey)))) continue;
      await this.copyObject(from, key, to, targetKey, size);
      copied += 1;
    }
    await this.access.ensureParentMarkers(to, targetPrefix);
    return copied === 0 ? 'skipped' : 'success';
  }

  private async crossFile(
    from: FsTarget,
    to: FsTarget,
    skipExisting: boolean,
    urlBase: string,
    messages: CopyMessages,
  ): Promise<FsCrossStorageFile | null> {
    if (!(await this.access.fileExists(from))) throw new HttpError(404, 'fs.notFound');
    if (skipExisting && (await this.access.fileExists(to))) return null;
    const fileName = baseName(from.path);
    const targetFileName = baseName(to.path);
    const contentType = mimeTypeOf(targetFileName);
    return {
      crossStorage: true,
      isDirectory: false,
      sourcePath: from.path.path,
      targetPath: to.path.path,
      sourceMount: from.mount.id,
      targetMount: to.mount.id,
      sourceS3Path: from.key,
      targetS3Path: to.key,
      fileName,
      targetFileName,
      contentType,
      ...(await this.urlPair(from, from.key, to, to.key, contentType, fileName, urlBase)),
      message: messages.crossItem,
    };
  }

  /** The folder's direct files only (as the reference): one URL pair each. */
  private async crossFolder(from: FsTarget, to: FsTarget, urlBase: string, messages: CopyMessages): Promise<FsCrossStorageFolder> {
    const sourcePrefix = from.key === '' ? '' : `${from.key}/`;
    const targetPrefix = `${to.key}/`;
    const page = await storageCall(() => from.driver.listObjects({ prefix: sourcePrefix, delimiter: '/' }));
    const objects = page.objects.filter((object) => object.key !== sourcePrefix && !object.key.endsWith('/'));
    if (objects.length === 0 && page.commonPrefixes.length === 0 && !(await this.access.folderExists(from)))
      throw new HttpError(404, 'fs.notFound');
    const items: FsCrossStorageFolder['items'] = [];
    for (const object of objects) {
      const fileName = object.key.slice(sourcePrefix.length);
      const targetKey = targetPrefix + fileName;
      const contentType = mimeTypeOf(fileName);
      const urls = await this.urlPair(from, object.key, to, targetKey, contentType, fileName, urlBase);
      items.push({ sourceKey: object.key, targetKey, fileName, relativeDir: '', contentType, size: object.size, ...urls });
    }
    return {
      crossStorage: true,
      isDirectory: true,
      sourcePath: displayPath(from.path),
      targetPath: displayPath(to.path),
      sourceMount: from.mount.id,
      targetMount: to.mount.id,
      items,
      message: messages.crossItem,
    };
  }

  private async urlPair(
    from: FsTarget,
    sourceKey: string,
    to: FsTarget,
    targetKey: string,
    contentType: string,
    fileName: string,
    urlBase: string,
  ) {
    const [downloadUrl, uploadUrl] = await Promise.all([
      storageCall(() =>
        from.driver.presignGetUrl(sourceKey, { expiresIn: CROSS_COPY_URL_SECONDS, disposition: 'attachment', filename: fileName, urlBase }),
      ),
      storageCall(() => to.driver.presignPutUrl(targetKey, { contentType, expiresIn: CROSS_COPY_URL_SECONDS, urlBase })),
    ]);
    return { downloadUrl, uploadUrl };
  }

  /**
   * POST …/fs/batch-copy-commit: the mount must be one of the caller's (404); each file is checked
   * (its key within the basic path, the object present) and reported; no rows are created.
   */
  async commit(
    caller: FsCaller,
    targetMountId: string,
    files: readonly CopyCommitFile[],
    describe: Describe,
  ): Promise<FsBatchCopyCommitResult> {
    const mount = (await this.access.mountsOf(caller)).find((candidate) => candidate.id === targetMountId);
    if (!mount) throw new HttpError(404, 'mount.notFound');
    const anchor = await this.access.targetIn(mount, {
      path: mount.mount_path,
      isDirectory: true,
      segments: mount.mount_path.split('/').filter(Boolean),
    });
    const success: FsBatchCopyCommitResult['success'] = [];
    const failed: FsBatchCopyCommitResult['failed'] = [];
    for (const file of files) {
      const shown = typeof file.targetPath === 'string' ? file.targetPath : String(file.s3Path ?? '');
      try {
        const target = await this.access.targetForKey(
          caller,
          mount,
          typeof file.s3Path === 'string' ? file.s3Path.replace(/^\/+/, '') : file.s3Path,
          's3Path',
        );
        const stored = await storageCall(() => target.driver.headObject(target.key));
        if (!stored) throw new HttpError(404, 'fs.notFound');
        await this.access.ensureParentMarkers(target);
        await this.access.entryStored(target, { size: stored.size });
        success.push({ targetPath: shown, fileName: baseName(target.path) });
      } catch (error) {
        failed.push({ targetPath: shown, error: describe(error) });
      }
    }
    this.access.invalidate(anchor.mount);
    return { success, failed };
  }
}
