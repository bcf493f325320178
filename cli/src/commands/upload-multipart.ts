/**
 * The multipart flow of `cloudclip upload` for files above one part (contract §5.8,
 * `/api/url/multipart/*`, the source described by `metadata` so the server never fetches the
 * placeholder `url`): 3 parts at a time, resumable, the upload's state kept in the state folder
 * until it completes.
 */
import { createHash } from 'node:crypto';
import type { UrlMultipartCompleteResponse, UrlMultipartInitResponse } from '@cloudclip/contract';
import type { CommandContext } from '../context';
import { CliError, isCliError } from '../errors';
import { putFileRange, PutNetworkError } from '../transfer/http-put';
import { Progress } from '../transfer/progress';
import { progressOptions } from '../transfer/texts';
import {
  loadUploadState,
  presignedUrlExpiry,
  removeUploadState,
  saveUploadState,
  uploadStateDir,
  uploadStateFile,
  type UploadState,
} from '../transfer/upload-state';
import {
  failedRemoved,
  putHeaders,
  shareFields,
  storageRefused,
  type SourceFile,
  type StorageConfigLite,
  type UploadDeps,
  type UploadOptions,
} from './upload-requests';

export const PART_SIZE = 8 * 1024 * 1024;
export const PARALLEL_PARTS = 3;
/** A part URL that stops working within this much time is not used to resume. */
const URL_MARGIN_MS = 5 * 60_000;
const PART_ATTEMPTS = 3;

/** A resumed upload whose URLs or bucket upload no longer work: start over. */
class RestartNeeded extends Error {}

/** `POST /api/url/multipart/init` does not exist on this server. */
export class MultipartUnavailable extends Error {}

/** Ctrl-C or a lost connection: the state stays for a rerun. */
class Interrupted extends Error {}

function optionsKeyOf(config: StorageConfigLite, options: UploadOptions): string {
  const password = options.password ? createHash('sha256').update(options.password).digest('hex') : '';
  const maxViews = options.maxViews ?? (options.burn ? 1 : 0);
  return JSON.stringify([config.id, options.slug ?? '', options.remark ?? '', password, options.expires ?? '', maxViews]);
}

async function abortMultipart(ctx: CommandContext, state: Pick<UploadState, 'fileId' | 'uploadId'>): Promise<void> {
  await ctx.client
    .request('POST', '/api/url/multipart/abort', { json: { file_id: state.fileId, upload_id: state.uploadId } })
    .catch(() => undefined);
}

function note(ctx: CommandContext, text: string): void {
  if (!ctx.quiet) ctx.stderr.write(`${text}\n`);
}

export async function uploadMultipart(
  ctx: CommandContext,
  source: SourceFile,
  config: StorageConfigLite,
  options: UploadOptions,
  signal: AbortSignal,
  deps: UploadDeps,
): Promise<Record<string, unknown>> {
  const dir = uploadStateDir(deps.env);
  const stateFile = uploadStateFile(dir, source.path, source.size, source.mtimeMs);
  const optionsKey = optionsKeyOf(config, options);
  let state = await loadUploadState(stateFile);
  let resumed = false;
  if (state && state.server !== ctx.server) state = undefined;
  if (state && (state.optionsKey !== optionsKey || state.urlsExpireAt - Date.now() < URL_MARGIN_MS)) {
    await abortMultipart(ctx, state);
    await removeUploadState(stateFile);
    note(ctx, ctx.t('transfer.restarting', { name: source.name }));
    state = undefined;
  }
  if (state) {
    resumed = true;
    note(ctx, ctx.t('transfer.resuming', { name: source.name, done: state.done.length, total: state.parts.length }));
  }

  for (;;) {
    if (!state) state = await initMultipart(ctx, source, config, options, optionsKey, deps.partSize ?? PART_SIZE, stateFile, dir);
    const current: UploadState = state;
    try {
      await sendParts(ctx, source, current, config, signal, stateFile, dir, resumed);
      break;
    } catch (error) {
      if (error instanceof RestartNeeded) {
        await abortMultipart(ctx, current);
        await removeUploadState(stateFile);
        note(ctx, ctx.t('transfer.restarting', { name: source.name }));
        state = undefined;
        resumed = false;
        continue;
      }
      if (error instanceof Interrupted || signal.aborted) {
        const done = current.done.length;
        const kind = signal.aborted ? 'cancelled' : 'unreachable';
        throw new CliError(kind, ctx.t('transfer.interrupted', { name: source.name, done, total: current.parts.length }), { cause: error });
      }
      await abortMultipart(ctx, current);
      await removeUploadState(stateFile);
      throw failedRemoved(ctx, source, error, 'server');
    }
  }

  const parts = [...state.done].sort((a, b) => a.partNumber - b.partNumber);
  let completed: UrlMultipartCompleteResponse;
  try {
    completed = await ctx.client.request<UrlMultipartCompleteResponse>('POST', '/api/url/multipart/complete', {
      json: { file_id: state.fileId, upload_id: state.uploadId, parts },
      timeoutMs: 300_000,
    });
  } catch (error) {
    if (isCliError(error) && (error.kind === 'unreachable' || error.kind === 'cancelled')) {
      throw new CliError(error.kind, ctx.t('transfer.interrupted', { name: source.name, done: parts.length, total: state.parts.length }), {
        cause: error,
      });
    }
    // The server drops a refused completion itself; make sure nothing stays.
    await abortMultipart(ctx, state);
    await removeUploadState(stateFile);
    throw failedRemoved(ctx, source, error, 'server');
  }
  await removeUploadState(stateFile);
  const init = state.init;
  return {
    ...completed,
    has_password: init.has_password,
    expires_at: init.expires_at,
    max_views: init.max_views,
  };
}

