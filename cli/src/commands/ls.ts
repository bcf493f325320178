/** `cloudclip ls`: a table of the caller's pastes and file shares (or `--json` rows). */
import { NEVER_EXPIRES_AT } from '@cloudclip/contract';
import { parseTypeFilter } from '../args';
import { CliError } from '../errors';
import type { CommandContext } from '../context';
import { requireServer, writeJson } from './common';
import { listFiles, listPastes, requireCredentials, type ListFilter, type ShareRow } from './listing';

export async function runLs(ctx: CommandContext, positionals: string[], values: Record<string, unknown>): Promise<void> {
  if (positionals.length > 0) {
    throw new CliError('usage', ctx.t('usage.unexpectedArgument', { argument: positionals[0] as string }));
  }
  const type = parseTypeFilter(values.type, ctx.t);
  const filter: ListFilter = {};
  if (typeof values.search === 'string' && values.search.trim() !== '') filter.search = values.search.trim();
  if (typeof values.tag === 'string' && values.tag.trim() !== '') filter.tag = values.tag.trim();
  requireServer(ctx);
  requireCredentials(ctx);

  // Tags exist on pastes only: --tag lists pastes.
  const wantPastes = type !== 'file';
  const wantFiles = type !== 'paste' && filter.tag === undefined;
  const results = await Promise.allSettled([
    wantPastes ? listPastes(ctx, filter) : Promise.resolve([]),
    wantFiles ? listFiles(ctx, filter) : Promise.resolve([]),
  ]);
  const rows: ShareRow[] = [];
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') rows.push(...result.value);
    else if (
      // A key with only one permission still lists the other kind, unless that kind was asked for.
      type === undefined &&
      result.reason instanceof CliError &&
      result.reason.kind === 'auth' &&
      results[1 - index]?.status === 'fulfilled'
    ) {
      continue;
    } else throw result.reason;
  }
  rows.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

  if (ctx.json) {
    writeJson(ctx, rows);
    return;
  }
  if (rows.length === 0) {
    if (!ctx.quiet) ctx.stderr.write(`${ctx.t('ls.empty')}\n`);
    return;
  }
  ctx.stdout.write(formatTable(ctx, rows));
}

export function formatTable(ctx: Pick<CommandContext, 't'>, rows: ShareRow[]): string {
  const header = ['ls.type', 'ls.slug', 'ls.name', 'ls.size', 'ls.views', 'ls.expires', 'ls.created'].map((key) => ctx.t(key));
  const lines = rows.map((row) => [
    ctx.t(row.type === 'paste' ? 'ls.paste' : 'ls.file'),
    row.slug,
    truncate(row.name + (row.tags?.length ? ` [${row.tags.join(', ')}]` : ''), 40),
    row.size === null ? '-' : formatSize(row.size),
    row.maxViews ? `${row.views}/${row.maxViews}` : String(row.views),
    !row.expiresAt || row.expiresAt === NEVER_EXPIRES_AT ? ctx.t('ls.never') : formatTime(row.expiresAt),
    formatTime(row.createdAt),
  ]);
  const table = [header, ...lines];
  const widths = header.map((_, column) => Math.max(...table.map((line) => displayWidth(line[column] ?? ''))));
  return `${table
    .map((line) =>
      line
        .map((cell, column) => (column === line.length - 1 ? cell : pad(cell, widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}

function truncate(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ')];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** Terminal columns: East Asian wide characters take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    width +=
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x20000 && code <= 0x3fffd)
        ? 2
        : 1;
  }
  return width;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** `YYYY-MM-DD HH:MM` in local time; the input unchanged when it is not a date. */
export function formatTime(value: string): string {
  const normalized = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const time = new Date(normalized);
  if (Number.isNaN(time.getTime())) return value;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${two(time.getMonth() + 1)}-${two(time.getDate())} ${two(time.getHours())}:${two(time.getMinutes())}`;
}
