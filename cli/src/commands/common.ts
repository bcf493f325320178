import { readFile } from 'node:fs/promises';
import { CliError } from '../errors';
import type { CommandContext } from '../context';

/** The server address, or a usage error saying how to give one. */
export function requireServer(ctx: CommandContext): string {
  if (!ctx.server) throw new CliError('usage', ctx.t('usage.noServer'));
  return ctx.server;
}

export async function readStreamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readTextFile(ctx: CommandContext, file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError('bad-input', ctx.t('error.readFile', { file, reason: describeFsError(ctx, reason) }), { cause: error });
  }
}

/** A file-system error code in words (no such file, permission denied, a folder), else the code. */
export function describeFsError(ctx: CommandContext, code: string): string {
  return ['ENOENT', 'EACCES', 'EISDIR'].includes(code) ? ctx.t(`fs.${code}`) : code;
}

export function writeJson(ctx: CommandContext, value: unknown): void {
  ctx.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A note on stderr (not in --quiet). */
export function note(ctx: CommandContext, text: string): void {
  if (!ctx.quiet) ctx.stderr.write(`${text}\n`);
}

/**
 * Asks y/N before something that cannot be undone: true with --yes; asks when stdin is a terminal;
 * otherwise false (the caller says to pass --yes).
 */
export async function confirmed(ctx: CommandContext, question: string): Promise<boolean | 'cannot-ask'> {
  if (ctx.yes) return true;
  if (!ctx.stdinIsTTY) return 'cannot-ask';
  const answer = (await ctx.prompt(question)).trim().toLowerCase();
  return answer === 'y' || answer === 'yes' || answer === '是' || answer === 'shi';
}
