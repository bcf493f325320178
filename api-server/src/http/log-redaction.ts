import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** What a secret is replaced with in the log. */
export const REDACTED = '[REDACTED]';

/** Query parameters that are secrets by name (compared in lower case). */
const SECRET_PARAMS = new Set(['password', 'passwd', 'pwd', 'pass', 'key', 'sig', 'auth', 'credential', 'x-amz-credential']);

/** Query parameters whose name contains one of these are secrets too (token, api_key, X-Amz-Signature, client_secret…). */
const SECRET_PARTS = ['password', 'token', 'secret', 'signature', 'apikey', 'api_key', 'api-key', 'auth_key', 'auth-key', 'credential'];

/** Headers that carry credentials; never written to the log. */
const SECRET_HEADERS = ['authorization', 'x-custom-auth-key', 'cookie', 'proxy-authorization', 'x-amz-security-token'];

function decodedName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: judge the name as written.
  }
  return name
    .replace(/\[[^\]]*\]$/, '')
    .trim()
    .toLowerCase();
}

/** Whether a query parameter named `raw` (as it appears in the URL) holds a secret. */
export function isSecretParam(raw: string): boolean {
  const name = decodedName(raw);
  return SECRET_PARAMS.has(name) || SECRET_PARTS.some((part) => name.includes(part));
}

/**
 * The URL with the value of every secret query parameter (share passwords, keys, tokens,
 * signatures) replaced by `[REDACTED]`; the path and the other parameters are kept as sent.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0 || !isSecretParam(pair.slice(0, equals))) return pair;
      return `${pair.slice(0, equals + 1)}${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}

/**
 * Secret query parameters inside any text (a log line, an error message naming a URL): every
 * `?name=value` / `&name=value` whose name is a secret gets its value redacted. A backstop for
 * URLs that reach the log through messages rather than the `req` serializer.
 */
export function redactUrlsInText(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(/([?&])([^=&#?\s"'\\]+)=([^&#\s"'\\]*)/g, (match, sep: string, name: string) =>
    isSecretParam(name) ? `${sep}${name}=${REDACTED}` : match,
  );
}

/** The `req` of request logs: as Fastify's own, with the URL redacted and never a header but `accept-version`. */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Header paths pino censors wherever headers are logged by hand (`{ headers }`, `{ req: { headers } }`, raw requests). */
function headerRedactPaths(): string[] {
  const paths: string[] = [];
  for (const header of SECRET_HEADERS) {
    for (const prefix of ['headers', 'req.headers', 'request.headers', 'raw.headers', 'req.raw.headers', '*.headers']) {
      paths.push(`${prefix}[${JSON.stringify(header)}]`);
    }
  }
  return paths;
}

interface LineStream {
  write(line: string): unknown;
}

type LoggerOptionsObject = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * Fastify logger options with the redaction every Cloudclip log gets: the `req` serializer
 * redacts secret query parameters (share passwords on downloads and uploads, keys, signatures),
 * credential headers are censored wherever they are logged, and each written line passes
 * through `redactUrlsInText` (URLs inside messages and errors). `false` stays off.
 */
export function redactingLoggerOptions(logger: FastifyServerOptions['logger'] | undefined): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false;
  const base: LoggerOptionsObject = logger === true ? {} : { ...logger };
  const options = base as LoggerOptionsObject & {
    stream?: LineStream;
    transport?: unknown;
    file?: string;
    redact?: string[] | { paths: string[]; censor?: unknown; remove?: boolean };
  };
  const userRedact = options.redact;
  const redactPaths = headerRedactPaths();
  options.redact =
    userRedact === undefined
      ? { paths: redactPaths, censor: REDACTED }
      : Array.isArray(userRedact)
        ? { paths: [...userRedact, ...redactPaths], censor: REDACTED }
        : { ...userRedact, paths: [...userRedact.paths, ...redactPaths] };
  options.serializers = { ...options.serializers, req: serializeRequest as (request: unknown) => Record<string, unknown> };
  // A `transport` or a `file` destination is pino's own to open: those lines get the serializers only.
  if (options.transport === undefined && options.file === undefined) {
    const target: LineStream = options.stream ?? process.stdout;
    options.stream = { write: (line: string) => target.write(redactUrlsInText(line)) };
  }
  return options;
}
