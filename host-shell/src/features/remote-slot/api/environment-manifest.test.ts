import {
  EnvironmentManifestError,
  INLINE_ENVIRONMENT_ID,
  fetchEnvironmentManifest,
  inlineEnvironmentManifest,
  parseEnvironmentManifest,
} from './environment-manifest';

const VALID = {
  name: 'staging',
  remotes: [
    { name: 'cloudclip_public', entry: 'https://cdn.test/public/1.2.0/mf-manifest.json', version: '1.2.0' },
    { name: 'cloudclip_admin', entry: 'https://cdn.test/admin/1.0.3/mf-manifest.json', version: '1.0.3' },
  ],
};

describe('parseEnvironmentManifest', () => {
  it('returns the name and the pinned remotes of a valid manifest', () => {
    expect(parseEnvironmentManifest(VALID)).toEqual(VALID);
  });

  it('keeps the pinned host release the gateway adds, and leaves it out when absent or malformed', () => {
    const host = { package: 'host-shell', version: '1.4.0' };
    expect(parseEnvironmentManifest({ ...VALID, host, extra: 1 })).toEqual({ ...VALID, host });
    expect(parseEnvironmentManifest(VALID)).not.toHaveProperty('host');
    expect(parseEnvironmentManifest({ ...VALID, host: { package: 'host-shell' } })).not.toHaveProperty('host');
    expect(parseEnvironmentManifest({ ...VALID, host: 'host-shell@1.4.0' })).not.toHaveProperty('host');
  });

  it("names a manifest without a name 'unknown'", () => {
    expect(parseEnvironmentManifest({ remotes: [] })).toEqual({ name: 'unknown', remotes: [] });
  });

  it.each([
    ['null', null],
    ['a string', 'remotes'],
    ['no remotes', { name: 'x' }],
    ['remotes not an array', { remotes: { cloudclip_public: 'x' } }],
    ['a remote without entry', { remotes: [{ name: 'cloudclip_public', version: '1' }] }],
    ['a remote with a numeric version', { remotes: [{ name: 'cloudclip_public', entry: 'e', version: 1 }] }],
    ['a null remote', { remotes: [null] }],
  ])('rejects a manifest with %s', (_label, raw) => {
    expect(() => parseEnvironmentManifest(raw)).toThrow(EnvironmentManifestError);
    expect(() => parseEnvironmentManifest(raw)).toThrow('Malformed environment manifest');
  });
});

describe('fetchEnvironmentManifest', () => {
  const originalFetch = globalThis.fetch;
  let fetchMock: jest.Mock;

  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  afterEach(() => {
    jest.useRealTimers();
    globalThis.fetch = originalFetch;
  });

  const answer = (status: number, body: unknown) =>
    ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;

  it('fetches the manifest without the browser cache and parses it', async () => {
    fetchMock.mockResolvedValue(answer(200, VALID));
    await expect(fetchEnvironmentManifest('/env.json')).resolves.toEqual(VALID);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/env.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('retries a failing answer and succeeds when a later attempt works', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(503, null))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200, VALID));
    const result = fetchEnvironmentManifest('/env.json', 3);
    await jest.runAllTimersAsync();
    await expect(result).resolves.toEqual(VALID);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after the given number of attempts with the last error', async () => {
    fetchMock.mockResolvedValue(answer(500, null));
    const result = fetchEnvironmentManifest('/env.json', 2);
    result.catch(() => undefined);
    await jest.runAllTimersAsync();
    await expect(result).rejects.toThrow('Environment manifest answered 500');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry a malformed manifest', async () => {
    fetchMock.mockResolvedValue(answer(200, { remotes: 'nope' }));
    const result = fetchEnvironmentManifest('/env.json', 3);
    result.catch(() => undefined);
    await jest.runAllTimersAsync();
    await expect(result).rejects.toThrow(EnvironmentManifestError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('inlineEnvironmentManifest', () => {
  afterEach(() => {
    document.getElementById(INLINE_ENVIRONMENT_ID)?.remove();
  });

  function inline(text: string): void {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = INLINE_ENVIRONMENT_ID;
    element.textContent = text;
    document.head.append(element);
  }

  it('reads the manifest the gateway wrote into the page', () => {
    inline(
      JSON.stringify({
        name: 'local',
        remotes: [{ name: 'cloudclip_public', entry: '/remotes/mfe-public/1.0.0/mf-manifest.json', version: '1.0.0' }],
      }),
    );
    expect(inlineEnvironmentManifest()).toEqual({
      name: 'local',
      remotes: [{ name: 'cloudclip_public', entry: '/remotes/mfe-public/1.0.0/mf-manifest.json', version: '1.0.0' }],
    });
  });

  it('is null without one, or with one that cannot be read (the manifest is then fetched)', () => {
    expect(inlineEnvironmentManifest()).toBeNull();
    inline('{ not json');
    expect(inlineEnvironmentManifest()).toBeNull();
    document.getElementById(INLINE_ENVIRONMENT_ID)?.remove();
    inline(JSON.stringify({ name: 'x', remotes: [{ name: 1 }] }));
    expect(inlineEnvironmentManifest()).toBeNull();
  });
});
