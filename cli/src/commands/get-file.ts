/**
 * Downloading a file share: the public info (contract §5.4.5; `POST …/verify` with a password),
 * then the proxy download link (§5.4.6, `?password=` appended) streamed to `-o FILE`, to the
 * file's own name in the current folder (stdout a terminal), or to stdout (piped, or `-o -`).
 * A file is written as `<file>.part` and renamed at the end; an existing file is kept unless --yes.
 */
import { createWriteStream } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PublicFile } from '@cloudclip/contract';
import { errorForStatus } from '../api/error-map';
import type { CommandContext } from '../context';
import { CliError, isCliError } from '../errors';
import { interruptSignal } from '../transfer/interrupt';
import { Progress } from '../transfer/progress';
import { progressOptions } from '../transfer/texts';

export interface GetFileOptions {
  output?: string;
  password?: string;
}

export interface GetFileDeps {
  /** Aborts the download (tests); Ctrl-C does too. */
  signal?: AbortSignal;
  /** Where a file without -o goes (default the current folder). */
  cwd?: string;
}

/** A name safe to create in the current folder: no folders, no control characters. */
export function safeFileName(name: string, fallback: string): string {
  const base = Array.from(basename(name.replace(/\\/g, '/')))
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return base === '' || base === '.' || base === '..' ? fallback : base;
}

/** The download link with the password appended when it points at the proxy (§5.4.6). */
export function downloadUrlOf(info: PublicFile, password: string | undefined): string | undefined {
  const url = info.proxy_download_url ?? info.downloadUrl;
  if (!url) return undefined;
  if (!password || !/\/api\/file-(download|view)\//.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}password=${encodeURIComponent(password)}`;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function fileInfo(ctx: CommandContext, slug: string, password: string | undefined): Promise<{ info: PublicFile; password?: string }> {
  const path = `/api/public/files/${encodeURIComponent(slug)}`;
  const info = await ctx.client.request<PublicFile>('GET', path, { auth: false, kinds: { 404: 'not-found', 410: 'gone' } });
  if (!info.requires_password) return { info };
  let secret = password;
  if (secret === undefined) {
    if (!ctx.stdinIsTTY) throw new CliError('password', ctx.t('transfer.passwordNeeded'));
    secret = await ctx.prompt(ctx.t('transfer.passwordPrompt'), { secret: true });
  }
  const verified = await ctx.client.request<PublicFile>('POST', `${path}/verify`, {
    auth: false,
    json: { password: secret },
    hints: { password: true },
    kinds: { 404: 'not-found', 410: 'gone' },
  });
  return { info: verified, password: secret };
}

export async function getFile(ctx: CommandContext, slug: string, opts: GetFileOptions, deps: GetFileDeps = {}): Promise<void> {
  const { info, password } = await fileInfo(ctx, slug, opts.password);
  const url = downloadUrlOf(info, password);
  if (!url) throw new CliError('server', ctx.t('transfer.downloadFailed', { name: info.filename, reason: 'no download link' }));

  const stdoutIsTTY = (ctx.stdout as { isTTY?: boolean }).isTTY === true;
  const toStdout = opts.output === '-' || (opts.output === undefined && !stdoutIsTTY);
  const target = toStdout ? undefined : resolve(deps.cwd ?? process.cwd(), opts.output ?? safeFileName(info.filename, slug));
  const shown = opts.output ?? (target ? basename(target) : '-');
  if (target && !ctx.yes && (await exists(target))) throw new CliError('bad-input', ctx.t('transfer.exists', { path: shown }));

  const interrupt = interruptSignal(deps.signal);
  const partFile = target ? `${target}.part` : undefined;
  let progress: Progress | undefined;
  try {
    const response = await ctx.client.raw('GET', url, { auth: false, signal: interrupt.signal });
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      throw errorForStatus(ctx.lang, response.status, text.slice(0, 200), { password: password !== undefined });
    }
    const lengthHeader = response.headers.get('content-length');
    const total = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
    progress = new Progress(progressOptions(ctx), info.filename, total ?? (info.size > 0 ? info.size : undefined));
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        progress?.add(chunk.length);
        callback(null, chunk);
      },
    });
    const body = Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]);
    if (partFile) {
      await pipeline(body, counter, createWriteStream(partFile, { mode: 0o644 }), { signal: interrupt.signal }).catch((error: unknown) => {
        if (interrupt.signal.aborted) throw error;
        const code = (error as NodeJS.ErrnoException).code;
        if (code && /^E(ACCES|NOENT|ROFS|NOSPC|ISDIR|PERM|DQUOT)$/.test(code)) {
          throw new CliError('bad-input', ctx.t('transfer.cannotWrite', { path: shown, reason: (error as Error).message }), {
            cause: error,
          });
        }
        throw error;
      });
    } else {
      await pipeline(body, counter, ctx.stdout, { signal: interrupt.signal, end: false });
    }
    // A compressed answer's length counts the compressed bytes (fetch hands over the plain ones).
    if (total !== undefined && received !== total && !response.headers.get('content-encoding')) {
      throw new CliError('unreachable', ctx.t('transfer.truncated', { done: received, total }));
    }
    if (partFile && target) await rename(partFile, target);
    progress.end(true);
    if (ctx.json) ctx.stdout.write(`${JSON.stringify({ ...info, path: target ?? '-', size: received })}\n`);
    else if (target && !ctx.quiet) ctx.stderr.write(`${ctx.t('transfer.saved', { path: shown })}\n`);
  } catch (error) {
    progress?.end(false);
    if (partFile) await rm(partFile, { force: true });
    if (interrupt.signal.aborted)
      throw new CliError('cancelled', ctx.t('transfer.downloadCancelled', { name: info.filename }), { cause: error });
    if (isCliError(error)) {
      if (error.kind === 'unreachable' || error.kind === 'server') {
        throw new CliError(error.kind, ctx.t('transfer.downloadFailed', { name: info.filename, reason: error.message }), { cause: error });
      }
      throw error;
    }
    throw new CliError('unreachable', ctx.t('transfer.downloadFailed', { name: info.filename, reason: (error as Error).message }), {
      cause: error,
    });
  } finally {
    interrupt.dispose();
  }
}
