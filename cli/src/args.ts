/**
 * Command-line parsing with node:util parseArgs (strict): global flags may stand before or after the
 * command; an unknown option, a missing value or a stray argument is a usage error (exit 2).
 */
import { parseArgs } from 'node:util';
import { CliError } from './errors';
import { SHARE_OPTION_SPECS } from './share-options';

export const COMMANDS = ['login', 'logout', 'paste', 'get', 'upload', 'ls', 'rm'] as const;
export type CommandName = (typeof COMMANDS)[number];

type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: boolean };

export const GLOBAL_OPTION_SPECS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  debug: { type: 'boolean' },
  server: { type: 'string' },
  key: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
} as const satisfies Record<string, OptionSpec>;

export const COMMAND_OPTION_SPECS: Record<CommandName, Record<string, OptionSpec>> = {
  login: {},
  logout: {},
  paste: { ...SHARE_OPTION_SPECS, encrypt: { type: 'boolean' }, qr: { type: 'boolean' } },
  get: { output: { type: 'string', short: 'o' }, password: { type: 'string' } },
  upload: { ...SHARE_OPTION_SPECS, storage: { type: 'string' } },
  ls: { search: { type: 'string' }, tag: { type: 'string' }, type: { type: 'string' } },
  rm: { type: { type: 'string' } },
};

export interface GlobalFlags {
  help: boolean;
  version: boolean;
  json: boolean;
  quiet: boolean;
  debug: boolean;
  yes: boolean;
  server?: string;
  key?: string;
}

export interface ParsedCommandLine {
  globals: GlobalFlags;
  command?: CommandName;
  /** The command's own option values (share flags etc.). */
  values: Record<string, unknown>;
  positionals: string[];
}

type Translate = (key: string, vars?: Record<string, string | number>) => string;

function isCommand(value: string): value is CommandName {
  return (COMMANDS as readonly string[]).includes(value);
}

/** A parseArgs failure as a one-line usage error in the user's language. */
function usageFromParseError(error: unknown, t: Translate): CliError {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-{1,2}[^'\s]*)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new CliError('usage', t('usage.unknownOption', { option }));
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return new CliError('usage', t('usage.missingValue', { option }));
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const argument = /'([^']*)'/.exec(message)?.[1] ?? '';
    return new CliError('usage', t('usage.unexpectedArgument', { argument }));
  }
  return new CliError('usage', t('usage.badOption', { detail: message.split('\n')[0] ?? message }));
}

/** Index of the command word: the first argument that is neither an option nor a global option's value. */
function commandIndex(argv: string[]): number {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--') return i + 1 < argv.length ? i + 1 : -1;
    if (arg === '--server' || arg === '--key') {
      i += 1;
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') continue;
    return i;
  }
  return -1;
}

function toGlobals(values: Record<string, unknown>): GlobalFlags {
  const globals: GlobalFlags = {
    help: values.help === true,
    version: values.version === true,
    json: values.json === true,
    quiet: values.quiet === true,
    debug: values.debug === true,
    yes: values.yes === true,
  };
  if (typeof values.server === 'string') globals.server = values.server;
  if (typeof values.key === 'string') globals.key = values.key;
  return globals;
}

/**
 * Splits argv into global flags, the command and its options. Throws a usage CliError for an
 * unknown command or option (the command is named in `command` of the error's context by the caller).
 */
export function parseCommandLine(argv: string[], t: Translate): ParsedCommandLine {
  const at = commandIndex(argv);
  const before = at === -1 ? argv : argv.slice(0, at).filter((arg) => arg !== '--');
  let globalValues: Record<string, unknown>;
  try {
    globalValues = parseArgs({ args: before, options: GLOBAL_OPTION_SPECS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageFromParseError(error, t);
  }
  if (at === -1) return { globals: toGlobals(globalValues), values: {}, positionals: [] };
  const word = argv[at] as string;
  if (!isCommand(word)) {
    if (globalValues.help === true) return { globals: toGlobals(globalValues), values: {}, positionals: [] };
    throw new CliError('usage', t('usage.unknownCommand', { command: word }));
  }
  const options = { ...GLOBAL_OPTION_SPECS, ...COMMAND_OPTION_SPECS[word] };
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv.slice(at + 1), options, strict: true, allowPositionals: true });
  } catch (error) {
    const usage = usageFromParseError(error, t);
    (usage as CliError & { command?: string }).command = word;
    throw usage;
  }
  const merged = { ...globalValues };
  for (const name of Object.keys(GLOBAL_OPTION_SPECS)) {
    if (parsed.values[name] !== undefined) merged[name] = parsed.values[name];
  }
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(COMMAND_OPTION_SPECS[word])) {
    if (parsed.values[name] !== undefined) values[name] = parsed.values[name];
  }
  return { globals: toGlobals(merged), command: word, values, positionals: parsed.positionals };
}

/** `--type paste|file`, or undefined; a usage error for anything else. */
export function parseTypeFilter(value: unknown, t: Translate): 'paste' | 'file' | undefined {
  if (value === undefined) return undefined;
  if (value === 'paste' || value === 'file') return value;
  throw new CliError('usage', t('usage.type', { value: String(value) }));
}
