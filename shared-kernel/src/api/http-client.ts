import { buildApiUrl, withQuery, type QueryValue } from '../config/app-config';
import type { SessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { decideError, SUCCESS_CODES, type Credential, type ErrorContext } from './error-catalogue';
import { adoptEarlyResponse, takeEarlyResponse } from './early-responses';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface HttpClientDeps {
  getBaseUrl: () => string;
  session: SessionStore;
  translate: Translate;
  /** Sent as Accept-Language so the server answers in the user's language. */
  getLanguage: () => string;
  /** Called when an admin route answers 403 with an admin token: the session should be re-checked. */
  onAdminForbidden?: () => void;
  fetchImpl?: typeof fetch;
  createXhr?: () => XMLHttpRequest;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue>;
  /** Plain objects and arrays are sent as JSON; FormData, Blob, ArrayBuffer and strings as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Abort after this many milliseconds with a timeout error. */
  timeoutMs?: number;
  /** Send the session's Authorization header (default true). An explicit Authorization header wins. */
  auth?: boolean;
  errorContext?: ErrorContext;
  /** How to read a successful body; `auto` parses JSON when the content type says so, else text. */
  responseType?: 'auto' | 'blob';
  /** Cancellation text: 'request' (default), 'upload' or 'download'. */
  cancelledAs?: 'request' | 'upload' | 'download';
}

export interface ProgressEvent {
  loaded: number;
  total: number;
  /** 0..100, or null when the total is unknown. */
  percent: number | null;
}

export interface UploadOptions extends RequestOptions {
  onUploadProgress?: (event: ProgressEvent) => void;
}

export interface StorageUploadResult {
  status: number;
  /** ETag response header without quotes, when the storage exposes it. */
  etag: string | null;
  headers: (name: string) => string | null;
}

/** An object-like JSON value: anything that is not FormData, Blob, buffer, stream, URLSearchParams or string. */
function isJsonBody(body: unknown): boolean {
  if (body === null || body === undefined) return false;
  if (typeof body !== 'object') return typeof body === 'number' || typeof body === 'boolean';
  if (typeof FormData !== 'undefined' && body instanceof FormData) return false;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return false;
  if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) return false;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return false;
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) return false;
  return true;
}

