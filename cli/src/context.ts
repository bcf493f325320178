import type { ApiClient } from './api/client';
import type { Lang } from './i18n/messages';

/** Everything a command needs: the API client, the user's language, the streams and the global flags. */
export interface CommandContext {
  client: ApiClient;
  /** Server address without a trailing slash, e.g. `http://localhost:8787`. */
  server: string;
  lang: Lang;
  t: (key: string, vars?: Record<string, string | number>) => string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  json: boolean;
  quiet: boolean;
  debug: boolean;
  yes: boolean;
  /** Asks on stderr and reads one line from stdin (`secret`: typed characters are not shown). */
  prompt: (question: string, opts?: { secret?: boolean }) => Promise<string>;
}
