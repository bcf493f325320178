import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { isFolderKey } from '../local-keys';
import { orderParts, StorageError, stripEtagQuotes, type MultipartPart, type ObjectBody, type PutObjectOptions } from '../storage-driver';
import { partialPath, type SftpLayout } from './sftp-layout';
import { newObjectMeta, writeObjectMeta } from './sftp-object-meta';
import { writeAtomically, writeBody } from './sftp-object-writes';
import type { SftpOps } from './sftp-ops';
import type { SftpPool } from './sftp-pool';
import { sftpReadStream } from './sftp-read-stream';

/** Runs `work` on a pooled session; failures become StorageErrors naming `what` (the driver's `run`). */
export type SftpRun = <T>(what: string, work: (ops: SftpOps) => Promise<T>) => Promise<T>;

/**
 * Multipart uploads of the SFTP driver: parts are staged in `<base>/.cloudclip/uploads/<id>/`
 * (`<n>.part` plus its `<n>.etag`, the upload's key and options in `upload.json`) and concatenated
 * on complete, server-side by `copy-data` when offered, else streamed through here.
 */
export class SftpMultipartUploads {
  constructor(
    private readonly layout: SftpLayout,
    private readonly pool: SftpPool,
    private readonly run: SftpRun,
  ) {}

  async create(key: string, options?: PutObjectOptions): Promise<{ uploadId: string }> {
    await this.layout.pathOf(key);
    if (isFolderKey(key)) throw new StorageError('InvalidKey', 'A folder marker cannot be uploaded in parts');
    const uploadId = randomBytes(16).toString('hex');
    const dir = await this.layout.uploadDir(uploadId);
    await this.run(key, async (ops) => {
      await ops.mkdirp(await this.layout.rootPath(), dir);
      await ops.writeSmallFile(`${dir}/upload.json`, Buffer.from(JSON.stringify({ key, options: options ?? {} }), 'utf8'));
    });
    return { uploadId };
  }

  private async readUpload(ops: SftpOps, key: string, uploadId: string): Promise<{ dir: string; options: PutObjectOptions }> {
    const dir = await this.layout.uploadDir(uploadId);
    const data = await ops.readSmallFile(`${dir}/upload.json`);
    const parsed = data ? (JSON.parse(data.toString('utf8')) as { key: string; options: PutObjectOptions }) : null;
    if (!parsed || parsed.key !== key) throw new StorageError('NoSuchUpload', `No such upload: ${uploadId}`);
    return { dir, options: parsed.options };
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody): Promise<{ etag: string }> {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
      throw new StorageError('InvalidArgument', `Invalid part number ${partNumber}`);
    return this.run(key, async (ops) => {
      const { dir } = await this.readUpload(ops, key, uploadId);
      const temp = partialPath(`${dir}/${partNumber}`);
      try {
        const { etag } = await writeBody(ops, temp, body);
        await ops.rename(temp, `${dir}/${partNumber}.part`);
        await ops.writeSmallFile(`${dir}/${partNumber}.etag`, Buffer.from(etag, 'utf8'));
        return { etag };
      } catch (error) {
        await ops.unlink(temp).catch(() => undefined);
        throw error;
      }
    });
  }

  async complete(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }> {
    const ordered = orderParts(parts);
    const path = await this.layout.pathOf(key);
    return this.run(key, async (ops) => {
      const { dir, options } = await this.readUpload(ops, key, uploadId);
      const md5s: Buffer[] = [];
      for (const part of ordered) {
        const stored = (await ops.readSmallFile(`${dir}/${part.partNumber}.etag`))?.toString('utf8');
        if (!stored || stored.toLowerCase() !== stripEtagQuotes(part.etag).toLowerCase()) {
          throw new StorageError('InvalidPart', `Part ${part.partNumber} is missing or its ETag does not match`);
        }
        md5s.push(Buffer.from(stored, 'hex'));
      }
      // S3's ETag of a multipart object: MD5 of the parts' MD5s, dash, part count (the bytes are concatenated on the server when it can).
      const etag = `${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${ordered.length}`;
      const { stats } = await writeAtomically(ops, this.layout, path, async (temp) => {
        const target = await ops.open(temp, 'w');
        let offset = 0;
        let serverSide = true;
        try {
          for (const part of ordered) {
            const partPath = `${dir}/${part.partNumber}.part`;
            const size = (await ops.stat(partPath))?.size ?? 0;
            const source = await ops.open(partPath, 'r');
            try {
              serverSide = serverSide && (await ops.copyData(source, target, offset));
            } finally {
              await ops.close(source).catch(() => undefined);
            }
            if (!serverSide) break;
            offset += size;
          }
        } finally {
          await ops.close(target).catch(() => undefined);
        }
        if (!serverSide) {
          const streams = ordered.map((part) => `${dir}/${part.partNumber}.part`);
          const sizes = await Promise.all(streams.map(async (partPath) => (await ops.stat(partPath))?.size ?? 0));
          const readPart = (index: number): Readable => sftpReadStream(this.pool, streams[index] as string, 0, sizes[index] ?? 0);
          await writeBody(
            ops,
            temp,
            Readable.from(
              (async function* () {
                for (let index = 0; index < streams.length; index += 1) yield* readPart(index);
              })(),
            ),
          );
        }
        return { etag };
      });
      await writeObjectMeta(ops, this.layout, newObjectMeta(key, etag, stats, options));
      await this.removeUpload(ops, dir);
      return { etag };
    });
  }

  private async removeUpload(ops: SftpOps, dir: string): Promise<void> {
    for (const entry of (await ops.readdir(dir)) ?? []) await ops.unlink(`${dir}/${entry.name}`);
    await ops.rmdir(dir);
  }

  async abort(key: string, uploadId: string): Promise<void> {
    await this.run(key, async (ops) => {
      const { dir } = await this.readUpload(ops, key, uploadId);
      await this.removeUpload(ops, dir);
    });
  }
}
