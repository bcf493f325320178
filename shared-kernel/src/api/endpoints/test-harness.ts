/**
 * Test-only helpers for the endpoint tests: a real HttpClient wired to a scripted fake `fetch`
 * (and a scripted fake XMLHttpRequest for upload calls). Not used by production code.
 */
import { EventBus } from '../../bus/event-bus';
import { SessionStore } from '../../session/session-store';
import { createSafeStorage } from '../../storage-keys';
import { HttpClient } from '../http-client';

export const BASE = 'http://api.test';

export interface WireRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Parsed JSON for string bodies that hold JSON, else the raw body. */
  body: unknown;
  rawBody: unknown;
}

export interface FakeReply {
  status?: number;
  statusText?: string;
  /** Objects are sent as JSON (content type application/json); strings as text/plain unless `contentType` says otherwise. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

function parseBody(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function replyText(reply: FakeReply): { text: string; contentType: string } {
  const body = reply.body;
  if (typeof body === 'string') return { text: body, contentType: reply.contentType ?? 'text/plain; charset=utf-8' };
  if (body === undefined) return { text: '', contentType: reply.contentType ?? 'application/json' };
  return { text: JSON.stringify(body), contentType: reply.contentType ?? 'application/json; charset=utf-8' };
}

/** A minimal `Response` look-alike: what HttpClient reads (status, headers.get, text, blob). */
function fakeResponse(reply: FakeReply): Response {
  const { text, contentType } = replyText(reply);
  const headers = new Map<string, string>(
    Object.entries({ 'content-type': contentType, ...(reply.headers ?? {}) }).map(([k, v]) => [k.toLowerCase(), v]),
  );
  return {
    status: reply.status ?? 200,
    statusText: reply.statusText ?? '',
    ok: (reply.status ?? 200) >= 200 && (reply.status ?? 200) < 300,
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
    text: async () => text,
    blob: async () => new Blob([text], { type: contentType }),
  } as unknown as Response;
}

/** Scripted XMLHttpRequest: records what is sent and answers with the next queued reply. */
/**
 * What a test's XMLHttpRequest stand-in records of a request and answers with: the parts HttpClient
 * uses. Subclasses decide when it answers (`answer`).
 */
export class XhrDouble {
  method = '';
  url = '';
  timeout = 0;
  requestHeaders: Record<string, string> = {};
  sentBody: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaders = new Map<string, string>();
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name.toLowerCase()) ?? null;
  }

  /** Takes the answer (header names case-insensitive, later ones win) and fires `load`. */
  protected answer(status: number, statusText: string, text: string, headers: Record<string, string>): void {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    for (const [name, value] of Object.entries(headers)) this.responseHeaders.set(name.toLowerCase(), value);
    this.onload?.();
  }
}

export class FakeXhr extends XhrDouble {
  static replies: FakeReply[] = [];
  static sent: FakeXhr[] = [];

  abort(): void {
    this.onabort?.();
  }

  send(body: unknown): void {
    this.sentBody = body;
    FakeXhr.sent.push(this);
    const reply = FakeXhr.replies.shift() ?? { body: { code: 200, message: 'ok', success: true } };
    const { text, contentType } = replyText(reply);
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
      this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
      this.answer(reply.status ?? 200, reply.statusText ?? '', text, { 'content-type': contentType, ...reply.headers });
    }, 0);
  }

  static reset(): void {
    FakeXhr.replies = [];
    FakeXhr.sent = [];
  }
}

export interface Harness {
  client: HttpClient;
  session: SessionStore;
  bus: EventBus;
  /** Every fetch call, in order. */
  requests: WireRequest[];
  /** Queues the next fetch replies (FIFO); when empty a default `{code:200, success:true}` is sent. */
  reply: (...replies: FakeReply[]) => void;
  /** The only / last fetch call. */
  last: () => WireRequest;
  xhr: typeof FakeXhr;
}

/**
 * Builds a real HttpClient (real SessionStore over localStorage, real EventBus) with fake transports,
 * signed in as `as` says (`loginAdmin` / `loginApiKey` with every permission), or signed out.
 */
export function createHarness(as?: 'admin' | 'apiKey'): Harness {
  window.localStorage.clear();
  FakeXhr.reset();
  const bus = new EventBus();
  const session = new SessionStore(createSafeStorage(window.localStorage), bus);
  const requests: WireRequest[] = [];
  const queue: FakeReply[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = { ...((init?.headers ?? {}) as Record<string, string>) };
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: parseBody(init?.body),
      rawBody: init?.body,
    });
    return fakeResponse(queue.shift() ?? { body: { code: 200, message: 'ok', success: true } });
  }) as typeof fetch;
  const client = new HttpClient({
    getBaseUrl: () => BASE,
    session,
    translate: (key) => key,
    getLanguage: () => 'en-US',
    fetchImpl,
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
  });
  const harness: Harness = {
    client,
    session,
    bus,
    requests,
    reply: (...replies) => {
      queue.push(...replies);
    },
    last: () => {
      const request = requests[requests.length - 1];
      if (!request) throw new Error('no request was sent');
      return request;
    },
    xhr: FakeXhr,
  };
  if (as === 'admin') loginAdmin(harness);
  if (as === 'apiKey') loginApiKey(harness);
  return harness;
}

/** A client over the harness's session whose every request fails as the network does (`fetch` rejects). */
export function offlineClient(harness: Harness): HttpClient {
  return new HttpClient({
    getBaseUrl: () => BASE,
    session: harness.session,
    translate: (key) => key,
    getLanguage: () => 'en-US',
    fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')),
  });
}

/** `{ code: 200, message, success: true, data }` (shape E). */
export function envelope<T>(data: T, extra: Record<string, unknown> = {}): { body: Record<string, unknown> } {
  return { body: { code: 200, message: 'ok', success: true, data, ...extra } };
}

export const ADMIN_TOKEN = 'AdminToken0123456789abcdefghijkl';
export const API_KEY = 'Key123456789';

/** The top-level `key_info` a user list answers with, for the key `API_KEY`. */
export const KEY_INFO = {
  id: 'k1',
  name: 'ci',
  key: API_KEY,
  basicPath: '/',
  permissions: { text: true, file: true, mount: true, admin: false },
};

export function loginAdmin(harness: Harness): void {
  harness.session.loginAdmin(ADMIN_TOKEN);
}

export function loginApiKey(harness: Harness, permissions = { text: true, file: true, mount: true }): void {
  harness.session.loginApiKey(API_KEY, permissions, { id: 'key-1', name: 'ci', basic_path: '/' });
}
