import { retryPlugin } from './retry-plugin';

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;

interface EntryErrorArgs {
  getRemoteEntry: (args: { origin: unknown; remoteInfo: unknown; remoteEntryExports: unknown }) => Promise<unknown>;
  origin: unknown;
  remoteInfo: unknown;
  remoteEntryExports?: unknown;
  globalLoading: Record<string, unknown>;
  uniqueKey: string;
}
type EntryErrorHook = (args: EntryErrorArgs) => Promise<unknown>;

const response = (status: number) => ({ ok: status >= 200 && status < 300, status }) as unknown as Response;

function hooks(options: Parameters<typeof retryPlugin>[0]) {
  const plugin = retryPlugin(options);
  return { plugin, fetch: plugin.fetch as unknown as FetchHook, loadEntryError: plugin.loadEntryError as unknown as EntryErrorHook };
}

describe('retryPlugin fetch hook', () => {
  const originalFetch = globalThis.fetch;
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('has a name', () => {
    expect(hooks({}).plugin.name).toBe('cloudclip-retry-plugin');
  });

  it('returns a successful answer at once, passing url and init through', async () => {
    const ok = response(200);
    fetchMock.mockResolvedValue(ok);
    const init = { method: 'GET' };
    await expect(hooks({ attempts: 3, baseDelayMs: 0 }).fetch('https://cdn.test/mf-manifest.json', init)).resolves.toBe(ok);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('https://cdn.test/mf-manifest.json', init);
  });

  it('returns a 404 at once without retrying', async () => {
    const missing = response(404);
    fetchMock.mockResolvedValue(missing);
    await expect(hooks({ attempts: 3, baseDelayMs: 0 }).fetch('https://cdn.test/9.9.9/mf-manifest.json', {})).resolves.toBe(missing);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a 5xx answer and returns the first success', async () => {
    const ok = response(200);
    fetchMock.mockResolvedValueOnce(response(503)).mockResolvedValueOnce(response(502)).mockResolvedValueOnce(ok);
    await expect(hooks({ attempts: 3, baseDelayMs: 0 }).fetch('https://cdn.test/m.json', {})).resolves.toBe(ok);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('retries a network error and returns the first success', async () => {
    const ok = response(200);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(ok);
    await expect(hooks({ attempts: 3, baseDelayMs: 0 }).fetch('https://cdn.test/m.json', {})).resolves.toBe(ok);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('throws after the configured number of attempts of 5xx answers', async () => {
    fetchMock.mockResolvedValue(response(500));
    await expect(hooks({ attempts: 4, baseDelayMs: 0 }).fetch('https://cdn.test/m.json', {})).rejects.toThrow(
      'https://cdn.test/m.json answered 500',
    );
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('throws the last network error after the configured number of attempts', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(hooks({ attempts: 2, baseDelayMs: 0 }).fetch('https://cdn.test/m.json', {})).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('tries three times by default', async () => {
    jest.useFakeTimers();
    try {
      fetchMock.mockResolvedValue(response(500));
      const result = hooks({}).fetch('https://cdn.test/m.json', {});
      result.catch(() => undefined);
      await jest.runAllTimersAsync();
      await expect(result).rejects.toThrow();
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('retryPlugin loadEntryError hook', () => {
  const args = (getRemoteEntry: EntryErrorArgs['getRemoteEntry']): EntryErrorArgs => ({
    getRemoteEntry,
    origin: {},
    remoteInfo: { name: 'cloudclip_admin' },
    remoteEntryExports: undefined,
    globalLoading: { 'cloudclip_admin:entry': Promise.resolve() },
    uniqueKey: 'cloudclip_admin:entry',
  });

  it('fetches the entry again, forgetting the failed load, and returns its exports', async () => {
    const exports = { get: jest.fn(), init: jest.fn() };
    const getRemoteEntry = jest.fn().mockRejectedValueOnce(new Error('script error')).mockResolvedValueOnce(exports);
    const input = args(getRemoteEntry);
    await expect(hooks({ attempts: 3, baseDelayMs: 0 }).loadEntryError(input)).resolves.toBe(exports);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(input.globalLoading['cloudclip_admin:entry']).toBeUndefined();
  });

  it('gives up after attempts - 1 retries and returns nothing', async () => {
    const getRemoteEntry = jest.fn().mockRejectedValue(new Error('script error'));
    await expect(hooks({ attempts: 3, baseDelayMs: 0 }).loadEntryError(args(getRemoteEntry))).resolves.toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });

  it('does not retry at all with a single attempt', async () => {
    const getRemoteEntry = jest.fn();
    await expect(hooks({ attempts: 1, baseDelayMs: 0 }).loadEntryError(args(getRemoteEntry))).resolves.toBeUndefined();
    expect(getRemoteEntry).not.toHaveBeenCalled();
  });
});
