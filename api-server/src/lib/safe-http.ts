import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { isForbiddenAddress } from './ip-address';

/**
 * Server-side HTTP(S) requests to user-supplied URLs (URL import, contract §5.8) with SSRF
 * protection:
 * - only `http:` and `https:` URLs;
 * - the host is resolved by the socket's own `lookup` (one resolution per connection) and the
 *   connection is refused when any resolved address is forbidden (`isForbiddenAddress`); IP
 *   literals are checked directly; after connecting, the peer address is checked again — so DNS
 *   rebinding between a check and the connection cannot slip through;
 * - redirects are followed by hand (at most 5), each hop checked the same way;
 * - a deadline for the response headers and an idle timeout for the body.
 * `allowPrivate` (system setting `url_import_allow_private`) switches the address checks off.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (injectable for tests). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const results = await dnsLookup(hostname, { all: true, verbatim: true });
  return results.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

export type SafeFetchErrorCode = 'invalid-url' | 'forbidden-address' | 'too-many-redirects' | 'unreachable' | 'timeout';

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SafeFetchError';
  }
}

export function isSafeFetchError(error: unknown, code?: SafeFetchErrorCode): error is SafeFetchError {
  return error instanceof SafeFetchError && (code === undefined || error.code === code);
}

export interface SafeHttpClientOptions {
  resolve?: Resolver;
  /** Address policy (default `isForbiddenAddress`); tests may narrow it. */
  isForbidden?: (address: string) => boolean;
  /** Deadline for connecting and receiving the response headers, per hop (default 15 s). */
  headersTimeoutMs?: number;
  /** Longest silence while the body streams (default 30 s). */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  userAgent?: string;
}

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Skip the address checks (private networks allowed). */
  allowPrivate?: boolean;
}

export interface SafeResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The body; read it or call `body.destroy()`. */
  body: IncomingMessage;
  /** The peer address the response came from. */
  remoteAddress: string | undefined;
}

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A valid absolute http(s) URL, or a SafeFetchError('invalid-url'). */
export function parseHttpUrl(input: unknown): URL {
  if (typeof input !== 'string' || input.trim() === '') throw new SafeFetchError('invalid-url', 'The URL is empty');
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch (error) {
    throw new SafeFetchError('invalid-url', 'The URL cannot be parsed', { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('invalid-url', `Unsupported scheme ${url.protocol}`);
  if (url.hostname === '') throw new SafeFetchError('invalid-url', 'The URL has no host');
  return url;
}

/** The host of a URL as a socket wants it (`[::1]` → `::1`). */
function socketHost(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export class SafeHttpClient {
  private readonly resolve: Resolver;
  private readonly isForbidden: (address: string) => boolean;
  private readonly headersTimeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly maxRedirects: number;
  private readonly userAgent: string;

  constructor(options: SafeHttpClientOptions = {}) {
    this.resolve = options.resolve ?? systemResolver;
    this.isForbidden = options.isForbidden ?? isForbiddenAddress;
    this.headersTimeoutMs = options.headersTimeoutMs ?? 15_000;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    this.maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
    this.userAgent = options.userAgent ?? 'Cloudclip-URL-Import/1.0';
  }

  /** Requests `input`, following up to `maxRedirects` redirects; resolves once headers arrive. */
  async fetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
    let url = parseHttpUrl(typeof input === 'string' ? input : input.toString());
    for (let hop = 0; ; hop += 1) {
      const response = await this.request(url, options);
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(response.status) || !location) return response;
      response.body.destroy();
      if (hop >= this.maxRedirects) throw new SafeFetchError('too-many-redirects', `More than ${this.maxRedirects} redirects`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch (error) {
        throw new SafeFetchError('invalid-url', 'The redirect target cannot be parsed', { cause: error });
      }
      url = parseHttpUrl(next.toString());
    }
  }

  /** Throws when an address may not be reached. */
  private checkAddress(address: string, allowPrivate: boolean | undefined): void {
    if (!allowPrivate && this.isForbidden(address)) {
      throw new SafeFetchError('forbidden-address', `Refusing to connect to a private or reserved address (${address})`);
    }
  }

  /** The socket's `lookup`: resolves once, refuses forbidden addresses, connects to what it checked. */
  private lookupFor(allowPrivate: boolean | undefined): LookupFunction {
    return (hostname, options, callback) => {
      this.resolve(hostname)
        .then((resolved) => {
          const family = typeof options === 'object' && options !== null ? options.family : undefined;
          const wanted = family === 4 || family === 6 ? resolved.filter((entry) => entry.family === family) : resolved;
          if (wanted.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
          for (const entry of resolved) this.checkAddress(entry.address, allowPrivate);
          if (typeof options === 'object' && options !== null && options.all) {
            (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, wanted);
          } else {
            const first = wanted[0] as ResolvedAddress;
            callback(null, first.address, first.family);
          }
        })
        .catch((error: unknown) => callback(error as NodeJS.ErrnoException, '', 0));
    };
  }

  private request(url: URL, options: SafeFetchOptions): Promise<SafeResponse> {
    const host = socketHost(url);
    if (net.isIP(host)) this.checkAddress(host, options.allowPrivate);
    const transport = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { 'user-agent': this.userAgent, accept: '*/*', ...options.headers };

    return new Promise<SafeResponse>((resolve, reject) => {
      let settled = false;
      const fail = (error: unknown): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        request.destroy();
        reject(
          error instanceof SafeFetchError
            ? error
            : new SafeFetchError('unreachable', `Cannot reach ${url.host}: ${(error as Error)?.message ?? String(error)}`, {
                cause: error,
              }),
        );
      };
      const request = transport.request(
        {
          protocol: url.protocol,
          hostname: host,
          port: url.port === '' ? undefined : Number(url.port),
          path: `${url.pathname}${url.search}`,
          method: options.method ?? 'GET',
          headers,
          lookup: this.lookupFor(options.allowPrivate),
          // No connection reuse: every connection goes through the checked lookup.
          agent: false,
          servername: net.isIP(host) ? undefined : host,
        },
        (response) => {
          if (settled) {
            response.destroy();
            return;
          }
          settled = true;
          clearTimeout(deadline);
          const remoteAddress = response.socket?.remoteAddress;
          response.socket?.setTimeout(this.idleTimeoutMs, () => {
            response.destroy(new SafeFetchError('timeout', 'The remote server stopped sending'));
          });
          resolve({ url: url.toString(), status: response.statusCode ?? 0, headers: response.headers, body: response, remoteAddress });
        },
      );
      const deadline = setTimeout(() => fail(new SafeFetchError('timeout', `No response from ${url.host} in time`)), this.headersTimeoutMs);
      request.on('socket', (socket) => {
        socket.once('connect', () => {
          // The address actually connected to (covers any path around the lookup).
          const peer = socket.remoteAddress;
          try {
            if (peer === undefined) throw new SafeFetchError('unreachable', 'The connection has no peer address');
            this.checkAddress(peer, options.allowPrivate);
          } catch (error) {
            fail(error);
          }
        });
      });
      request.on('error', fail);
      request.end();
    });
  }
}
