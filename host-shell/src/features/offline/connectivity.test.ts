import { Connectivity, OFFLINE_META_SELECTOR, PROBE_INTERVAL_MS, PROBE_URL } from './connectivity';

function pageWithOfflineMeta(): Document {
  const doc = document.implementation.createHTMLDocument('offline copy');
  const meta = doc.createElement('meta');
  meta.name = 'cloudclip-offline';
  meta.content = '1';
  doc.head.prepend(meta);
  return doc;
}

const answer = (ok: boolean) => ({ ok, status: ok ? 200 : 503 }) as Response;

let stores: Connectivity[] = [];
function connectivity(options: ConstructorParameters<typeof Connectivity>[0]) {
  const store = new Connectivity(options);
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
  jest.useRealTimers();
});

describe('Connectivity', () => {
  it('is online on an ordinary page while the browser is online', () => {
    expect(document.querySelector(OFFLINE_META_SELECTOR)).toBeNull();
    expect(connectivity({ fetchImpl: jest.fn() }).online).toBe(true);
  });

  it("is offline on the service worker's offline copy of the page (its meta tag), even though the browser says online", () => {
    expect(navigator.onLine).toBe(true);
    expect(connectivity({ doc: pageWithOfflineMeta(), fetchImpl: jest.fn() }).online).toBe(false);
  });

  it('is offline when the browser says so, and back online on the online event', () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const store = connectivity({ fetchImpl: jest.fn() });
    const seen: boolean[] = [];
    store.changes().subscribe((online) => seen.push(online));
    expect(store.online).toBe(false);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(store.online).toBe(true);
    expect(seen).toEqual([false, true]);
    onLine.mockRestore();
  });

  it('goes offline on the offline event', () => {
    const store = connectivity({ fetchImpl: jest.fn() });
    window.dispatchEvent(new Event('offline'));
    expect(store.online).toBe(false);
  });

  it('probes /env.json past the cache every 15 s while offline and is online once it answers', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(false))
      .mockResolvedValue(answer(true));
    const store = connectivity({ doc: pageWithOfflineMeta(), fetchImpl });
    expect(fetchImpl).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(fetchImpl).toHaveBeenCalledWith(PROBE_URL, { cache: 'no-store' });
    expect(store.online).toBe(false);
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(store.online).toBe(false);
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(store.online).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    // Online: no more probes.
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 4);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('never probes while online', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest.fn();
    connectivity({ fetchImpl });
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
