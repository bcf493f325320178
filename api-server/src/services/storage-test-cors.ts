import type { S3TestCors } from '@cloudclip/contract';
import type { StorageConfigRow } from '../db/schema';
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, CORS_MAX_AGE_SECONDS } from '../http/cors';
import type { StorageDriver } from '../storage/storage-driver';
import { PROVIDER_B2, PROVIDER_R2 } from './storage-config-service';
import type { StorageTestNotes } from './storage-test-notes';
import type { RemoteDriverKind, SkippedCors } from './storage-test-remote';

/**
 * The CORS step of the storage connection test: an OPTIONS pre-flight against a presigned PUT URL
 * sent with the caller's Origin (S3-compatible storage), the api-server's own policy (local
 * storage), or a step marked skipped (WebDAV/SFTP, whose bytes the api-server serves).
 */

export const TEST_CONTENT_TYPE = 'text/plain';
export const HTTP_TIMEOUT_MS = 15_000;

export type Guide = keyof StorageTestNotes['corsGuide'];

export function guideFor(providerType: string): Guide {
  if (providerType === PROVIDER_R2) return 'r2';
  if (providerType === PROVIDER_B2) return 'b2';
  if (providerType === 'AWS S3') return 'aws';
  return 'default';
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Answer headers of a storage PUT that tell a browser upload's outcome: ETag, type, length, CORS and provider ids. */
const UPLOAD_HEADER =
  /^(etag|content-type|content-length|location|last-modified|access-control-.+|x-amz-.+|x-bz-.+|x-ms-.+|x-oss-.+|x-cos-.+|cf-ray)$/;

/** The upload-relevant answer headers of the simulated browser PUT (`frontendSim.steps.step2.providerHeaders`). */
export function uploadResponseHeaders(headers: Headers): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [name, value] of headers.entries()) if (UPLOAD_HEADER.test(name)) picked[name] = value;
  return picked;
}

export function localCors(origin: string, notes: StorageTestNotes): S3TestCors {
  return {
    success: true,
    error: null,
    note: notes.corsLocalNote,
    allowOrigin: origin || '*',
    allowMethods: CORS_ALLOW_METHODS,
    allowHeaders: CORS_ALLOW_HEADERS,
    maxAge: String(CORS_MAX_AGE_SECONDS),
    statusCode: 204,
    detail: notes.corsLocalDetail,
    uploadSupported: true,
  };
}

/** WebDAV/SFTP: the browser talks to the api-server, so there is no storage CORS to check. */
export function skippedCors(kind: RemoteDriverKind, origin: string, notes: StorageTestNotes): SkippedCors {
  return { ...localCors(origin, notes), skipped: true, note: kind === 'sftp' ? notes.corsSkippedSftp : notes.corsSkippedWebDav };
}

export async function corsTest(
  driver: StorageDriver,
  row: StorageConfigRow,
  prefix: string,
  origin: string,
  notes: StorageTestNotes,
): Promise<S3TestCors> {
  const guide = notes.corsGuide[guideFor(row.provider_type)];
  const empty = {
    allowOrigin: null,
    allowMethods: null,
    allowHeaders: null,
    maxAge: null,
    statusCode: null,
    detail: null,
    uploadSupported: false,
  };
  try {
    const url = await driver.presignPutUrl(`${prefix}__cors_test_${Date.now()}.txt`, {
      contentType: TEST_CONTENT_TYPE,
      expiresIn: row.signature_expires_in || 300,
    });
    const requestHeaders = row.provider_type === PROVIDER_B2 ? 'content-type,x-bz-content-sha1,x-requested-with' : 'content-type';
    const response = await fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': requestHeaders },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    const allowOrigin = response.headers.get('access-control-allow-origin');
    const allowMethods = response.headers.get('access-control-allow-methods');
    const allowHeaders = response.headers.get('access-control-allow-headers');
    const maxAge = response.headers.get('access-control-max-age');
    if (!allowOrigin) {
      return {
        ...empty,
        success: false,
        error: notes.corsNoAllowOrigin,
        note: notes.corsFailedNote,
        statusCode: response.status,
        configGuide: guide,
        responseHeaders: Object.fromEntries(response.headers.entries()),
      };
    }
    const supportsPut = (allowMethods ?? '').toLowerCase().includes('put');
    const supportsOrigin = allowOrigin === '*' || allowOrigin === origin;
    const result: S3TestCors = {
      success: true,
      error: null,
      note: notes.corsPassedNote,
      allowOrigin,
      allowMethods,
      allowHeaders,
      maxAge,
      statusCode: response.status,
      detail: supportsPut && supportsOrigin ? notes.corsFullSupport : notes.corsPartialSupport,
      uploadSupported: supportsPut && supportsOrigin,
    };
    if (!result.uploadSupported) {
      const missing = [supportsPut ? '' : notes.corsMissingPut, supportsOrigin ? '' : notes.corsMissingOrigin].filter(Boolean);
      result.warning = `${notes.corsMissingPrefix}${missing.join(', ')}`;
    }
    return result;
  } catch (error) {
    return {
      ...empty,
      success: false,
      error: `${notes.corsRequestFailed}${errorText(error)}`,
      note: notes.corsUnreachableNote,
      configGuide: guide,
    };
  }
}
