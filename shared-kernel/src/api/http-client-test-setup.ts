/**
 * Test set-up shared by the HttpClient tests (http-client.test.ts, http-client-xhr.test.ts): a real
 * HttpClient over a real SessionStore and EventBus with a scripted fetch, and a scripted
 * XMLHttpRequest for its upload calls. Not used by production code.
 */
import { EventBus, type BusEventType } from '../bus/event-bus';
import { SessionStore } from '../session/session-store';
import { createSafeStorage } from '../storage-keys';
import { isApiError, type ApiError } from './api-error';
import { ADMIN_TOKEN, API_KEY, BASE, XhrDouble } from './endpoints/test-harness';
import { HttpClient } from './http-client';

export interface Reply {
  status?: number;
  statusText?: string;
  /** Objects are sent as JSON, strings as text/plain unless contentType says otherwise. */
  body?: unknown;
  contentType?: string;
}

export interface SentRequest {
  url: string;
  method: string;
  /** Header names are case-insensitive on the wire: read through a real Headers object, as fetch would send them. */
  headers: Headers;
  rawHeaders: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type Responder = (request: SentRequest) => Promise<Response>;

function fakeResponse(reply: Reply): Response {
  const body = reply.body;
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  const contentType = reply.contentType ?? (typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  const status = reply.status ?? 200;
  return {
    status,
    statusText: reply.statusText ?? '',
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    text: async () => text,
    blob: async () => new Blob([text], { type: contentType }),
  } as unknown as Response;
}

/** Resolves never, rejects with an AbortError when the request's signal aborts (like fetch). */
export const hangUntilAborted: Responder = (request) =>
  new Promise((_resolve, reject) => {
    const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (request.signal?.aborted) fail();
    else request.signal?.addEventListener('abort', fail);
  });

export interface Setup {
  client: HttpClient;
  session: SessionStore;
  bus: EventBus;
  requests: SentRequest[];
  reply: (...replies: (Reply | Responder)[]) => void;
  last: () => SentRequest;
  events: (type: BusEventType) => unknown[];
  onAdminForbidden: jest.Mock;
  translate: jest.Mock;
  language: { value: string };
}

/**
 * A real HttpClient over a real SessionStore (window.localStorage) and EventBus, with a scripted fetch.
 * `storage` is written before the session is created, so it is what a page restores at start-up.
 */
export function setup(options: { storage?: Record<string, string>; createXhr?: () => XMLHttpRequest } = {}): Setup {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(options.storage ?? {})) window.localStorage.setItem(key, value);
  const bus = new EventBus();
  const session = new SessionStore(createSafeStorage(window.localStorage), bus);
  const requests: SentRequest[] = [];
  const queue: (Reply | Responder)[] = [];
  const language = { value: 'en-US' };
  const translate = jest.fn((key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key));
  const onAdminForbidden = jest.fn();
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const rawHeaders = { ...((init?.headers ?? {}) as Record<string, string>) };
    const request: SentRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(rawHeaders),
      rawHeaders,
      body: init?.body,
      signal: init?.signal ?? undefined,
    };
    requests.push(request);
    const next = queue.shift() ?? { body: { code: 200, message: 'ok', success: true } };
    return typeof next === 'function' ? next(request) : fakeResponse(next);
  }) as typeof fetch;
  const recorded = new Map<BusEventType, unknown[]>();
  bus.events$.subscribe((message) => {
    const list = recorded.get(message.type) ?? [];
    list.push(message.payload);
    recorded.set(message.type, list);
  });
  const client = new HttpClient({
    getBaseUrl: () => BASE,
    session,
    translate,
    getLanguage: () => language.value,
    onAdminForbidden,
    fetchImpl,
    createXhr: options.createXhr,
  });
  return {
    client,
    session,
    bus,
    requests,
    reply: (...replies) => void queue.push(...replies),
    last: () => {
      const request = requests[requests.length - 1];
      if (!request) throw new Error('no request was sent');
      return request;
    },
    events: (type) => recorded.get(type) ?? [],
    onAdminForbidden,
    translate,
    language,
  };
}

export const asAdmin = { admin_token: ADMIN_TOKEN };
export const asApiKey = {
  api_key: API_KEY,
  api_key_permissions: JSON.stringify({ text: true, file: true, mount: false }),
  api_key_info: JSON.stringify({ id: 'key-1', name: 'ci', basic_path: '/' }),
};

export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}

/**
 * A scripted XMLHttpRequest. Like the real one (XHR standard, abort() steps), abort() only fires
 * `abort` when the request was actually sent.
 */
class ControlledXhr extends XhrDouble {
  static instances: ControlledXhr[] = [];
  sent = false;

  constructor() {
    super();
    ControlledXhr.instances.push(this);
  }

  send(body: unknown): void {
    this.sent = true;
    this.sentBody = body;
  }
  abort(): void {
    if (this.sent) this.onabort?.();
  }

  progress(loaded: number, total: number, lengthComputable = true): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}, statusText = ''): void {
    if (typeof body === 'string') this.answer(status, statusText, body, headers);
    else this.answer(status, statusText, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', ...headers });
  }
}

export function xhrSetup(storage: Record<string, string> = {}) {
  ControlledXhr.instances = [];
  const h = setup({ storage, createXhr: () => new ControlledXhr() as unknown as XMLHttpRequest });
  const xhr = () => {
    const instance = ControlledXhr.instances[ControlledXhr.instances.length - 1];
    if (!instance) throw new Error('no XHR was created');
    return instance;
  };
  return { ...h, xhr };
}

/** Settles with the outcome, or 'pending' when the promise is still open after `ms`. */
export function settledWithin(promise: Promise<unknown>, ms: number): Promise<'resolved' | 'rejected' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);
}
