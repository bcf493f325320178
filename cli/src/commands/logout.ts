/** `cloudclip logout`: forgets the stored credentials; an admin token is also revoked on the server. */
import { ApiClient } from '../api/client';
import { removeConfigFile, writeConfig } from '../config/config';
import { CliError } from '../errors';
import type { CommandContext } from '../context';
import type { Session } from './session';

export async function runLogout(ctx: CommandContext, positionals: string[], session: Session): Promise<void> {
  if (positionals.length > 0) {
    throw new CliError('usage', ctx.t('usage.unexpectedArgument', { argument: positionals[0] as string }));
  }
  const { stored } = session;
  if (!stored.key && !stored.adminToken) {
    if (!ctx.quiet) ctx.stderr.write(`${ctx.t('logout.nothing')}\n`);
    return;
  }
  const server = stored.server ?? ctx.server;
  if (stored.adminToken && server) {
    const client = new ApiClient({ server, adminToken: stored.adminToken, lang: ctx.lang, timeoutMs: 10_000 });
    // Best effort: an expired token or an unreachable server must not keep the credentials on disk.
    await client.request('POST', '/api/admin/logout').catch(() => undefined);
  }
  if (stored.server) writeConfig(session.configFile, { server: stored.server });
  else removeConfigFile(session.configFile);
  if (!ctx.quiet) ctx.stdout.write(`${ctx.t('logout.done', { server: server ?? '?', file: session.configFile })}\n`);
}
