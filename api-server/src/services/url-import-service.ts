import { withoutControlCharacters } from '@cloudclip/contract';
import type {
  FileCommitResponse,
  UrlCancelResponse,
  UrlInfo,
  UrlMultipartAbortResponse,
  UrlMultipartCompleteResponse,
  UrlMultipartInitResponse,
  UrlPresignResponse,
} from '@cloudclip/contract';
import type { Readable } from 'node:stream';
import { HttpError } from '../http/http-error';
import { sniffContentType } from '../lib/content-sniff';
import { DEFAULT_MIME_TYPE, essence, extensionForMimeType, mimeTypeForFilename } from '../lib/mime-types';
import { isSafeFetchError, parseHttpUrl, type SafeHttpClient, type SafeResponse } from '../lib/safe-http';
import { toIso, type Clock } from '../lib/time';
import { stripEtagQuotes } from '../storage/storage-driver';
import { baseFileName, buildObjectKey, normalizeUploadPath } from './file-keys';
import {
  assertFilename,
  assertSlugFormat,
  creatorOf,
  MAX_FILENAME_LENGTH,
  presignedReservationSeconds,
  type CommitInput,
  type FileCaller,
  type FileShareStore,
  type ShareOptions,
} from './file-share-store';
import type { FileShareUploadService } from './file-share-uploads';
import { storageHttpError } from './storage-errors';
import type { SystemService } from './system-service';
import type { UploadLimits } from './upload-limits';

/** Bytes read for the GET fallback and for content sniffing (contract §5.8: a 1 KB range request). */
export const PROBE_BYTES = 1024;
export const DEFAULT_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_COUNT = 10_000;

export interface UrlMetadata {
  filename?: string | undefined;
  contentType?: string | undefined;
  size?: number | undefined;
}

export interface UrlPresignInput {
  url: string;
  s3_config_id: string;
  metadata?: UrlMetadata | undefined;
  filename?: string | undefined;
  slug?: string | undefined;
  remark?: string | undefined;
  path?: string | undefined;
}

export interface UrlMultipartInitInput extends UrlPresignInput, Omit<ShareOptions, 'remark'> {
  part_size?: number | undefined;
  total_size?: number | undefined;
  part_count?: number | undefined;
}

export interface MultipartPartInput {
  partNumber: number;
  etag: string | null;
  size?: number | undefined;
}

// The response shapes are the contract's (`@cloudclip/contract`, api/url-upload.ts); the routes add
// `message` to the multipart complete / abort and cancel answers.

/** Response headers the URL proxy passes on (hop-by-hop, cookies and CORS headers are not). */
export const PROXIED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'last-modified',
  'etag',
  'content-disposition',
  'cache-control',
  'expires',
] as const;

function fetchError(error: unknown): unknown {
  if (!isSafeFetchError(error)) return error;
  switch (error.code) {
    case 'invalid-url':
      return new HttpError(400, 'url.invalid', { cause: error });
    case 'forbidden-address':
      return new HttpError(400, 'url.forbiddenAddress', { cause: error });
    case 'too-many-redirects':
      return new HttpError(400, 'url.tooManyRedirects', { cause: error });
    case 'timeout':
      return new HttpError(400, 'url.timeout', { cause: error });
    default:
      return new HttpError(400, 'url.unreachable', { cause: error });
  }
}

function header(response: SafeResponse | undefined, name: string): string | undefined {
  const value = response?.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Reads at most `limit` bytes of a body, then closes it. */
async function readHead(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      total += buffer.length;
      if (total >= limit) break;
    }
  } catch {
    // a broken body still leaves what arrived
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/** `filename*=` (RFC 5987) or `filename=` of a Content-Disposition header. */
export function filenameFromContentDisposition(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(value);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;\s]+)/i.exec(value);
  if (!plain) return undefined;
  return (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1])?.trim() || undefined;
}

function cleanFilename(name: string | undefined): string | undefined {
  const base = baseFileName(withoutControlCharacters(name ?? '')).trim();
  if (base === '' || base === '.' || base === '..') return undefined;
  return Array.from(base).slice(0, MAX_FILENAME_LENGTH).join('');
}

/** Total size from `Content-Range: bytes a-b/total`, or undefined. */
function totalFromContentRange(value: string | undefined): number | undefined {
  const match = value ? /\/(\d+)\s*$/.exec(value) : null;
  return match ? Number(match[1]) : undefined;
}

