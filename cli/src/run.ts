/**
 * The whole command line as one function: parse, build the context, dispatch, map errors to one
 * line on stderr and an exit code (0 ok, 1 failure, 2 usage). main.ts calls it with the process.
 */
import { ApiClient } from './api/client';
import { parseCommandLine, type CommandName, type ParsedCommandLine } from './args';
import { configFile as configFileOf, effectiveSettings, isServerAddress, readConfig } from './config/config';
import type { CommandContext } from './context';
import { CliError } from './errors';
import { detectLang, t as translate, type Lang } from './i18n/messages';
import { createPrompt } from './prompt';
import type { Session } from './commands/session';

declare const __CLOUDCLIP_VERSION__: string | undefined;

export const VERSION = typeof __CLOUDCLIP_VERSION__ === 'string' ? __CLOUDCLIP_VERSION__ : '0.0.0-dev';

export interface RunIo {
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  stdinIsTTY: boolean;
  stderrIsTTY: boolean;
  platform?: NodeJS.Platform;
  home?: string;
  /** Replaces the terminal prompt (tests). */
  prompt?: CommandContext['prompt'];
}

/** Runs one command line; resolves to the exit code. Never throws. */
export async function run(argv: string[], io: RunIo): Promise<number> {
  const lang: Lang = detectLang(io.env);
  const t = (key: string, vars?: Record<string, string | number>): string => translate(lang, key, vars);
  let parsed: ParsedCommandLine | undefined;
  let debug = argv.includes('--debug');
  try {
    parsed = parseCommandLine(argv, t);
    debug = parsed.globals.debug;
    const { globals, command } = parsed;
    const file = configFileOf(io.env, io.platform, io.home);
    if (globals.version) {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    if (globals.help || !command) {
      if (!command && !globals.help) throw new CliError('usage', t('usage.noCommand'));
      io.stdout.write(`${t(command ? `help.${command}` : 'help.main', { configFile: file })}\n`);
      return 0;
    }

    const stored = readConfig(file);
    const flags: Session['flags'] = {};
    if (globals.server !== undefined) flags.server = globals.server;
    if (globals.key !== undefined) flags.key = globals.key;
    const settings = effectiveSettings(stored, io.env, flags);
    if (settings.server && !isServerAddress(settings.server)) {
      throw new CliError('usage', t('usage.badServer', { value: settings.server }));
    }
    if (settings.adminExpired && !settings.key && command !== 'login' && command !== 'logout') {
      io.stderr.write(`cloudclip: ${t('error.adminExpired')}\n`);
    }
    const clientOptions: ConstructorParameters<typeof ApiClient>[0] = { server: settings.server ?? '', lang };
    if (settings.key) clientOptions.key = settings.key;
    if (settings.adminToken) clientOptions.adminToken = settings.adminToken;
    const ctx: CommandContext = {
      client: new ApiClient(clientOptions),
      server: settings.server ?? '',
      lang,
      t,
      stdout: io.stdout,
      stderr: io.stderr,
      stdin: io.stdin,
      stderrIsTTY: io.stderrIsTTY,
      stdinIsTTY: io.stdinIsTTY,
      json: globals.json,
      quiet: globals.quiet,
      debug: globals.debug,
      yes: globals.yes,
      prompt: io.prompt ?? createPrompt(io.stdin, io.stderr, t('error.cancelled')),
    };
    await dispatch(command, ctx, parsed, { configFile: file, stored, env: io.env, flags });
    return 0;
  } catch (error) {
    return report(error, io, t, debug, parsed?.command ?? (error as { command?: CommandName }).command);
  }
}

async function dispatch(command: CommandName, ctx: CommandContext, parsed: ParsedCommandLine, session: Session): Promise<void> {
  const { positionals, values } = parsed;
  switch (command) {
    case 'login':
      return (await import('./commands/login')).runLogin(ctx, positionals, session);
    case 'logout':
      return (await import('./commands/logout')).runLogout(ctx, positionals, session);
    case 'paste':
      return (await import('./commands/paste')).runPaste(ctx, positionals, values);
    case 'get':
      return (await import('./commands/get')).runGet(ctx, positionals, values);
    case 'ls':
      return (await import('./commands/ls')).runLs(ctx, positionals, values);
    case 'rm':
      return (await import('./commands/rm')).runRm(ctx, positionals, values);
    case 'upload': {
      if (positionals.length === 0) throw new CliError('usage', ctx.t('usage.uploadArgument'));
      const { parseShareOptions } = await import('./share-options');
      const options: Parameters<typeof import('./commands/upload').runUpload>[2] = parseShareOptions(values, ctx.t);
      if (typeof values.storage === 'string' && values.storage !== '') options.storage = values.storage;
      return (await import('./commands/upload')).runUpload(ctx, positionals, options);
    }
  }
}

function report(
  error: unknown,
  io: RunIo,
  t: (key: string, vars?: Record<string, string | number>) => string,
  debug: boolean,
  command: CommandName | undefined,
): number {
  if (error instanceof CliError) {
    const hint = error.kind === 'usage' ? ` (${t('usage.hint', { command: command ?? '' }).replace('  ', ' ')})` : '';
    io.stderr.write(`cloudclip: ${error.message}${hint}\n`);
    if (debug && error.stack) io.stderr.write(`${error.stack}\n${causeStack(error)}`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`cloudclip: ${t('error.unexpected', { detail: message })}\n`);
  if (debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return 1;
}

function causeStack(error: Error): string {
  const cause = error.cause;
  return cause instanceof Error && cause.stack ? `Caused by: ${cause.stack}\n` : '';
}
