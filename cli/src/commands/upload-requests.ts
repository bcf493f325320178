/**
 * What both upload flows of `cloudclip upload` (one PUT, multipart) share: the command's options,
 * the storage and source file they work on, the share fields they send, the headers of a PUT to the
 * bucket, and how a refusal of the bucket or a failed upload is reported.
 */
import type { CommandContext } from '../context';
import { CliError, isCliError, type CliErrorKind } from '../errors';
import { expiresInHours, type ShareOptions } from '../share-options';
import type { PutResult } from '../transfer/http-put';

const BACKBLAZE_B2 = 'Backblaze B2';

export type UploadOptions = ShareOptions & { storage?: string };

export interface UploadDeps {
  /** Aborts the uploads (tests); Ctrl-C does too. */
  signal?: AbortSignal;
  /** Environment for the state folder (default process.env). */
  env?: NodeJS.ProcessEnv;
  partSize?: number;
}

export interface StorageConfigLite {
  id: string;
  name: string;
  is_default?: number | boolean | null;
  provider_type?: string;
  signature_expires_in?: number;
}

export interface SourceFile {
  path: string;
  name: string;
  size: number;
  mtimeMs: number;
}

export function putHeaders(providerType: string | undefined, contentType?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (contentType) headers['Content-Type'] = contentType;
  if (providerType === BACKBLAZE_B2) {
    headers['X-Bz-Content-Sha1'] = 'do_not_verify';
    headers['X-Requested-With'] = 'XMLHttpRequest';
  }
  return headers;
}

export function storageRefused(ctx: CommandContext, put: PutResult): CliError {
  const reason = put.body
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
  const kind = put.status === 413 ? 'too-large' : put.status >= 500 ? 'server' : 'bad-input';
  return new CliError(kind, ctx.t('transfer.storageRefused', { status: put.status, detail: reason ? `: ${reason}` : '' }), {
    status: put.status,
  });
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What an upload that failed after its pending share was removed reports: the failure's reason, with
 * its kind when it is a CliError, else `otherwise`.
 */
export function failedRemoved(ctx: CommandContext, source: SourceFile, error: unknown, otherwise: CliErrorKind): CliError {
  const kind = isCliError(error) ? error.kind : otherwise;
  return new CliError(kind, ctx.t('transfer.failedRemoved', { name: source.name, reason: reasonOf(error) }), { cause: error });
}

/** The share fields both flows send (expires_in in hours, 0 = never; max_views 0 = unlimited; tags are for pastes only). */
export function shareFields(options: UploadOptions) {
  return {
    ...(options.remark !== undefined ? { remark: options.remark } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
    expires_in: expiresInHours(options.expires),
    // A file share has no burn-after-reading: --burn means one view.
    max_views: options.maxViews ?? (options.burn ? 1 : 0),
  };
}
