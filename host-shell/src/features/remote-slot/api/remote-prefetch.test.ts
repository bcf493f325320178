import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemoteLifecycles, setEnvironment } from './remote-registry';
import { IDLE_PREFETCH_DELAY_MS, idlePrefetchAllowed, prefetchRemote, prefetchWhenIdle, resetPrefetchState } from './remote-prefetch';
import type { EnvironmentManifest } from './environment-manifest';

// The federation runtime is the edge under test: what the prefetch asks of it.
jest.mock('@module-federation/enhanced/runtime', () => ({
  preloadRemote: jest.fn(async () => undefined),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const preload = preloadRemote as jest.MockedFunction<typeof preloadRemote>;

const manifest = {
  environment: 'test',
  remotes: [
    { name: 'cloudclip_public', entry: '/remotes/mfe-public/1.0.0/mf-manifest.json' },
    { name: 'cloudclip_upload', entry: '/remotes/mfe-upload/1.0.0/mf-manifest.json' },
  ],
} as unknown as EnvironmentManifest;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  preload.mockReset();
  preload.mockResolvedValue(undefined);
  resetPrefetchState();
  setEnvironment(Promise.resolve(manifest));
});

test('a hovered link prefetches its remote once: manifest, entry and the exposed module’s synchronous chunks', async () => {
  prefetchRemote('cloudclip_upload');
  prefetchRemote('cloudclip_upload');
  await settle();
  expect(registerRemotes).toHaveBeenCalled();
  expect(preload).toHaveBeenCalledTimes(1);
  expect(preload).toHaveBeenCalledWith([{ nameOrAlias: 'cloudclip_upload', exposes: ['./spa'], resourceCategory: 'sync' }]);
});

test('a remote the environment does not pin, or no remote at all, is not prefetched', async () => {
  prefetchRemote('cloudclip_admin');
  prefetchRemote(null);
  await settle();
  expect(preload).not.toHaveBeenCalled();
});

test('a failed prefetch is forgotten, so the next intent tries again', async () => {
  preload.mockRejectedValueOnce(new Error('offline'));
  prefetchRemote('cloudclip_public');
  await settle();
  prefetchRemote('cloudclip_public');
  await settle();
  expect(preload).toHaveBeenCalledTimes(2);
});

test('without an environment manifest nothing is prefetched and nothing is thrown', async () => {
  setEnvironment(Promise.reject(new Error('no manifest')));
  prefetchRemote('cloudclip_public');
  await settle();
  expect(preload).not.toHaveBeenCalled();
});

test("idle prefetch waits for the page to settle, runs once per page load, and asks for every area's manifest and entry only", async () => {
  jest.useFakeTimers();
  try {
    prefetchWhenIdle(['cloudclip_public', 'cloudclip_upload']);
    prefetchWhenIdle(['cloudclip_public', 'cloudclip_upload']);
    jest.advanceTimersByTime(IDLE_PREFETCH_DELAY_MS - 1);
    expect(preload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
  } finally {
    jest.useRealTimers();
  }
  await settle();
  expect(preload.mock.calls.map(([args]) => args[0]?.nameOrAlias)).toEqual(['cloudclip_public', 'cloudclip_upload']);
  // Manifest and entry only: every chunk is filtered out.
  const filter = preload.mock.calls[0]?.[0][0]?.filter;
  expect(filter?.('/remotes/mfe-public/1.0.0/12.abcdef12.js')).toBe(false);
});

test("a remote whose load failed is left to its slot's retry: not prefetched until a load succeeds", async () => {
  const load = loadRemote as jest.MockedFunction<typeof loadRemote>;
  load.mockRejectedValueOnce(new Error('offline'));
  await expect(loadRemoteLifecycles('cloudclip_upload')).rejects.toThrow();
  prefetchRemote('cloudclip_upload');
  await settle();
  expect(preload).not.toHaveBeenCalled();
  const lifecycles = { bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined };
  load.mockResolvedValueOnce({ default: lifecycles });
  await loadRemoteLifecycles('cloudclip_upload', true);
  prefetchRemote('cloudclip_upload');
  await settle();
  expect(preload).toHaveBeenCalledTimes(1);
});

test('no speculative downloads for visitors who save data or are on a 2G-class connection', () => {
  expect(idlePrefetchAllowed(undefined)).toBe(true);
  expect(idlePrefetchAllowed({ effectiveType: '4g' })).toBe(true);
  expect(idlePrefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false);
  expect(idlePrefetchAllowed({ effectiveType: '2g' })).toBe(false);
  expect(idlePrefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
});