async function initMultipart(
  ctx: CommandContext,
  source: SourceFile,
  config: StorageConfigLite,
  options: UploadOptions,
  optionsKey: string,
  partSize: number,
  stateFile: string,
  dir: string,
): Promise<UploadState> {
  const partCount = Math.max(1, Math.ceil(source.size / partSize));
  const startedAt = Date.now();
  const init = await ctx.client
    .request<UrlMultipartInitResponse>('POST', '/api/url/multipart/init', {
      json: {
        // Required by the route; never fetched since `metadata` names the file and its type.
        url: `${ctx.server}/upload`,
        s3_config_id: config.id,
        metadata: { filename: source.name, contentType: 'application/octet-stream', size: source.size },
        filename: source.name,
        ...(options.slug ? { slug: options.slug } : {}),
        // Without a remark the server would write "uploaded from URL …".
        remark: options.remark ?? '',
        ...shareFields(options),
        part_size: partSize,
        total_size: source.size,
        part_count: partCount,
      },
      timeoutMs: 120_000,
    })
    .catch((error: unknown) => {
      if (isCliError(error) && error.status === 404) throw new MultipartUnavailable();
      throw error;
    });
  const parts = init.presigned_urls.map((part) => ({ partNumber: part.partNumber, url: ctx.client.url(part.url) }));
  const fallback = startedAt + (Number(config.signature_expires_in) || 3600) * 1000;
  const expiries = parts.map((part) => presignedUrlExpiry(part.url) ?? fallback);
  const state: UploadState = {
    version: 1,
    server: ctx.server,
    path: source.path,
    size: source.size,
    mtimeMs: source.mtimeMs,
    optionsKey,
    fileId: init.file_id,
    uploadId: init.upload_id,
    slug: init.slug,
    partSize: init.part_size || partSize,
    parts,
    urlsExpireAt: Math.min(fallback, ...expiries),
    done: [],
    init: init as unknown as Record<string, unknown>,
  };
  try {
    await saveUploadState(stateFile, dir, state);
  } catch (error) {
    await abortMultipart(ctx, state);
    throw error;
  }
  return state;
}

async function sendParts(
  ctx: CommandContext,
  source: SourceFile,
  state: UploadState,
  config: StorageConfigLite,
  signal: AbortSignal,
  stateFile: string,
  dir: string,
  resumed: boolean,
): Promise<void> {
  const finished = new Set(state.done.map((part) => part.partNumber));
  const missing = state.parts.filter((part) => !finished.has(part.partNumber));
  const initial = state.done.reduce((sum, part) => sum + part.size, 0);
  const progress = new Progress(progressOptions(ctx), source.name, source.size, initial);
  let saving: Promise<void> = Promise.resolve();
  let failure: unknown;
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) controller.abort(signal.reason);

  const sendOne = async (part: { partNumber: number; url: string }) => {
    const start = (part.partNumber - 1) * state.partSize;
    const length = Math.max(0, Math.min(state.partSize, source.size - start));
    for (let attempt = 1; ; attempt += 1) {
      let sent = 0;
      try {
        const put = await putFileRange(
          part.url,
          { path: source.path, start, length },
          {
            headers: putHeaders(config.provider_type ?? (state.init.provider_type as string | undefined)),
            signal: controller.signal,
            onBytes: (bytes) => {
              sent += bytes;
              progress.add(bytes);
            },
          },
        );
        if (put.status >= 200 && put.status < 300) {
          state.done.push({ partNumber: part.partNumber, etag: put.etag, size: length });
          saving = saving.then(() => saveUploadState(stateFile, dir, state));
          await saving;
          return;
        }
        progress.add(-sent);
        // An expired URL or a bucket upload that is gone: a resumed upload starts over cleanly.
        if (resumed && (put.status === 403 || put.status === 404)) throw new RestartNeeded();
        if (put.status >= 500 && attempt < PART_ATTEMPTS) continue;
        throw storageRefused(ctx, put);
      } catch (error) {
        if (controller.signal.aborted) throw error;
        if (error instanceof PutNetworkError) {
          progress.add(-sent);
          if (attempt < PART_ATTEMPTS) {
            await new Promise((resolveDelay) => setTimeout(resolveDelay, 500 * attempt));
            continue;
          }
          throw new Interrupted(error.message, { cause: error });
        }
        throw error;
      }
    }
  };

  let next = 0;
  const worker = async () => {
    while (failure === undefined && next < missing.length) {
      const part = missing[next] as { partNumber: number; url: string };
      next += 1;
      try {
        await sendOne(part);
      } catch (error) {
        if (failure === undefined) failure = error;
        controller.abort(error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, missing.length) }, worker));
    await saving.catch(() => undefined);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  if (signal.aborted) {
    progress.end(false);
    throw new Interrupted('cancelled');
  }
  if (failure !== undefined) {
    progress.end(false);
    throw failure;
  }
  progress.end(true);
}
