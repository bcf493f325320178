import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { StorageError, type StorageErrorCode } from '../storage-driver';

/**
 * The few WebDAV requests the driver sends (RFC 4918: PROPFIND, PUT, GET, MKCOL, COPY, MOVE,
 * DELETE), on node:http(s) with one keep-alive agent per driver:
 * - connect timeout: from the request until its socket is connected (a reused socket counts as connected);
 * - idle timeout: no byte in either direction for that long, while the request is sent and while
 *   its response (also a streamed body) is read;
 * - HTTP Basic authentication (the credentials go only to the configured origin);
 * - statuses and socket errors become StorageErrors (see `statusError`, `networkError`).
 */

export interface WebDavHttpOptions {
  /** The server's WebDAV URL (`https://nas.example/remote.php/dav/files/me/`). */
  endpointUrl: string;
  username: string;
  password: string;
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** Sockets per origin (default 16). */
  maxSockets?: number;
}

export interface WebDavRequest {
  method: string;
  /** An encoded absolute path on the server (`/dav/base/a%20b.txt`). */
  path: string;
  headers?: OutgoingHttpHeaders;
  /** A body to send; a stream without `content-length` is sent chunked. */
  body?: Buffer | string | Readable;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

export class WebDavHttp {
  readonly origin: URL;
  private readonly agent: http.Agent;
  private readonly authorization: string | undefined;
  private readonly connectTimeoutMs: number;
  private readonly idleTimeoutMs: number;
  private destroyed = false;

  constructor(options: WebDavHttpOptions) {
    this.origin = new URL(options.endpointUrl);
    if (this.origin.protocol !== 'http:' && this.origin.protocol !== 'https:') {
      throw new StorageError('InvalidArgument', `A WebDAV URL must be http(s): ${options.endpointUrl}`);
    }
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16, maxFreeSockets: 8, scheduling: 'lifo' as const };
    this.agent = this.origin.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
    this.authorization =
      options.username || options.password
        ? `Basic ${Buffer.from(`${options.username}:${options.password}`, 'utf8').toString('base64')}`
        : undefined;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  }

  /** The encoded path of the endpoint, always ending in `/`. */
  get basePath(): string {
    return this.origin.pathname.endsWith('/') ? this.origin.pathname : `${this.origin.pathname}/`;
  }

  /**
   * Sends a request and resolves with the response once its head arrived (the body is left to the
   * caller, who must consume or destroy it). Never rejects with anything but a StorageError.
   */
  request(input: WebDavRequest): Promise<IncomingMessage> {
    if (this.destroyed) return Promise.reject(new StorageError('Unavailable', 'The WebDAV driver was closed'));
    const lib = this.origin.protocol === 'https:' ? https : http;
    const headers: OutgoingHttpHeaders = { ...input.headers };
    if (this.authorization) headers.authorization = this.authorization;
    if (typeof input.body === 'string' || Buffer.isBuffer(input.body)) headers['content-length'] = Buffer.byteLength(input.body);
    const what = `${input.method} ${safeDecode(input.path)}`;

    return new Promise<IncomingMessage>((resolve, reject) => {
      let settled = false;
      const fail = (error: StorageError): void => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        reject(error);
      };
      const req = lib.request({
        protocol: this.origin.protocol,
        hostname: this.origin.hostname,
        port: this.origin.port || undefined,
        method: input.method,
        path: input.path,
        headers,
        agent: this.agent,
      });
      const connectTimer = setTimeout(() => {
        req.destroy(
          new StorageError('Unavailable', `WebDAV ${what}: no connection to ${this.origin.host} within ${this.connectTimeoutMs} ms`),
        );
      }, this.connectTimeoutMs);
      connectTimer.unref();
      req.on('socket', (socket) => {
        // A pooled socket is connected already; a new one reports `connect` (or `secureConnect`).
        if (!(socket as { connecting?: boolean }).connecting) clearTimeout(connectTimer);
        else socket.once('connect', () => clearTimeout(connectTimer));
      });
      req.setTimeout(this.idleTimeoutMs, () => {
        req.destroy(new StorageError('Unavailable', `WebDAV ${what}: the server sent nothing for ${this.idleTimeoutMs} ms`));
      });
      req.on('error', (error) => fail(networkError(error, what)));
      req.on('response', (response) => {
        clearTimeout(connectTimer);
        if (settled) {
          response.resume();
          return;
        }
        settled = true;
        // The socket's idle timeout keeps running while the body is read; a timeout destroys the
        // request, which errors the response stream.
        response.on('aborted', () => response.destroy(new StorageError('Unavailable', `WebDAV ${what}: the response was cut off`)));
        resolve(response);
      });
      const body = input.body;
      if (body === undefined) req.end();
      else if (typeof body === 'string' || Buffer.isBuffer(body)) req.end(body);
      else {
        body.on('error', (error) => req.destroy(error));
        body.pipe(req);
      }
    });
  }

  /** A request whose response body is read whole (small answers only) and whose status must be 2xx (or in `accept`). */
  async send(
    input: WebDavRequest,
    accept: readonly number[] = [],
  ): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
    const response = await this.request(input);
    const body = await readBody(response, 4 * 1024 * 1024);
    const status = response.statusCode ?? 0;
    if ((status < 200 || status >= 300) && !accept.includes(status)) throw statusError(status, `${input.method} ${safeDecode(input.path)}`);
    return { status, headers: response.headers, body };
  }

  destroy(): void {
    this.destroyed = true;
    this.agent.destroy();
  }
}

/** Reads a (small) response body; more than `limit` bytes fail. */
export async function readBody(response: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > limit) {
        response.destroy();
        throw new StorageError('Unavailable', `The WebDAV server sent more than ${limit} bytes where a short answer was expected`);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    throw networkError(error, 'reading a response');
  }
  return Buffer.concat(chunks);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const CODE_BY_STATUS: Record<number, StorageErrorCode> = {
  400: 'InvalidArgument',
  401: 'AccessDenied',
  403: 'AccessDenied',
  404: 'NoSuchKey',
  405: 'KeyConflict',
  409: 'KeyConflict',
  412: 'KeyConflict',
  416: 'InvalidRange',
  423: 'KeyConflict',
  507: 'InsufficientStorage',
};

/** A non-2xx status as a StorageError: 401/403 AccessDenied, 404 NoSuchKey, 507 InsufficientStorage, 5xx Unavailable. */
export function statusError(status: number, what: string): StorageError {
  const code: StorageErrorCode = CODE_BY_STATUS[status] ?? (status >= 500 || status === 0 ? 'Unavailable' : 'Unknown');
  return new StorageError(code, `WebDAV ${what}: HTTP ${status}`, { providerCode: String(status) });
}

/** A socket-level failure (refused, reset, DNS, TLS, timeout) as a StorageError (Unavailable unless it already is one). */
export function networkError(error: unknown, what: string): StorageError {
  if (error instanceof StorageError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new StorageError('Unavailable', `WebDAV ${what}: ${message}`, {
    cause: error,
    ...(typeof code === 'string' ? { providerCode: code } : {}),
  });
}
