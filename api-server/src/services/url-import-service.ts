import type {
  FileCommitResponse,
  UrlCancelResponse,
  UrlInfo,
  UrlMultipartAbortResponse,
  UrlMultipartCompleteResponse,
  UrlMultipartInitResponse,
  UrlPresignResponse,
} from '@cloudclip/contract';
import type { SafeHttpClient, SafeResponse } from '../lib/safe-http';
import type { Clock } from '../lib/time';
import type { CommitInput } from './file-share-inputs';
import type { FileCaller } from './file-share-rules';
import type { FileShareUploadService } from './file-share-uploads';
import type { SystemService } from './system-service';
import { UrlImportMultipart, type MultipartPartInput, type UrlMultipartInitInput } from './url-import-multipart';
import { UrlImportRemote } from './url-import-remote';
import {
  UrlImportTargets,
  type UrlImportLimits,
  type UrlImportShares,
  type UrlImportStart,
  type UrlPresignInput,
} from './url-import-targets';
import { UrlImportUploads } from './url-import-uploads';

// The response shapes are the contract's (`@cloudclip/contract`, api/url-upload.ts); the routes add
// `message` to the multipart complete / abort and cancel answers.

export interface UrlImportServiceDeps {
  shares: UrlImportShares;
  /** The commit of s3/commit, which url/commit is (with a custom slug). */
  commits: Pick<FileShareUploadService, 'commit'>;
  limits: UrlImportLimits;
  system: SystemService;
  http: SafeHttpClient;
  clock: Clock;
}

/**
 * URL import (contract §5.8), one service for the routes: the probe and the CORS proxy
 * (url-import-remote.ts), the presigned upload (url-import-uploads.ts) and the multipart upload
 * (url-import-multipart.ts), the last two creating file shares.
 */
export class UrlImportService {
  private readonly remote: UrlImportRemote;
  private readonly uploads: UrlImportUploads;
  private readonly multipart: UrlImportMultipart;

  constructor(deps: UrlImportServiceDeps) {
    this.remote = new UrlImportRemote(deps);
    const targets = new UrlImportTargets(deps.shares, this.remote);
    this.uploads = new UrlImportUploads(deps.shares, targets, deps.commits, deps.limits);
    this.multipart = new UrlImportMultipart(deps.shares, targets, deps.limits, deps.clock);
  }

  /** POST /api/url/info. */
  info(input: string, origin?: string): Promise<UrlInfo> {
    return this.remote.info(input, origin);
  }

  /** GET /api/url/proxy. */
  proxy(input: string, range?: string): Promise<SafeResponse> {
    return this.remote.proxy(input, range);
  }

  /** POST /api/url/presign. */
  presign(start: UrlImportStart, input: UrlPresignInput): Promise<UrlPresignResponse> {
    return this.uploads.presign(start, input);
  }

  /** POST /api/url/commit. */
  commit(caller: FileCaller, input: CommitInput): Promise<FileCommitResponse> {
    return this.uploads.commit(caller, input);
  }

  /** POST /api/url/cancel. */
  cancel(caller: FileCaller, input: { file_id: string }): Promise<Omit<UrlCancelResponse, 'message'>> {
    return this.uploads.cancel(caller, input);
  }

  /** POST /api/url/multipart/init. */
  multipartInit(start: UrlImportStart, input: UrlMultipartInitInput): Promise<UrlMultipartInitResponse> {
    return this.multipart.init(start, input);
  }

  /** POST /api/url/multipart/complete. */
  multipartComplete(
    caller: FileCaller,
    input: { file_id: string; upload_id: string; parts: MultipartPartInput[] },
  ): Promise<Omit<UrlMultipartCompleteResponse, 'message'>> {
    return this.multipart.complete(caller, input);
  }

  /** POST /api/url/multipart/abort. */
  multipartAbort(caller: FileCaller, input: { file_id: string; upload_id: string }): Promise<Omit<UrlMultipartAbortResponse, 'message'>> {
    return this.multipart.abort(caller, input);
  }
}
