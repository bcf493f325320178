import { Readable } from 'node:stream';
import { StorageError } from '../storage-driver';
import { sftpError } from './sftp-errors';
import type { SftpOps } from './sftp-ops';
import type { SftpPool } from './sftp-pool';

const READ_CHUNK = 128 * 1024;

/** `length` bytes from `start`: each read is one timed SFTP request on a pooled session held until the stream ends. */
export function sftpReadStream(pool: SftpPool, path: string, start: number, length: number): Readable {
  let position = start;
  const end = start + length;
  let release: (() => void) | undefined;
  let opsPromise: Promise<{ ops: SftpOps; handle: Buffer }> | undefined;
  const open = (): Promise<{ ops: SftpOps; handle: Buffer }> =>
    (opsPromise ??= new Promise((resolve, reject) => {
      pool
        .use(
          (ops) =>
            new Promise<void>((done) => {
              release = done;
              ops.open(path, 'r').then(
                (handle) => resolve({ ops, handle }),
                (error: unknown) => {
                  done();
                  reject(error);
                },
              );
            }),
        )
        .catch(reject);
    }));
  const closeHandle = async (): Promise<void> => {
    if (!opsPromise) return;
    const opened = await opsPromise.catch(() => undefined);
    if (opened) await opened.ops.close(opened.handle).catch(() => undefined);
    release?.();
  };
  return new Readable({
    highWaterMark: READ_CHUNK,
    read: function (this: Readable) {
      open()
        .then(async ({ ops, handle }) => {
          if (position >= end) return this.push(null);
          const chunk = await ops.read(handle, Math.min(READ_CHUNK, end - position), position);
          if (chunk.length === 0) throw new StorageError('Unknown', `${path} ended early (at byte ${position} of ${end})`);
          position += chunk.length;
          this.push(chunk);
          if (position >= end) this.push(null);
        })
        .catch((error: unknown) => this.destroy(sftpError(error, path)));
    },
    destroy: (error, callback) => {
      closeHandle().then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}
