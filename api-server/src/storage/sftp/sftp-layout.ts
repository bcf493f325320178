import { createHash, randomBytes } from 'node:crypto';
import { isFolderKey, keySegments } from '../local-keys';
import { StorageError } from '../storage-driver';
import { sftpError } from './sftp-errors';
import type { SftpPool } from './sftp-pool';

/**
 * Where the SFTP driver keeps things under its base folder: objects at `<base>/<key>`, metadata
 * sidecars in `<base>/.cloudclip/meta/`, multipart staging in `<base>/.cloudclip/uploads/<id>/`,
 * and writes in progress as `<name>.partial-<rand>` next to their target.
 */

/** The driver's own folder under the base folder: metadata and multipart staging. Never listed. */
export const INTERNAL_FOLDER = '.cloudclip';
const PARTIAL = /\.partial-[0-9a-f]{16}$/;
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** A fresh temporary name next to `path` (`<path>.partial-<rand>`); listings hide it. */
export function partialPath(path: string): string {
  return `${path}.partial-${randomBytes(8).toString('hex')}`;
}

/** The driver's own entries, hidden from listings: the internal folder and writes in progress. */
export function isInternalEntry(folderKey: string, name: string): boolean {
  return (folderKey === '' && name === INTERNAL_FOLDER) || PARTIAL.test(name);
}

export class SftpLayout {
  private root: Promise<string> | undefined;

  constructor(
    private readonly pool: SftpPool,
    /** The base folder (`bucket_name`): absolute, or relative to the user's login folder; empty = the login folder. */
    private readonly baseFolder: string,
  ) {}

  rootPath(): Promise<string> {
    this.root ??= this.pool
      .use(async (ops) => {
        const base = this.baseFolder.trim().replace(/\/+$/, '');
        const home = base.startsWith('/') ? '' : await ops.call<string>('realpath .', (cb) => ops.sftp.realpath('.', cb));
        const root = base.startsWith('/') ? base : base === '' ? home : `${home.replace(/\/+$/, '')}/${base}`;
        await ops.mkdirp('', root || '/');
        return root;
      })
      .catch((error: unknown) => {
        this.root = undefined;
        throw sftpError(error, 'base folder');
      });
    return this.root;
  }

  async pathOf(key: string): Promise<string> {
    const segments = keySegments(key);
    if (segments[0] === INTERNAL_FOLDER) throw new StorageError('InvalidKey', `Keys under ${INTERNAL_FOLDER}/ are reserved`);
    // A folder marker's path keeps its trailing `/` (callers strip it for the folder itself).
    return `${await this.rootPath()}/${segments.join('/')}${isFolderKey(key) ? '/' : ''}`;
  }

  async metaPath(key: string): Promise<string> {
    const hash = createHash('sha256').update(key).digest('hex');
    return `${await this.rootPath()}/${INTERNAL_FOLDER}/meta/${hash.slice(0, 2)}/${hash}.json`;
  }

  async uploadDir(uploadId: string): Promise<string> {
    if (!UPLOAD_ID.test(uploadId)) throw new StorageError('NoSuchUpload', `No such upload: ${uploadId}`);
    return `${await this.rootPath()}/${INTERNAL_FOLDER}/uploads/${uploadId}`;
  }
}
