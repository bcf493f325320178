/**
 * The one error type of the command line. Every failure a user can meet is a CliError with a kind
 * (what went wrong, for tests and `--json`) and an exit code (2 for a usage mistake, 1 otherwise).
 * The message is already in the user's language; main.ts prints it as `cloudclip: <message>`.
 */
export type CliErrorKind =
  'usage' | 'auth' | 'not-found' | 'gone' | 'password' | 'quota' | 'too-large' | 'unreachable' | 'server' | 'bad-input' | 'cancelled';

export class CliError extends Error {
  readonly kind: CliErrorKind;
  readonly exitCode: 1 | 2;
  /** HTTP status when the error came from a server answer. */
  readonly status?: number;

  constructor(kind: CliErrorKind, message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'CliError';
    this.kind = kind;
    this.exitCode = kind === 'usage' ? 2 : 1;
    if (opts.status !== undefined) this.status = opts.status;
  }
}

export function isCliError(error: unknown): error is CliError {
  return error instanceof CliError;
}