function stripQuotes(value: string | null): string | null {
  return value ? value.replace(/^W\//, '').replace(/^"|"$/g, '') : null;
}

interface LinkedSignal {
  signal: AbortSignal;
  timedOut: () => boolean;
  dispose: () => void;
}

/** One signal that aborts on the caller's signal or after the timeout, remembering which. */
function linkSignal(outer: AbortSignal | undefined, timeoutMs: number | undefined): LinkedSignal {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', onAbort, { once: true });
  }
  if (timeoutMs && timeoutMs > 0) {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      if (timer) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/** The kernel's one API client: address building, auth header, envelope rule, error catalogue. */
export class HttpClient {
  constructor(private readonly deps: HttpClientDeps) {}

  /** Full address of an API path (base + /api + path, query appended). */
  url(path: string, query?: Record<string, QueryValue>): string {
    return withQuery(buildApiUrl(this.deps.getBaseUrl(), path), query);
  }

  private credential(): Credential {
    const kind = this.deps.session.kind;
    return kind === 'admin' ? 'admin' : kind === 'apiKey' ? 'apiKey' : 'none';
  }

  private buildHeaders(options: RequestOptions): { headers: Record<string, string>; credential: Credential } {
    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
    headers['Accept-Language'] = this.deps.getLanguage();
    let credential: Credential = 'none';
    if (options.auth !== false) {
      const authorization = this.deps.session.authorizationHeader();
      if (authorization) {
        headers.Authorization = authorization;
        credential = this.credential();
      }
    }
    if (isJsonBody(options.body)) headers['Content-Type'] = 'application/json';
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      // An explicit header replaces the default of the same name, whatever its case.
      for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
      headers[name] = value;
      if (name.toLowerCase() === 'authorization')
        credential = value.startsWith('Bearer ') ? 'admin' : value.startsWith('ApiKey ') ? 'apiKey' : 'none';
    }
    return { headers, credential };
  }

  private serialiseBody(body: unknown): BodyInit | undefined {
    if (body === undefined || body === null) return undefined;
    if (isJsonBody(body)) return JSON.stringify(body);
    return body as BodyInit;
  }

  private cancelledError(as: RequestOptions['cancelledAs'], url: string): ApiError {
    const key = as === 'upload' ? 'errors.uploadCancelled' : as === 'download' ? 'errors.downloadCancelled' : 'errors.cancelled';
    return new ApiError(this.deps.translate(key), 'cancelled', 0, { url });
  }

  /** Turns a finished response into either the parsed body or an ApiError (and applies session effects). */
  private settle<T>(
    status: number,
    statusText: string,
    body: unknown,
    path: string,
    url: string,
    credential: Credential,
    errorContext: ErrorContext | undefined,
  ): T {
    const envelope = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const bodyCode = typeof envelope?.code === 'number' ? envelope.code : undefined;
    const serverMessage =
      typeof envelope?.message === 'string' && envelope.message
        ? envelope.message
        : typeof envelope?.error === 'string' && envelope.error
          ? envelope.error
          : typeof body === 'string' && body.trim() && body.length < 500 && status >= 400
            ? body.trim()
            : undefined;
    const httpOk = status >= 200 && status < 300;
    if (httpOk && (bodyCode === undefined || SUCCESS_CODES.includes(bodyCode))) return body as T;

    const effectiveStatus = httpOk ? (bodyCode ?? status) : status;
    const decision = decideError({
      status: effectiveStatus,
      statusText,
      serverMessage,
      credential,
      path,
      errorContext,
      envelopeOnly: httpOk,
    });
    if (decision.sessionAction === 'expire-admin-token') this.deps.session.expireAdminToken('unauthorized');
    if (decision.sessionAction === 'invalidate-api-key') this.deps.session.invalidateApiKey('unauthorized');
    if (decision.sessionAction === 'recheck-admin-token') this.deps.onAdminForbidden?.();
    const message =
      !decision.ignoreServerMessage && serverMessage ? serverMessage : this.deps.translate(decision.fallbackKey, decision.fallbackParams);
    throw new ApiError(message, httpOk ? 'envelope' : 'http', effectiveStatus, { code: bodyCode, serverMessage, body, url });
  }

  /** Sends a request and returns the whole parsed body (envelope included) once the envelope rule says success. */
  async request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const url = this.url(path, options.query);
    const { headers, credential } = this.buildHeaders(options);
    const link = linkSignal(options.signal, options.timeoutMs);
    const fetchImpl = this.deps.fetchImpl ?? globalThis.fetch.bind(globalThis);
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    // The boot page may have sent this very request already (api/early-responses.ts): only a plain
    // GET without credentials or extra headers is the same request.
    const plainGet = method === 'GET' && options.body === undefined && !headers.Authorization && !options.headers;
    const early = plainGet ? takeEarlyResponse(url) : null;
    let response: Response;
    try {
      const adopted = early ? await adoptEarlyResponse(early, headers['Accept-Language'] ?? '', link.signal) : null;
      response =
        adopted ??
        (await fetchImpl(url, {
          method,
          headers,
          body: this.serialiseBody(options.body),
          signal: link.signal,
        }));
    } catch (error) {
      link.dispose();
      if (link.timedOut()) throw new ApiError(this.deps.translate('errors.timeout'), 'timeout', 0, { url });
      if (link.signal.aborted) throw this.cancelledError(options.cancelledAs, url);
      throw new ApiError(this.deps.translate('errors.network'), 'network', 0, { url, serverMessage: String(error) });
    }
    let body: unknown;
    try {
      const contentType = response.headers.get('content-type') ?? '';
      const ok = response.status >= 200 && response.status < 300;
      if (ok && options.responseType === 'blob') body = await response.blob();
      else if (contentType.includes('application/json')) {
        const text = await response.text();
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
      } else body = await response.text();
    } catch (error) {
      if (link.timedOut()) throw new ApiError(this.deps.translate('errors.timeout'), 'timeout', 0, { url });
      if (link.signal.aborted) throw this.cancelledError(options.cancelledAs, url);
      throw new ApiError(this.deps.translate('errors.network'), 'network', 0, { url, serverMessage: String(error) });
    } finally {
      link.dispose();
    }
    return this.settle<T>(response.status, response.statusText, body, path, url, credential, options.errorContext);
  }

  /** Like `request`, returning the envelope's `data`. */
  async data<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const body = await this.request<{ data?: T } | null>(path, options);
    return (body && typeof body === 'object' ? (body as { data?: T }).data : undefined) as T;
  }

  /**
   * One XMLHttpRequest with upload progress, timeout and cancellation. Network, timeout and abort
   * become ApiErrors here; a finished response is handed to `onLoad`, which decides.
   */
  private sendXhr<R>(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: XMLHttpRequestBodyInit | null,
    options: {
      signal?: AbortSignal;
      timeoutMs?: number;
      onUploadProgress?: (event: ProgressEvent) => void;
      cancelledAs?: RequestOptions['cancelledAs'];
    },
    onLoad: (xhr: XMLHttpRequest) => R,
  ): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const cancelled = () => this.cancelledError(options.cancelledAs ?? 'upload', url);
      const xhr = this.deps.createXhr?.() ?? new XMLHttpRequest();
      xhr.open(method, url);
      if (options.signal?.aborted) {
        // An XHR aborted before send() fires no events: settle here, without sending.
        reject(cancelled());
        return;
      }
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      if (options.timeoutMs) xhr.timeout = options.timeoutMs;
      const onAbort = () => xhr.abort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (action: () => void) => {
        options.signal?.removeEventListener('abort', onAbort);
        action();
      };
      xhr.upload.onprogress = (event) => {
        options.onUploadProgress?.({
          loaded: event.loaded,
          total: event.total,
          percent: event.lengthComputable && event.total > 0 ? Math.round((event.loaded / event.total) * 100) : null,
        });
      };
      xhr.onload = () =>
        settle(() => {
          try {
            resolve(onLoad(xhr));
          } catch (error) {
            reject(error);
          }
        });
      xhr.onerror = () => settle(() => reject(new ApiError(this.deps.translate('errors.network'), 'network', 0, { url })));
      xhr.ontimeout = () => settle(() => reject(new ApiError(this.deps.translate('errors.timeout'), 'timeout', 0, { url })));
      xhr.onabort = () => settle(() => reject(cancelled()));
      xhr.send(body);
    });
  }

  /**
   * Sends a body to an API path through XMLHttpRequest so upload progress can be reported
   * (FormData uploads, raw part uploads). Same envelope and error rules as `request`.
   */
  upload<T = unknown>(path: string, options: UploadOptions = {}): Promise<T> {
    const url = this.url(path, options.query);
    const { headers, credential } = this.buildHeaders(options);
    const body = (this.serialiseBody(options.body) ?? null) as XMLHttpRequestBodyInit | null;
    return this.sendXhr(options.method ?? 'POST', url, headers, body, options, (xhr) => {
      const contentType = xhr.getResponseHeader('content-type') ?? '';
      let parsed: unknown = xhr.responseText;
      if (contentType.includes('application/json')) {
        try {
          parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          parsed = xhr.responseText;
        }
      }
      return this.settle<T>(xhr.status, xhr.statusText, parsed, path, url, credential, options.errorContext);
    });
  }

  /**
   * PUTs bytes straight to a storage URL (presigned S3 URL or the server's signed local URL) with progress.
   * No envelope: any 2xx is success; the ETag header is returned when exposed.
   */
  putToStorage(
    url: string,
    body: Blob | ArrayBuffer,
    options: {
      headers?: Record<string, string>;
      signal?: AbortSignal;
      timeoutMs?: number;
      onUploadProgress?: (event: ProgressEvent) => void;
    } = {},
  ): Promise<StorageUploadResult> {
    return this.sendXhr('PUT', url, options.headers ?? {}, body, options, (xhr): StorageUploadResult => {
      if (xhr.status >= 200 && xhr.status < 300) {
        return { status: xhr.status, etag: stripQuotes(xhr.getResponseHeader('ETag')), headers: (name) => xhr.getResponseHeader(name) };
      }
      throw new ApiError(this.deps.translate('errors.httpError', { status: xhr.status, text: xhr.statusText }), 'http', xhr.status, {
        url,
        body: xhr.responseText,
      });
    });
  }
}
