import { BACKEND_URL_PLACEHOLDER, buildApiUrl, resolveBaseUrl, saveBaseUrlOverride, withQuery } from './app-config';
import { memoryStorage } from '../../testing/memory-storage';

const ORIGIN = 'https://clip.example.org';

/** resolveBaseUrl with a fresh empty storage, a non-container build and ORIGIN, unless `input` says otherwise. */
const resolve = (input: Partial<Parameters<typeof resolveBaseUrl>[0]>) =>
  resolveBaseUrl({ storage: memoryStorage(), isContainerBuild: false, origin: ORIGIN, ...input });

describe('resolveBaseUrl', () => {
  it('uses the runtime backendUrl first, even when an address is saved locally', () => {
    const storage = memoryStorage({ 'vite-api-base-url': 'http://saved.test' });
    expect(resolve({ appConfig: { backendUrl: 'https://runtime.test' }, storage })).toEqual({
      baseUrl: 'https://runtime.test',
      source: 'runtime',
    });
  });

  it('ignores the runtime backendUrl while it is still the __BACKEND_URL__ placeholder', () => {
    const storage = memoryStorage({ 'vite-api-base-url': 'http://saved.test' });
    expect(BACKEND_URL_PLACEHOLDER).toBe('__BACKEND_URL__');
    expect(resolve({ appConfig: { backendUrl: '__BACKEND_URL__' }, storage })).toEqual({
      baseUrl: 'http://saved.test',
      source: 'local-storage',
    });
  });

  it('ignores an empty or blank runtime backendUrl', () => {
    for (const backendUrl of ['', '   ']) {
      expect(resolve({ appConfig: { backendUrl } })).toEqual({
        baseUrl: ORIGIN,
        source: 'origin',
      });
    }
  });

  it('uses the address saved in vite-api-base-url when there is no runtime setting', () => {
    const storage = memoryStorage({ 'vite-api-base-url': '  http://saved.test  ' });
    expect(resolve({ storage })).toEqual({
      baseUrl: 'http://saved.test',
      source: 'local-storage',
    });
  });

  it('ignores the saved address in a container build and falls back to the page origin', () => {
    const storage = memoryStorage({ 'vite-api-base-url': 'http://saved.test' });
    expect(resolve({ appConfig: {}, storage, isContainerBuild: true })).toEqual({
      baseUrl: ORIGIN,
      source: 'origin',
    });
  });

  it('still honours the runtime setting in a container build', () => {
    expect(resolve({ appConfig: { backendUrl: 'https://runtime.test' }, isContainerBuild: true }).baseUrl).toBe('https://runtime.test');
  });

  it('falls back to the page origin when nothing is configured', () => {
    expect(resolve({ appConfig: undefined })).toEqual({
      baseUrl: ORIGIN,
      source: 'origin',
    });
  });

  it('ignores a blank saved address', () => {
    expect(resolve({ storage: memoryStorage({ 'vite-api-base-url': '   ' }) }).source).toBe('origin');
  });

  it('trims trailing slashes from whichever address wins', () => {
    expect(resolve({ appConfig: { backendUrl: 'https://runtime.test//' } }).baseUrl).toBe('https://runtime.test');
    expect(resolve({ storage: memoryStorage({ 'vite-api-base-url': 'http://saved.test/' }) }).baseUrl).toBe('http://saved.test');
    expect(resolve({ origin: 'http://host.test/' }).baseUrl).toBe('http://host.test');
  });
});

describe('buildApiUrl', () => {
  it('joins base address, the /api prefix and the path', () => {
    expect(buildApiUrl('http://api.test', '/paste')).toBe('http://api.test/api/paste');
  });

  it('adds a leading slash to a path without one', () => {
    expect(buildApiUrl('http://api.test', 's3/presign')).toBe('http://api.test/api/s3/presign');
  });

  it('trims trailing slashes of the base address', () => {
    expect(buildApiUrl('http://api.test///', '/version')).toBe('http://api.test/api/version');
  });

  it('keeps a base address that has its own path', () => {
    expect(buildApiUrl('https://host.test/backend/', 'health')).toBe('https://host.test/backend/api/health');
  });

  it('uses absolute http and https paths unchanged', () => {
    expect(buildApiUrl('http://api.test', 'https://bucket.s3.test/obj?X-Amz-Signature=1')).toBe(
      'https://bucket.s3.test/obj?X-Amz-Signature=1',
    );
    expect(buildApiUrl('http://api.test', 'http://other.test/api/raw/a')).toBe('http://other.test/api/raw/a');
  });
});

describe('withQuery', () => {
  it('returns the url unchanged without a query', () => {
    expect(withQuery('http://api.test/api/x')).toBe('http://api.test/api/x');
    expect(withQuery('http://api.test/api/x', {})).toBe('http://api.test/api/x');
  });

  it('appends encoded values and skips null and undefined', () => {
    expect(
      withQuery('http://api.test/api/fs/list', { path: '/docs/a b&c', page: 2, force_download: false, skip: undefined, none: null }),
    ).toBe('http://api.test/api/fs/list?path=%2Fdocs%2Fa+b%26c&page=2&force_download=false');
  });

  it('returns the url unchanged when every value is skipped', () => {
    expect(withQuery('http://api.test/api/x', { a: undefined, b: null })).toBe('http://api.test/api/x');
  });

  it('continues an existing query string with &', () => {
    expect(withQuery('http://api.test/api/raw/a?password=p', { download: true })).toBe(
      'http://api.test/api/raw/a?password=p&download=true',
    );
  });
});

describe('saveBaseUrlOverride', () => {
  it('saves the trimmed address under vite-api-base-url', () => {
    const storage = memoryStorage();
    saveBaseUrlOverride(storage, '  https://api.example.net  ');
    expect(storage.data.get('vite-api-base-url')).toBe('https://api.example.net');
  });

  it('is what resolveBaseUrl reads on the next start', () => {
    const storage = memoryStorage();
    saveBaseUrlOverride(storage, 'https://api.example.net/');
    expect(resolve({ storage })).toEqual({
      baseUrl: 'https://api.example.net',
      source: 'local-storage',
    });
  });
});
