/**
 * `cloudclip upload FILE…`: each file becomes a file share (contract §5.4.2), one after another,
 * one link per file on stdout. Small files: presign → one streamed PUT to the bucket → commit.
 * Files above one part (8 MiB): the resumable multipart flow of upload-multipart.ts.
 */
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { FileCommitResponse, FilePresignResponse } from '@cloudclip/contract';
import type { CommandContext } from '../context';
import { CliError } from '../errors';
import { putFileRange } from '../transfer/http-put';
import { interruptSignal } from '../transfer/interrupt';
import { Progress } from '../transfer/progress';
import { progressOptions } from '../transfer/texts';
import { MultipartUnavailable, PART_SIZE, uploadMultipart } from './upload-multipart';
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

export async function runUpload(ctx: CommandContext, files: string[], options: UploadOptions, deps: UploadDeps = {}): Promise<void> {
  const sources: SourceFile[] = [];
  for (const file of files) sources.push(await describeSource(ctx, file));
  const config = await chooseStorage(ctx, options.storage);
  const interrupt = interruptSignal(deps.signal);
  try {
    for (const source of sources) {
      const useMultipart = source.size > (deps.partSize ?? PART_SIZE);
      let answer = useMultipart
        ? await uploadMultipart(ctx, source, config, options, interrupt.signal, deps).catch(noMultipart)
        : undefined;
      answer ??= await uploadSingle(ctx, source, config, options, interrupt.signal);
      const slug = String(answer.slug);
      const link = `${ctx.server}/file/${encodeURIComponent(slug)}`;
      ctx.stdout.write(ctx.json ? `${JSON.stringify({ ...answer, link })}\n` : `${link}\n`);
    }
  } finally {
    interrupt.dispose();
  }
}

/** A server without the multipart routes (404 on init) gets the file in one PUT instead. */
function noMultipart(error: unknown): undefined {
  if (error instanceof MultipartUnavailable) return undefined;
  throw error;
}

async function describeSource(ctx: CommandContext, file: string): Promise<SourceFile> {
  const path = resolve(file);
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new CliError('bad-input', ctx.t('transfer.cannotRead', { path: file, reason: (error as Error).message }), { cause: error });
  }
  if (!info.isFile()) throw new CliError('bad-input', ctx.t('transfer.notAFile', { path: file }));
  return { path, name: basename(path), size: info.size, mtimeMs: info.mtimeMs };
}

/**
 * The storage to upload to: `--storage` by id or name, else what `PUT /api/upload-direct` would
 * pick (contract §5.4.2): the default among the configs the caller may use, else the first one.
 */
export async function chooseStorage(ctx: CommandContext, wanted: string | undefined): Promise<StorageConfigLite> {
  const configs = await ctx.client.request<StorageConfigLite[] | null>('GET', '/api/s3-configs');
  const list = Array.isArray(configs) ? configs : [];
  if (wanted !== undefined) {
    const lower = wanted.toLowerCase();
    const found = list.find((config) => config.id === wanted) ?? list.find((config) => config.name.toLowerCase() === lower);
    if (!found) {
      const names = list.map((config) => config.name).join(', ') || '-';
      throw new CliError('bad-input', ctx.t('transfer.unknownStorage', { storage: wanted, names }));
    }
    return found;
  }
  const chosen = list.find((config) => config.is_default === 1 || config.is_default === true) ?? list[0];
  if (!chosen) throw new CliError('bad-input', ctx.t('transfer.noStorage'));
  return chosen;
}

/** Deletes a pending share (best effort): key holders through /api/user, the admin through /api/admin. */
async function deletePending(ctx: CommandContext, fileId: string): Promise<void> {
  const scope = ctx.client.key ? 'user' : 'admin';
  await ctx.client.request('DELETE', `/api/${scope}/files/${encodeURIComponent(fileId)}`).catch(() => undefined);
}

// ------------------------------------------------------------------------------ one PUT

async function uploadSingle(
  ctx: CommandContext,
  source: SourceFile,
  config: StorageConfigLite,
  options: UploadOptions,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  // Not cancelled by Ctrl-C: once it answers, the pending row it made is known and can be removed.
  const presigned = await ctx.client.request<FilePresignResponse>('POST', '/api/s3/presign', {
    json: { s3_config_id: config.id, filename: source.name, size: source.size, ...(options.slug ? { slug: options.slug } : {}) },
  });
  const progress = new Progress(progressOptions(ctx), source.name, source.size);
  try {
    if (signal.aborted) throw signal.reason;
    const put = await putFileRange(
      ctx.client.url(presigned.upload_url),
      { path: source.path, start: 0, length: source.size },
      { headers: putHeaders(presigned.provider_type, presigned.contentType), signal, onBytes: (bytes) => progress.add(bytes) },
    );
    if (put.status < 200 || put.status >= 300) throw storageRefused(ctx, put);
    const committed = await ctx.client.request<FileCommitResponse>('POST', '/api/s3/commit', {
      json: { file_id: presigned.file_id, etag: put.etag, size: String(source.size), ...shareFields(options) },
      signal,
      timeoutMs: 120_000,
    });
    progress.end(true);
    return committed as unknown as Record<string, unknown>;
  } catch (error) {
    progress.end(false);
    await deletePending(ctx, presigned.file_id);
    if (signal.aborted) throw new CliError('cancelled', ctx.t('transfer.cancelled', { name: source.name }), { cause: error });
    throw failedRemoved(ctx, source, error, 'unreachable');
  }
}
