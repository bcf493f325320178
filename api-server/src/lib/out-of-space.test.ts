import { HttpError } from '../http/http-error';
import { storageHttpError } from '../services/storage-errors';
import { fsError } from '../storage/local-file-tree';
import { StorageError } from '../storage/storage-driver';
import { isOutOfSpace } from './out-of-space';

/** An error as Node's fs, better-sqlite3 and pg report them: a `code` on an Error. */
function coded(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

describe('no room left on the disk (issue 41: a full disk answered 500)', () => {
  it.each(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100'])('knows %s', (code) => {
    expect(isOutOfSpace(coded(code))).toBe(true);
    expect(isOutOfSpace(new Error('wrapped', { cause: coded(code) }))).toBe(true);
  });

  it.each([coded('ENOENT'), coded('SQLITE_ERROR', 'cannot rollback - no transaction is active'), new Error('ENOSPC'), null, 'ENOSPC'])(
    'is not fooled by %p',
    (error) => {
      expect(isOutOfSpace(error)).toBe(false);
    },
  );

  it('makes a local write’s ENOSPC / EDQUOT a 507 StorageError, and that a 507 with the storage-full message', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const storageError = fsError(coded(code), 'docs/a.bin');
      expect(storageError).toBeInstanceOf(StorageError);
      expect(storageError).toMatchObject({ code: 'InsufficientStorage', statusCode: 507 });
      const httpError = storageHttpError(storageError);
      expect(httpError).toBeInstanceOf(HttpError);
      expect(httpError).toMatchObject({ statusCode: 507, messageKey: 'storage.full' });
    }
  });
});
