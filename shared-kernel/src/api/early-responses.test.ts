import { EventBus } from '../bus/event-bus';
import { SessionStore } from '../session/session-store';
import { createSafeStorage } from '../storage-keys';
import { isApiError } from './api-error';
import { EARLY_RESPONSES_GLOBAL, takeEarlyResponse } from './early-responses';
import { HttpClient } from './http-client';
import { jsonResponse } from '../../testing/json-response';

const BASE = 'http://api.test';
const PASTE_URL = `${BASE}/api/paste/abc`;

/** What the boot page's script leaves behind: the given responses, sent with `language`. */
function startEarly(language: string, responses: Record<string, Promise<Response>>) {
  (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL] = { language, responses };
}

function setup(storage: Record<string, string> = {}) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value);
  const sent: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    sent.push(String(input));
    return jsonResponse(200, { slug: 'abc', content: 'asked again' });
  }) as typeof fetch;
  const client = new HttpClient({
    getBaseUrl: () => BASE,
    session: new SessionStore(createSafeStorage(window.localStorage), new EventBus()),
    translate: (key) => key,
    getLanguage: () => 'en-US',
    fetchImpl,
  });
  return { client, sent };
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL];
});

describe('early responses (requests the boot page started)', () => {
  it('takes the early response instead of sending the request, and only once', async () => {
    const { client, sent } = setup();
    startEarly('en-US', { [PASTE_URL]: Promise.resolve(jsonResponse(200, { slug: 'abc', content: 'early' })) });
    await expect(client.request('/paste/abc')).resolves.toEqual({ slug: 'abc', content: 'early' });
    expect(sent).toEqual([]);
    await expect(client.request('/paste/abc')).resolves.toEqual({ slug: 'abc', content: 'asked again' });
    expect(sent).toEqual([PASTE_URL]);
  });

  it('matches a root-relative address of the boot page against the absolute request address', () => {
    startEarly('en-US', { [new URL('/api/paste/abc', window.location.href).href]: Promise.resolve(jsonResponse(200, {})) });
    expect(takeEarlyResponse('/api/paste/abc', window)).not.toBeNull();
    expect(takeEarlyResponse('/api/paste/abc', window)).toBeNull();
  });

  it('leaves it alone for other addresses, other methods, extra headers and signed-in requests', async () => {
    const { client, sent } = setup({ admin_token: 'AdminToken0123456789abcdefghijkl' });
    startEarly('en-US', { [PASTE_URL]: Promise.resolve(jsonResponse(200, { content: 'early' })) });
    await client.request('/paste/other');
    await client.request('/paste/abc', { method: 'POST', body: { password: 'x' } });
    await client.request('/paste/abc', { auth: false, headers: { 'X-Extra': '1' } });
    await client.request('/paste/abc');
    expect(sent).toEqual([`${BASE}/api/paste/other`, PASTE_URL, PASTE_URL, PASTE_URL]);
    // Still there for the request it is the same as.
    expect(takeEarlyResponse(PASTE_URL, window)).not.toBeNull();
  });

  it('sends the request after all when the early one failed on the network', async () => {
    const { client, sent } = setup();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    startEarly('en-US', { [PASTE_URL]: failed });
    await expect(client.request('/paste/abc')).resolves.toEqual({ slug: 'abc', content: 'asked again' });
    expect(sent).toEqual([PASTE_URL]);
  });

  it('asks again for an error answer in another language, and keeps one in the page language', async () => {
    const { client, sent } = setup();
    startEarly('zh-CN', { [PASTE_URL]: Promise.resolve(jsonResponse(404, { message: '不存在' })) });
    await expect(client.request('/paste/abc')).resolves.toEqual({ slug: 'abc', content: 'asked again' });
    expect(sent).toEqual([PASTE_URL]);

    startEarly('en-US', { [PASTE_URL]: Promise.resolve(jsonResponse(404, { message: 'Paste not found' })) });
    const error = await client.request('/paste/abc').catch((reason: unknown) => reason);
    expect(isApiError(error) && error.status).toBe(404);
    expect(isApiError(error) && error.message).toBe('Paste not found');
    expect(sent).toEqual([PASTE_URL]);
  });

  it('is cancelled by the caller like a request of its own', async () => {
    const { client, sent } = setup();
    startEarly('en-US', { [PASTE_URL]: new Promise<Response>(() => undefined) });
    const controller = new AbortController();
    const pending = client.request('/paste/abc', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((reason: unknown) => reason);
    expect(isApiError(error) && error.isCancelled).toBe(true);
    expect(sent).toEqual([]);
  });
});
