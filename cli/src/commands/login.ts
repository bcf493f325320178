/**
 * `cloudclip login`: asks the server address, then "API key or admin login?". A key is checked with
 * `GET /api/test/api-key` (contract §5.1) and stored; an admin login (`POST /api/admin/login`) stores
 * its token with its expiry. With --server and --key nothing is asked.
 */
import { ApiClient } from '../api/client';
import { isServerAddress, normaliseServer, writeConfig, type StoredConfig } from '../config/config';
import { CliError } from '../errors';
import type { CommandContext } from '../context';
import { writeJson } from './common';
import type { Session } from './session';

interface KeyTestData {
  name?: string;
  permissions?: { text?: boolean; file?: boolean; mount?: boolean };
}

interface AdminLoginData {
  username?: string;
  token: string;
  expiresAt?: string;
}

export async function runLogin(ctx: CommandContext, positionals: string[], session: Session): Promise<void> {
  if (positionals.length > 0) {
    throw new CliError('usage', ctx.t('usage.unexpectedArgument', { argument: positionals[0] as string }));
  }
  const canAsk = ctx.stdinIsTTY;
  const needTerminal = (): CliError => new CliError('usage', ctx.t('error.needsTerminal', { hint: ctx.t('login.needsTerminalHint') }));

  let server = session.flags.server ?? session.env.CLOUDCLIP_SERVER;
  if (!server) {
    if (!canAsk) throw needTerminal();
    const suggestion = session.stored.server ?? 'http://localhost:8787';
    const answer = (await ctx.prompt(`${ctx.t('login.server')} [${suggestion}]: `)).trim();
    server = answer || suggestion;
  }
  server = normaliseServer(server);
  if (!isServerAddress(server)) throw new CliError('usage', ctx.t('usage.badServer', { value: server }));

  let key = session.flags.key;
  let method: 'key' | 'admin' = 'key';
  if (!key) {
    if (!canAsk) throw needTerminal();
    const answer = (await ctx.prompt(ctx.t('login.method'))).trim().toLowerCase();
    if (answer === '' || answer.startsWith('k') || answer === '密钥') method = 'key';
    else if (answer.startsWith('a') || answer === '管理员') method = 'admin';
    else throw new CliError('usage', ctx.t('login.badMethod'));
  }

  if (method === 'key') {
    if (!key) key = (await ctx.prompt(ctx.t('login.key'), { secret: true })).trim();
    const client = new ApiClient({ server, key, lang: ctx.lang });
    const info = await client.request<KeyTestData>('GET', '/api/test/api-key');
    const config: StoredConfig = { server, key };
    writeConfig(session.configFile, config);
    if (ctx.json) writeJson(ctx, { server, method: 'key', name: info?.name ?? null, permissions: info?.permissions ?? null });
    else {
      ctx.stdout.write(`${ctx.t('login.savedKey', { server, name: info?.name ?? '?', file: session.configFile })}\n`);
      for (const what of ['text', 'file'] as const) {
        if (info?.permissions && info.permissions[what] === false) {
          ctx.stderr.write(`${ctx.t('login.keyNoPermission', { what: ctx.t(`login.permission.${what}`) })}\n`);
        }
      }
    }
    return;
  }

  const username = (await ctx.prompt(ctx.t('login.username'))).trim();
  const password = await ctx.prompt(ctx.t('login.password'), { secret: true });
  const client = new ApiClient({ server, lang: ctx.lang });
  const data = await client.request<AdminLoginData>('POST', '/api/admin/login', {
    json: { username, password },
    auth: false,
    hints: { password: true },
  });
  if (!data || typeof data.token !== 'string') {
    throw new CliError('server', ctx.t('error.badAnswer', { status: 200, detail: 'no token' }));
  }
  const config: StoredConfig = { server, adminToken: data.token, username: data.username ?? username };
  if (data.expiresAt) config.adminTokenExpiresAt = data.expiresAt;
  writeConfig(session.configFile, config);
  const expires = data.expiresAt ? new Date(data.expiresAt).toLocaleString(ctx.lang) : '?';
  if (ctx.json) writeJson(ctx, { server, method: 'admin', username: config.username, expiresAt: data.expiresAt ?? null });
  else {
    ctx.stdout.write(
      `${ctx.t('login.savedAdmin', { server, username: config.username ?? username, expires, file: session.configFile })}\n`,
    );
  }
}
