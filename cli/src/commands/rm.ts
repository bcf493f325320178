/** `cloudclip rm SLUG…`: deletes each of the caller's pastes / file shares, reporting each result. */
import { parseTypeFilter } from '../args';
import { CliError } from '../errors';
import type { CommandContext } from '../context';
import { confirmed, requireServer, writeJson } from './common';
import { deleteRow, listFiles, listPastes, requireCredentials, type ShareRow } from './listing';

interface RmResult {
  slug: string;
  type?: 'paste' | 'file';
  deleted: boolean;
  error?: string;
}

export async function runRm(ctx: CommandContext, positionals: string[], values: Record<string, unknown>): Promise<void> {
  if (positionals.length === 0) throw new CliError('usage', ctx.t('usage.rmArgument'));
  const type = parseTypeFilter(values.type, ctx.t);
  requireServer(ctx);
  requireCredentials(ctx);

  const pastes = type === 'file' ? [] : await listOrEmpty(listPastes(ctx), type === 'paste');
  const files = type === 'paste' ? [] : await listOrEmpty(listFiles(ctx), type === 'file');
  const results: RmResult[] = [];
  for (const slug of positionals) {
    const matches: ShareRow[] = [...pastes, ...files].filter((row) => row.slug === slug);
    if (matches.length === 0) {
      results.push({ slug, deleted: false, error: ctx.t('rm.notFound', { slug }) });
      if (!ctx.json) ctx.stderr.write(`${ctx.t('rm.notFound', { slug })}\n`);
      continue;
    }
    for (const row of matches) {
      const typeName = ctx.t(row.type === 'paste' ? 'ls.paste' : 'ls.file');
      if (ctx.stdinIsTTY && !ctx.yes) {
        const answer = await confirmed(ctx, ctx.t('rm.confirm', { type: typeName, slug }));
        if (answer !== true) {
          results.push({ slug, type: row.type, deleted: false, error: 'kept' });
          if (!ctx.json) ctx.stderr.write(`${ctx.t('rm.kept', { slug })}\n`);
          continue;
        }
      }
      try {
        await deleteRow(ctx, row);
        results.push({ slug, type: row.type, deleted: true });
        if (!ctx.json) ctx.stdout.write(`${ctx.t('rm.deleted', { type: typeName, slug })}\n`);
      } catch (error) {
        if (!(error instanceof CliError) || error.kind === 'unreachable') throw error;
        results.push({ slug, type: row.type, deleted: false, error: error.message });
        if (!ctx.json) ctx.stderr.write(`${ctx.t('rm.failed', { slug, message: error.message })}\n`);
      }
    }
  }
  if (ctx.json) writeJson(ctx, results);
  const failed = results.filter((result) => !result.deleted && result.error !== 'kept').length;
  if (failed > 0) {
    throw new CliError('not-found', ctx.t('rm.someFailed', { count: failed, total: results.length }));
  }
}

/** A key without the text (or file) permission simply has none of that kind, unless it was asked for. */
async function listOrEmpty(list: Promise<ShareRow[]>, required: boolean): Promise<ShareRow[]> {
  try {
    return await list;
  } catch (error) {
    if (!required && error instanceof CliError && error.kind === 'auth') return [];
    throw error;
  }
}
