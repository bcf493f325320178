/**
 * Content types of the file-system browser. File names are typed by the one table in
 * `lib/mime-types.ts` (contract §6.3: the server infers the type from the name).
 */
import { DEFAULT_MIME_TYPE, mimeTypeForFilename } from '../../lib/mime-types';
import type { ObjectInfo } from '../../storage/storage-driver';

export const OCTET_STREAM = DEFAULT_MIME_TYPE;
/** Zero-byte folder marker objects. */
export const DIRECTORY_CONTENT_TYPE = 'application/x-directory';

/** The MIME type of a file name (extension based), `application/octet-stream` when unknown. */
export function mimeTypeOf(filename: string): string {
  return mimeTypeForFilename(filename);
}

/** A usable Content-Type for a stored object: the stored one, or the name's when the store only knows octet-stream. */
export function contentTypeOf(info: ObjectInfo, name: string): string {
  return info.contentType && info.contentType !== OCTET_STREAM ? info.contentType : mimeTypeOf(name);
}
