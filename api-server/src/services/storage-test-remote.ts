import type { S3TestCors } from '@cloudclip/contract';
import { isStorageError, type StorageDriver } from '../storage/storage-driver';
import { WebDavStorageDriver } from '../storage/webdav/webdav-driver';
import type { StorageTestNotes } from './storage-test-notes';

/**
 * The parts of the storage test (POST /api/s3-configs/{id}/test) that only WebDAV and SFTP
 * storage have: the written test file is read back, a byte range is read and checked, and the CORS
 * step is skipped (the browser never talks to those servers: the api-server serves their URLs).
 */

/** `result.ranges`: write an object, read bytes 10…29 of it, compare. */
export interface StorageTestRanges {
  success: boolean;
  /** `native`: the server answered the range itself; `emulated`: it sent the whole object and the driver cut it. */
  mode: 'native' | 'emulated';
  error: string | null;
  code?: string;
  note: string;
  testFile: string;
  cleaned: boolean;
}

/** A step that does not apply to this storage: its keys kept, marked `skipped`. */
export type SkippedCors = S3TestCors & { skipped: true };

export type RemoteDriverKind = 'webdav' | 'sftp';

export function remoteKind(driver: StorageDriver): RemoteDriverKind | null {
  return driver.kind === 'webdav' || driver.kind === 'sftp' ? driver.kind : null;
}

/** The driver's message, prefixed with a localised explanation when the cause is a known one. */
export function remoteErrorText(error: unknown, kind: RemoteDriverKind, notes: StorageTestNotes): string {
  const message = error instanceof Error ? error.message : String(error);
  if (kind === 'sftp' && /host key mismatch/i.test(message)) return `${notes.sftpHostKeyMismatch}: ${message}`;
  if (kind === 'sftp' && isStorageError(error, 'AccessDenied')) return `${notes.sftpAuthRefused}: ${message}`;
  if (kind === 'webdav' && isStorageError(error, 'AccessDenied')) return `${notes.webdavAuthRefused}: ${message}`;
  if (isStorageError(error, 'Unavailable')) return `${notes.remoteUnavailable}: ${message}`;
  return message;
}

function codeOf(error: unknown): string | undefined {
  return isStorageError(error) ? (error.providerCode ?? error.code) : undefined;
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Reads `key` back and throws when it is not `expected` (the write step of remote storage). */
export async function readBack(driver: StorageDriver, key: string, expected: string, notes: StorageTestNotes): Promise<void> {
  const object = await driver.getObject(key);
  const bytes = await readAll(object.body);
  if (!bytes.equals(Buffer.from(expected))) throw new Error(notes.readBackMismatch(Buffer.byteLength(expected), bytes.length));
}

const RANGE_START = 10;
const RANGE_END = 29;

/** Writes a 64-byte object, reads bytes 10…29, checks them and deletes the object. */
export async function rangesTest(
  driver: StorageDriver,
  kind: RemoteDriverKind,
  prefix: string,
  notes: StorageTestNotes,
): Promise<StorageTestRanges> {
  const key = `${prefix}__range_test_${Date.now()}.bin`;
  const content = Buffer.from(Array.from({ length: 64 }, (_, index) => index));
  const mode = (): 'native' | 'emulated' =>
    driver instanceof WebDavStorageDriver && driver.capabilities.ranges !== 'native' ? 'emulated' : 'native';
  const note = kind === 'sftp' ? notes.rangesSftpNote : notes.rangesWebDavNote;
  const result: StorageTestRanges = { success: false, mode: mode(), error: null, note, testFile: key, cleaned: false };
  let written = false;
  try {
    await driver.putObject(key, content, { contentType: 'application/octet-stream' });
    written = true;
    const object = await driver.getObject(key, { range: { start: RANGE_START, end: RANGE_END } });
    const bytes = await readAll(object.body);
    result.mode = mode();
    const expected = content.subarray(RANGE_START, RANGE_END + 1);
    if (!bytes.equals(expected)) throw new Error(notes.rangeMismatch(RANGE_START, RANGE_END, bytes.length));
    result.success = true;
    if (kind === 'webdav') result.note = result.mode === 'native' ? notes.rangesWebDavNative : notes.rangesWebDavEmulated;
  } catch (error) {
    result.error = remoteErrorText(error, kind, notes);
    const code = codeOf(error);
    if (code !== undefined) result.code = code;
  }
  if (written) {
    try {
      await driver.deleteObject(key);
      result.cleaned = true;
    } catch {
      result.cleaned = false;
    }
  } else result.cleaned = true;
  return result;
}

/** `result.space`: what the server reports about its space (RFC 4331 quota, statvfs), or that it reports none. */
export interface StorageTestSpace {
  /** False when the server reports no figure (the config's quota field is then the only limit). */
  reported: boolean;
  totalBytes: number | null;
  freeBytes: number | null;
  usedBytes: number | null;
  error: string | null;
}

export async function spaceTest(driver: StorageDriver): Promise<StorageTestSpace> {
  try {
    const space = (await driver.reportedSpace?.()) ?? null;
    if (!space) return { reported: false, totalBytes: null, freeBytes: null, usedBytes: null, error: null };
    return { reported: true, ...space, error: null };
  } catch (error) {
    return {
      reported: false,
      totalBytes: null,
      freeBytes: null,
      usedBytes: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
