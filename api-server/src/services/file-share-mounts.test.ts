import type { MountRow, StorageConfigRow } from '../db/schema';
import type { StorageDriver } from '../storage/storage-driver';
import { FileShareMounts } from './file-share-mounts';
import { S3_STORAGE_TYPE } from './mount-service';

/** A share's write has already succeeded when the mounts hear of it: a failing index must not fail it. */
describe('FileShareMounts when the mount index cannot be updated', () => {
  const mount = { id: 'm1', storage_type: S3_STORAGE_TYPE, mount_path: '/s3' } as unknown as MountRow;
  const config = { id: 'c1' } as unknown as StorageConfigRow;
  const emptyFolder = { listObjects: () => Promise.resolve({ objects: [], commonPrefixes: [] }) } as unknown as StorageDriver;

  function views(onError?: (error: unknown) => void) {
    const cleared: string[] = [];
    const failure = new Error('database is locked');
    const shareMounts = new FileShareMounts({
      mounts: { listByStorageConfig: () => Promise.resolve([mount]) },
      caches: { directory: { clearByMount: (id: string) => (cleared.push(id), 0) } } as never,
      index: { stored: () => Promise.reject(failure), removed: () => Promise.reject(failure), moved: () => Promise.resolve() },
      drivers: { driverFor: () => emptyFolder },
      ...(onError ? { onError } : {}),
    });
    return { shareMounts, cleared, failure };
  }

  it('reports a failed update of a stored object instead of throwing, and still drops the cached listings', async () => {
    const errors: unknown[] = [];
    const { shareMounts, cleared, failure } = views((error) => errors.push(error));
    await expect(shareMounts.objectStored('c1', 'shares/a.txt', 3)).resolves.toBeUndefined();
    expect(errors).toEqual([failure]);
    expect(cleared).toEqual(['m1']);
  });

  it('reports a failed update of a removed object instead of throwing', async () => {
    const errors: unknown[] = [];
    const { shareMounts, failure } = views((error) => errors.push(error));
    await expect(shareMounts.objectRemoved(config, 'shares/a.txt')).resolves.toBeUndefined();
    expect(errors).toEqual([failure]);
  });

  it('warns on the process when no reporter is given', async () => {
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      await views().shareMounts.objectStored('c1', 'shares/a.txt', 3);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('database is locked'));
    } finally {
      warn.mockRestore();
    }
  });
});
