/**
 * The HTTP client of the command line: adds the credentials (`ApiKey <key>` or `Bearer <token>`,
 * contract §2.1), unwraps the contract's envelopes (§1: E, E−, F) and turns every failure into a
 * CliError whose message is in the user's language. Global fetch (Node 20), AbortSignal timeouts.
 */
import { Readable } from 'node:stream';
import { CliError, type CliErrorKind } from '../errors';
import { t, type Lang } from '../i18n/messages';
import { errorForNetwork, errorForStatus, type ErrorHints } from './error-map';

export interface ApiClientOptions {
  server: string;
  key?: string;
  adminToken?: string;
  lang: Lang;
  /** Per request; default 30 s. */
  timeoutMs?: number;
}

export interface RequestInitOptions {
  json?: unknown;
  body?: BodyInit | NodeJS.ReadableStream;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  /** Send the credentials (default true). */
  auth?: boolean;
  /** How to read 401/403 (e.g. a share password was sent). */
  hints?: ErrorHints;
  /** Force the kind for some statuses (e.g. `{ 404: 'not-found' }` on an endpoint answering 500 for it). */
  kinds?: Partial<Record<number, CliErrorKind>>;
  /** Cancels the request (in addition to the timeout). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this request; 0 = none. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const SUCCESS_CODES = new Set([200, 201, 202]);

function isNodeStream(value: unknown): value is NodeJS.ReadableStream {
  return typeof value === 'object' && value !== null && typeof (value as { pipe?: unknown }).pipe === 'function';
}

export class ApiClient {
  readonly server: string;
  readonly key?: string;
  readonly adminToken?: string;
  readonly lang: Lang;
  readonly timeoutMs: number;

  constructor(opts: ApiClientOptions) {
    this.server = opts.server.replace(/\/+$/, '');
    if (opts.key) this.key = opts.key;
    if (opts.adminToken) this.adminToken = opts.adminToken;
    this.lang = opts.lang;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** `Authorization` for the stored credential: the key wins over an admin token. */
  authHeaders(): Record<string, string> {
    if (this.key) return { Authorization: `ApiKey ${this.key}` };
    if (this.adminToken) return { Authorization: `Bearer ${this.adminToken}` };
    return {};
  }

  /** Absolute URL: `path` is server-relative (`/api/paste`) or already absolute. */
  url(path: string): string {
    if (/^https?:\/\//i.test(path)) return path;
    return `${this.server}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  /** The request's `data` (envelope E/E−), or the whole body for flat answers (F). */
  async request<T>(method: string, path: string, init: RequestInitOptions = {}): Promise<T> {
    const body = await this.requestBody(method, path, init);
    if (isEnvelope(body)) return body.data as T;
    return body as T;
  }

  /** The whole JSON answer (envelope included: `pagination`, `key_info` siblings), after the success check. */
  async requestBody(method: string, path: string, init: RequestInitOptions = {}): Promise<unknown> {
    const url = new URL(this.url(path));
    for (const [name, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...(init.headers ?? {}) };
    // The server answers its messages in the caller's language (they end up in our error lines).
    headers['Accept-Language'] ??= this.lang;
    let body: BodyInit | undefined;
    let duplex = false;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (isNodeStream(init.body)) {
      body = Readable.toWeb(Readable.from(init.body as AsyncIterable<Uint8Array>)) as unknown as BodyInit;
      duplex = true;
    } else if (init.body !== undefined) {
      body = init.body as BodyInit;
    }
    const timeoutMs = init.timeoutMs ?? this.timeoutMs;
    const signals: AbortSignal[] = [];
    if (timeoutMs > 0) signals.push(AbortSignal.timeout(timeoutMs));
    if (init.signal) signals.push(init.signal);
    const requestInit: RequestInit & { duplex?: 'half'; auth?: boolean } = {
      method,
      headers: { ...(init.auth === false ? {} : this.authHeaders()), ...headers },
      auth: false,
    };
    if (body !== undefined) requestInit.body = body;
    if (duplex) requestInit.duplex = 'half';
    if (signals.length > 0) requestInit.signal = signals.length === 1 ? signals[0] : AbortSignal.any(signals);
    const response = await this.raw(method, url.toString(), requestInit);
    const text = await response.text().catch((cause: unknown) => {
      throw errorForNetwork(this.lang, this.server, cause);
    });
    let parsed: unknown = undefined;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    const serverMessage = messageOf(parsed) ?? (parsed === undefined ? text.slice(0, 200) : '');
    const bodyCode = isEnvelope(parsed) && typeof parsed.code === 'number' ? parsed.code : undefined;
    const ok = response.ok && (bodyCode === undefined || SUCCESS_CODES.has(bodyCode));
    if (!ok) {
      const status = response.ok ? (bodyCode ?? response.status) : response.status;
      const forced = init.kinds?.[status];
      throw errorForStatus(this.lang, status, serverMessage, init.hints, forced);
    }
    if (parsed === undefined && text !== '') {
      throw new CliError(
        'server',
        t(this.lang, 'error.badAnswer', { status: response.status, detail: text.slice(0, 120).replace(/\s+/g, ' ') }),
        { status: response.status },
      );
    }
    return parsed;
  }

  /**
   * A plain fetch of an absolute or server-relative URL (credentials added unless `auth: false`).
   * Throws a CliError only when no answer came (refused, unknown host, timeout, cancelled).
   */
  async raw(method: string, url: string, init: RequestInit & { auth?: boolean } = {}): Promise<Response> {
    const { auth, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (auth !== false) {
      for (const [name, value] of Object.entries(this.authHeaders())) {
        if (!headers.has(name)) headers.set(name, value);
      }
    }
    try {
      return await fetch(this.url(url), { ...rest, method, headers });
    } catch (cause) {
      throw errorForNetwork(this.lang, this.server, cause);
    }
  }
}

interface EnvelopeLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
  success?: unknown;
}

/** E / E− / M envelopes: `success` present, or a numeric `code` with a `message`. Flat answers (F) are not. */
function isEnvelope(body: unknown): body is EnvelopeLike {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as EnvelopeLike;
  return typeof b.success === 'boolean' || (typeof b.code === 'number' && typeof b.message === 'string');
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { message?: unknown; error?: unknown };
  if (typeof b.message === 'string') return b.message;
  if (typeof b.error === 'string') return b.error;
  return undefined;
}
