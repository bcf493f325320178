import { unzip } from 'fflate';
import { ViewerError } from '../../errors';

export interface ZipDirectoryLimits {
  /** Most entries. */
  maxParts: number;
  /** Most bytes all entries (but the skipped ones) unpack to, as the directory says. */
  maxUnpacked: number;
  /** Entries not counted (never unpacked by the renderer). */
  skipped?: RegExp;
  /** The main part(s), with their own cap. */
  main: RegExp;
  maxMain: number;
}

/**
 * Reads only a zip's directory (nothing is unpacked) and refuses, as too-large, a package that
 * would be too much to unpack or to lay out; a zip whose directory cannot be read is damaged.
 */
export async function checkZipDirectory(bytes: Uint8Array, limits: ZipDirectoryLimits): Promise<void> {
  let parts = 0;
  let total = 0;
  let main = 0;
  await new Promise<void>((resolve, reject) => {
    try {
      unzip(
        bytes,
        {
          filter: (file) => {
            parts += 1;
            if (!limits.skipped?.test(file.name)) total += file.originalSize;
            if (limits.main.test(file.name)) main = Math.max(main, file.originalSize);
            return false;
          },
        },
        (error) => (error ? reject(new ViewerError('damaged', error.message)) : resolve()),
      );
    } catch (error) {
      reject(new ViewerError('damaged', (error as Error)?.message));
    }
  });
  if (parts > limits.maxParts || total > limits.maxUnpacked || main > limits.maxMain) throw new ViewerError('too-large');
}
