import { renderHook, waitFor } from '@testing-library/react';
import { createKernel, type BusMessage, type Kernel } from '@cloudclip/shared-kernel';
import { useAdminGuard } from './use-admin-guard';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';
import { deferred } from '@cloudclip/shared-kernel/testing/deferred';
import { jsonResponse } from '@cloudclip/shared-kernel/testing/json-response';

interface Wire {
  url: string;
  authorization: string | null;
}

/** A kernel whose fetch answers each request with the next queued (possibly pending) response. */
function setup(stored: Record<string, string>) {
  const storage = memoryStorage(stored);
  const requests: Wire[] = [];
  const queue: Promise<Response>[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), authorization: new Headers(init?.headers as Record<string, string>).get('Authorization') });
    return queue.shift() ?? jsonResponse(200, { code: 200, message: 'ok', success: true });
  }) as typeof fetch;
  const kernel: Kernel = createKernel({
    storage,
    origin: 'https://clip.example.org',
    appConfig: {},
    browserLanguages: ['en-US'],
    fetchImpl,
  });
  const events: BusMessage[] = [];
  kernel.bus.events$.subscribe((message) => events.push(message));
  return { kernel, storage, requests, events, queue };
}

describe('useAdminGuard', () => {
  it('with an admin token, waits for GET /api/test/admin-token before letting the admin area show', async () => {
    const { kernel, requests, queue, storage } = setup({ admin_token: 'T0k' });
    const reply = deferred<Response>();
    queue.push(reply.promise);
    const { result } = renderHook(() => useAdminGuard(kernel, true));
    expect(result.current).toBe(false);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({ url: 'https://clip.example.org/api/test/admin-token', authorization: 'Bearer T0k' });
    reply.resolve(jsonResponse(200, { code: 200, message: 'ok', success: true }));
    await waitFor(() => expect(result.current).toBe(true));
    expect(storage.data.get('admin_token')).toBe('T0k');
  });

  it('checks the token with the server even right after login', async () => {
    const { kernel, requests } = setup({});
    kernel.session.loginAdmin('Fresh');
    const { result } = renderHook(() => useAdminGuard(kernel, true));
    await waitFor(() => expect(result.current).toBe(true));
    expect(requests.map((request) => request.url)).toEqual(['https://clip.example.org/api/test/admin-token']);
  });

  it('removes a rejected token, fires admin-token-expired and still lets navigation proceed', async () => {
    const { kernel, storage, events, queue } = setup({ admin_token: 'Expired' });
    queue.push(Promise.resolve(jsonResponse(401, { code: 401, message: 'invalid token', success: false })));
    const { result } = renderHook(() => useAdminGuard(kernel, true));
    await waitFor(() => expect(result.current).toBe(true));
    expect(storage.data.has('admin_token')).toBe(false);
    expect(kernel.session.kind).toBe('anonymous');
    expect(events.filter((event) => event.type === 'admin-token-expired')).toHaveLength(1);
  });

  it('lets navigation proceed and keeps the token when the server cannot be reached', async () => {
    const { kernel, storage, queue } = setup({ admin_token: 'T0k' });
    queue.push(Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderHook(() => useAdminGuard(kernel, true));
    await waitFor(() => expect(result.current).toBe(true));
    expect(storage.data.get('admin_token')).toBe('T0k');
  });

  it.each([
    [
      'when no admin token is stored',
      { api_key: 'Key123456789', api_key_permissions: JSON.stringify({ text: true, file: true, mount: true }) },
      true,
    ],
    ['when inactive', { admin_token: 'T0k' }, false],
  ])('is done at once without a request %s', async (_when, stored, active) => {
    const { kernel, requests } = setup(stored);
    const { result } = renderHook(() => useAdminGuard(kernel, active));
    expect(result.current).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(0);
  });

  it('checks once it becomes active', async () => {
    const { kernel, requests } = setup({ admin_token: 'T0k' });
    const { result, rerender } = renderHook(({ active }) => useAdminGuard(kernel, active), { initialProps: { active: false } });
    expect(requests).toHaveLength(0);
    rerender({ active: true });
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(result.current).toBe(true));
  });
});