function lengthOf(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** The share steps URL import creates, completes and removes its pending shares with. */
export type UrlImportShares = Pick<
  FileShareStore,
  | 'uploadConfig'
  | 'requireConfig'
  | 'driverOf'
  | 'findBySlug'
  | 'randomSlug'
  | 'newRow'
  | 'shareColumns'
  | 'insertRow'
  | 'requireOwnRow'
  | 'completePending'
  | 'removeFile'
>;

export interface UrlImportServiceDeps {
  shares: UrlImportShares;
  /** The commit of s3/commit, which url/commit is (with a custom slug). */
  commits: Pick<FileShareUploadService, 'commit'>;
  /** The size limit and the quota reservations of the uploads. */
  limits: Pick<UploadLimits, 'reservations' | 'maxUploadBytes' | 'refuseQuota' | 'assertSize'>;
  system: SystemService;
  http: SafeHttpClient;
  clock: Clock;
}

/**
 * URL import (contract §5.8): probing a remote file, the CORS proxy, and the presigned and
 * multipart upload flows that create file shares. Every server-side fetch goes through the
 * SSRF-guarded client (`SafeHttpClient`); the system setting `url_import_allow_private` lifts
 * the address checks.
 */
export class UrlImportService {
  private readonly shares: UrlImportShares;
  private readonly commits: Pick<FileShareUploadService, 'commit'>;
  private readonly limits: UrlImportServiceDeps['limits'];
  private readonly system: SystemService;
  private readonly http: SafeHttpClient;
  private readonly clock: Clock;

  constructor(deps: UrlImportServiceDeps) {
    this.shares = deps.shares;
    this.commits = deps.commits;
    this.limits = deps.limits;
    this.system = deps.system;
    this.http = deps.http;
    this.clock = deps.clock;
  }

  private async fetch(url: URL, options: { method: 'GET' | 'HEAD'; headers?: Record<string, string> }): Promise<SafeResponse> {
    const allowPrivate = await this.system.urlImportAllowPrivate();
    try {
      return await this.http.fetch(url, { ...options, allowPrivate });
    } catch (error) {
      throw fetchError(error);
    }
  }

  private parseUrl(input: string): URL {
    try {
      return parseHttpUrl(input);
    } catch (error) {
      throw fetchError(error);
    }
  }

  // ------------------------------------------------------------------------------ probe

  /** POST /api/url/info: HEAD, a 1 KB ranged GET (fallback and content sniffing), derived name and type. */
  async info(input: string, origin?: string): Promise<UrlInfo> {
    const url = this.parseUrl(input);
    const headers: Record<string, string> = origin ? { origin } : {};

    let head: SafeResponse | undefined;
    try {
      head = await this.fetch(url, { method: 'HEAD', headers });
      head.body.destroy();
      if (!isOk(head.status)) head = undefined;
    } catch (error) {
      // Refused addresses and bad URLs are final; anything else falls back to GET.
      if (error instanceof HttpError && (error.messageKey === 'url.forbiddenAddress' || error.messageKey === 'url.invalid')) throw error;
    }

    let get: SafeResponse | undefined;
    let sample: Buffer | undefined;
    try {
      get = await this.fetch(url, { method: 'GET', headers: { ...headers, range: `bytes=0-${PROBE_BYTES - 1}` } });
      if (isOk(get.status)) sample = await readHead(get.body, PROBE_BYTES);
      else {
        get.body.destroy();
        if (!head) throw new HttpError(400, 'url.remoteError', { params: { status: get.status } });
        get = undefined;
      }
    } catch (error) {
      if (!head) throw error;
      get = undefined;
    }

    const source = head ?? (get as SafeResponse);
    let size: number | null = null;
    if (head) size = lengthOf(header(head, 'content-length')) ?? null;
    else if (get)
      size =
        get.status === 206
          ? (totalFromContentRange(header(get, 'content-range')) ?? null)
          : (lengthOf(header(get, 'content-length')) ?? null);

    const sniffed = sniffContentType(sample);
    const declared = essence(header(source, 'content-type'));
    const generic = declared === '' || declared === DEFAULT_MIME_TYPE || declared === 'binary/octet-stream';
    const contentType = sniffed && generic ? sniffed.mime : declared || sniffed?.mime || '';

    let filename = cleanFilename(filenameFromContentDisposition(header(source, 'content-disposition')));
    if (!filename) {
      let segment = '';
      try {
        segment = decodeURIComponent(new URL(source.url).pathname.split('/').pop() ?? '');
      } catch {
        segment = new URL(source.url).pathname.split('/').pop() ?? '';
      }
      filename = cleanFilename(segment);
    }
    if (!filename) {
      const extension = extensionForMimeType(contentType) ?? sniffed?.extension;
      const host = url.hostname.replace(/^\[|\]$/g, '').replace(/[^A-Za-z0-9-]/g, '_');
      filename = `${host}_${this.clock().getTime()}${extension ? `.${extension}` : ''}`;
    }

    const info: UrlInfo = {
      url: url.toString(),
      filename,
      contentType: contentType || mimeTypeForFilename(filename),
      size,
      lastModified: header(source, 'last-modified') ?? null,
      method: sniffed ? 'ENHANCED' : head ? 'HEAD' : 'GET',
      corsSupported:
        header(source, 'access-control-allow-origin') !== undefined || header(get, 'access-control-allow-origin') !== undefined,
    };
    if (sniffed) {
      info.detectionMethod = 'magic-bytes';
      info.detectionConfidence = 'high';
      info.fileTypeLibraryUsed = false;
    }
    return info;
  }

  // ------------------------------------------------------------------------------ proxy

  /** GET /api/url/proxy: the remote response (2xx only; 400 otherwise), body not yet read. */
  async proxy(input: string, range?: string): Promise<SafeResponse> {
    const url = this.parseUrl(input);
    const response = await this.fetch(url, { method: 'GET', headers: range ? { range } : {} });
    if (!isOk(response.status)) {
      response.body.destroy();
      throw new HttpError(400, 'url.remoteError', { params: { status: response.status } });
    }
    return response;
  }

  // ------------------------------------------------------------------------------ uploads

  /** Name, type and size of the source: the client's metadata when complete, else a probe. */
  private async describe(url: string, metadata: UrlMetadata | undefined, filenameOverride: string | undefined, origin: string) {
    let filename: string;
    let declaredType: string;
    let size: number | undefined;
    let corsSupported = false;
    if (metadata?.filename && metadata.contentType) {
      filename = metadata.filename;
      declaredType = essence(metadata.contentType);
      size = metadata.size;
    } else {
      const probed = await this.info(url, origin);
      filename = probed.filename;
      declaredType = probed.contentType;
      size = probed.size ?? undefined;
      corsSupported = probed.corsSupported;
    }
    filename = assertFilename(cleanFilename(filenameOverride) ?? cleanFilename(filename) ?? 'download');
    // The server infers the type from the name (§6.3); the source's own type only for unknown names.
    const byName = mimeTypeForFilename(filename);
    const contentType = byName !== DEFAULT_MIME_TYPE ? byName : declaredType || DEFAULT_MIME_TYPE;
    return { filename, contentType, size, corsSupported };
  }

  /** Config, key sub-path, slug and object key shared by presign and multipart init. */
  private async target(caller: FileCaller, input: UrlPresignInput, slugTakenStatus: 400 | 409) {
    const url = this.parseUrl(input.url).toString();
    const { config, subPath } = await this.shares.uploadConfig(caller, input.s3_config_id);
    if (input.slug) {
      assertSlugFormat(input.slug);
      if (await this.shares.findBySlug(input.slug)) {
        if (slugTakenStatus === 409) throw new HttpError(409, 'file.slugTaken');
        throw new HttpError(400, 'file.slugTaken');
      }
    }
    const path = normalizeUploadPath(input.path);
    return { url, config, subPath, path };
  }

  /** POST /api/url/presign: a pending row (size = probed size or 0) and a presigned PUT. */
  async presign(
    caller: FileCaller,
    input: UrlPresignInput,
    origin: string,
    defaultRemark: (url: string) => string,
  ): Promise<UrlPresignResponse> {
    const { url, config, subPath, path } = await this.target(caller, input, 409);
    const { filename, contentType, size, corsSupported } = await this.describe(url, input.metadata, input.filename, origin);
    const slug = input.slug || (await this.shares.randomSlug());
    const key = buildObjectKey({ subPath, defaultFolder: config.default_folder, path, filename, randomPrefix: true });
    const driver = this.shares.driverOf(config);
    const row = this.shares.newRow({
      filename,
      storage_path: key,
      s3_url: driver.objectUrl(key, origin),
      mimetype: contentType,
      size: size ?? 0,
      s3_config_id: config.id,
      slug,
      remark: input.remark ?? defaultRemark(url),
      password_hash: null,
      password_sealed: null,
      expires_at: null,
      max_views: null,
      created_by: creatorOf(caller),
    });
    // No quota refusal at this step (contract §5.8): the space left, up to max_upload_size, is held
    // for the upload and bounds the local PUT; the commit checks the real size. The probed size is
    // not signed into an S3 URL: the browser's copy can differ (a compressed source).
    const reservation = await this.limits.reservations.reserve(
      config,
      {
        size: { upTo: await this.limits.maxUploadBytes() },
        ttlSeconds: presignedReservationSeconds(config),
        createdBy: row.created_by,
        fileId: row.id,
        storagePath: key,
      },
      this.limits.refuseQuota,
    );
    let uploadUrl: string;
    try {
      uploadUrl = await driver
        .presignPutUrl(key, {
          contentType,
          expiresIn: Number(config.signature_expires_in),
          urlBase: origin,
          maxBytes: reservation.bytes,
          uploadToken: reservation.id,
        })
        .catch((error: unknown) => {
          throw storageHttpError(error);
        });
      await this.shares.insertRow(row);
    } catch (error) {
      await this.limits.reservations.release(reservation.id);
      throw error;
    }
    return {
      file_id: row.id,
      upload_url: uploadUrl,
      storage_path: key,
      s3_url: row.s3_url,
      slug,
      provider_type: config.provider_type,
      filename,
      contentType,
      size: Number(row.size),
      cors_supported: corsSupported,
    };
  }

  /** POST /api/url/commit: like s3/commit, with an optional custom slug. */
  commit(caller: FileCaller, input: CommitInput): Promise<FileCommitResponse> {
    return this.commits.commit(caller, input, { allowSlug: true });
  }

  /** POST /api/url/multipart/init: the row (with its share settings), a bucket multipart upload and one URL per part. */
  async multipartInit(
    caller: FileCaller,
    input: UrlMultipartInitInput,
    origin: string,
    defaultRemark: (url: string) => string,
  ): Promise<UrlMultipartInitResponse> {
    const { url, config, subPath, path } = await this.target(caller, input, 400);
    const { filename, contentType, size, corsSupported } = await this.describe(url, input.metadata, input.filename, origin);
    const totalSize = input.total_size ?? size ?? 0;
    if (totalSize > 0) await this.limits.assertSize(totalSize);
    const partSize = input.part_size ?? DEFAULT_PART_SIZE;
    const partCount = input.part_count ?? Math.max(1, Math.ceil(totalSize / partSize));
    if (partSize < 1 || partCount < 1 || partCount > MAX_PART_COUNT) throw new HttpError(400, 'url.partCountInvalid');

    const slug = input.slug || (await this.shares.randomSlug());
    const key = buildObjectKey({ subPath, defaultFolder: config.default_folder, path, filename, randomPrefix: true });
    const driver = this.shares.driverOf(config);
    const expiresIn = Number(config.signature_expires_in);
    let uploadId: string;
    try {
      ({ uploadId } = await driver.createMultipartUpload(key, { contentType }));
    } catch (error) {
      throw storageHttpError(error);
    }
    const row = this.shares.newRow({
      filename,
      storage_path: key,
      s3_url: driver.objectUrl(key, origin),
      mimetype: contentType,
      size: totalSize,
      s3_config_id: config.id,
      slug,
      created_by: creatorOf(caller),
      ...(await this.shares.shareColumns({ ...input, remark: input.remark ?? defaultRemark(url) })),
    });
    // Held until complete / abort (no refusal here, contract §5.8): complete checks the real size.
    const reservation = await this.limits.reservations
      .reserve(
        config,
        {
          size: { upTo: totalSize > 0 ? totalSize : await this.limits.maxUploadBytes() },
          ttlSeconds: presignedReservationSeconds(config),
          createdBy: row.created_by,
          fileId: row.id,
          storagePath: key,
          uploadId,
        },
        this.limits.refuseQuota,
      )
      .catch(async (error: unknown) => {
        await driver.abortMultipartUpload(key, uploadId).catch(() => undefined);
        throw error;
      });
    try {
      const presignedUrls: Array<{ partNumber: number; url: string }> = [];
      for (let partNumber = 1; partNumber <= partCount; partNumber += 1) {
        presignedUrls.push({
          partNumber,
          url: await driver.presignUploadPartUrl(key, uploadId, partNumber, { expiresIn, urlBase: origin, maxBytes: partSize }),
        });
      }
      await this.shares.insertRow(row);
      return {
        file_id: row.id,
        upload_id: uploadId,
        storage_path: key,
        s3_url: row.s3_url,
        slug,
        presigned_urls: presignedUrls,
        part_size: partSize,
        total_size: totalSize,
        part_count: partCount,
        provider_type: config.provider_type,
        filename,
        content_type: contentType,
        cors_supported: corsSupported,
        has_password: row.password_hash !== null,
        expires_at: row.expires_at,
        max_views: row.max_views,
        url: `/file/${slug}`,
      };
    } catch (error) {
      await driver.abortMultipartUpload(key, uploadId).catch(() => undefined);
      await this.limits.reservations.release(reservation.id);
      throw error instanceof HttpError && error.statusCode === 409 ? new HttpError(400, 'file.slugTaken') : storageHttpError(error);
    }
  }

  /** POST /api/url/multipart/complete: completes at the bucket; the real size counts for the limits. */
  async multipartComplete(
    caller: FileCaller,
    input: { file_id: string; upload_id: string; parts: MultipartPartInput[] },
  ): Promise<Omit<UrlMultipartCompleteResponse, 'message'>> {
    const row = await this.shares.requireOwnRow(caller, input.file_id);
    const config = await this.shares.requireConfig(row.s3_config_id);
    const driver = this.shares.driverOf(config);
    let etag: string;
    try {
      ({ etag } = await driver.completeMultipartUpload(
        row.storage_path,
        input.upload_id,
        input.parts.map((part) => ({ partNumber: part.partNumber, etag: part.etag ?? '' })),
      ));
    } catch (error) {
      throw storageHttpError(error);
    }
    const info = await driver.headObject(row.storage_path).catch(() => null);
    const partSizes = input.parts.every((part) => part.size !== undefined)
      ? input.parts.reduce((sum, part) => sum + (part.size ?? 0), 0)
      : undefined;
    const size = info?.size ?? partSizes ?? Number(row.size);
    const changes = await this.shares.completePending(row, config, size, () => ({
      size,
      etag: stripEtagQuotes(etag) || info?.etag || null,
      updated_at: toIso(this.clock()),
    }));
    const updated = { ...row, ...changes };
    return {
      file_id: row.id,
      slug: row.slug,
      filename: row.filename,
      storage_path: row.storage_path,
      s3_url: row.s3_url,
      mimetype: row.mimetype,
      size,
      etag: updated.etag,
      created_at: row.created_at,
      updated_at: updated.updated_at,
      url: `/file/${row.slug}`,
      status: 'completed',
    };
  }

  /** POST /api/url/multipart/abort: aborts at the bucket; the row goes in any case. */
  async multipartAbort(
    caller: FileCaller,
    input: { file_id: string; upload_id: string },
  ): Promise<Omit<UrlMultipartAbortResponse, 'message'>> {
    const row = await this.shares.requireOwnRow(caller, input.file_id);
    const config = await this.shares.requireConfig(row.s3_config_id).catch(() => undefined);
    try {
      if (config) await this.shares.driverOf(config).abortMultipartUpload(row.storage_path, input.upload_id);
    } catch (error) {
      throw storageHttpError(error);
    } finally {
      await this.shares.removeFile(row, config ?? null);
    }
    return { file_id: row.id, status: 'aborted' };
  }

  /** POST /api/url/cancel: object (best effort) and row deleted. */
  async cancel(caller: FileCaller, input: { file_id: string }): Promise<Omit<UrlCancelResponse, 'message'>> {
    const row = await this.shares.requireOwnRow(caller, input.file_id);
    await this.shares.removeFile(row);
    return { file_id: row.id, status: 'cancelled' };
  }
}
