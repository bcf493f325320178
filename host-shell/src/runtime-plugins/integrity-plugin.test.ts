import { createHash, webcrypto } from 'node:crypto';
import { IntegrityRegistry, integrityPlugin, verifyFetchedResponse } from './integrity-plugin';
import { retryPlugin } from './retry-plugin';

const MANIFEST = '{"name":"cloudclip_public"}';
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/** The little of Response the check uses. */
function responseOf(text: string, status = 200): Response {
  const bytes = Buffer.from(text, 'utf8');
  const make = (): Response =>
    ({
      ok: status >= 200 && status < 300,
      status,
      clone: make,
      arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    }) as unknown as Response;
  return make();
}

function registry() {
  const result = new IntegrityRegistry('http://gateway.test/paste/abc');
  result.register('/remotes/mfe-public/1.0.0/mf-manifest.json', {
    manifest: sri(MANIFEST),
    entry: 'sha384-entry',
    entryName: 'remoteEntry.js',
  });
  result.register('/remotes/mfe-upload/workspace/mf-manifest.json', undefined);
  return result;
}

describe('IntegrityRegistry', () => {
  it('knows the digests of released manifests and of the entry next to them, by absolute address', () => {
    const digests = registry();
    expect(digests.digestOf('http://gateway.test/remotes/mfe-public/1.0.0/mf-manifest.json')).toBe(sri(MANIFEST));
    expect(digests.digestOf('/remotes/mfe-public/1.0.0/remoteEntry.js')).toBe('sha384-entry');
    expect(digests.digestOf('http://gateway.test/remotes/mfe-upload/workspace/remoteEntry.js')).toBeUndefined();
  });
});

describe('verifyFetchedResponse', () => {
  const url = 'http://gateway.test/remotes/mfe-public/1.0.0/mf-manifest.json';

  it('accepts a manifest that matches its digest', async () => {
    const response = responseOf(MANIFEST);
    await expect(verifyFetchedResponse(registry(), url, response, webcrypto.subtle as unknown as SubtleCrypto)).resolves.toBe(response);
  });

  it('refuses a manifest that was changed after release', async () => {
    await expect(
      verifyFetchedResponse(registry(), url, responseOf(`${MANIFEST} `), webcrypto.subtle as unknown as SubtleCrypto),
    ).rejects.toThrow('does not match the digest of its pinned release');
  });

  it('leaves unknown addresses alone', async () => {
    const response = responseOf('anything');
    await expect(
      verifyFetchedResponse(registry(), 'http://gateway.test/other.json', response, webcrypto.subtle as unknown as SubtleCrypto),
    ).resolves.toBe(response);
  });

  it('is not retried by the retry plugin: a tampered release fails at once', async () => {
    const fetchMock = jest.fn(async () => responseOf('tampered'));
    const originalFetch = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      const plugin = retryPlugin({
        baseDelayMs: 0,
        verifyResponse: (address, response) =>
          verifyFetchedResponse(registry(), address, response, webcrypto.subtle as unknown as SubtleCrypto),
      });
      const hook = plugin.fetch as unknown as (url: string, init: RequestInit) => Promise<Response>;
      await expect(hook(url, {})).rejects.toThrow('does not match');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      globalThis.fetch = originalFetch;
    }
  });
});

describe('integrityPlugin', () => {
  type CreateScript = (args: { url: string; attrs?: Record<string, unknown> }) => HTMLScriptElement | undefined;

  it('gives a pinned entry script its integrity attribute and a CORS request', () => {
    const createScript = integrityPlugin(registry()).createScript as unknown as CreateScript;
    const script = createScript({ url: 'http://gateway.test/remotes/mfe-public/1.0.0/remoteEntry.js', attrs: { fetchpriority: 'high' } });
    expect(script?.integrity).toBe('sha384-entry');
    expect(script?.crossOrigin).toBe('anonymous');
    expect(script?.getAttribute('fetchpriority')).toBe('high');
    expect(script?.src).toBe('http://gateway.test/remotes/mfe-public/1.0.0/remoteEntry.js');
  });

  it('leaves scripts without a known digest to the runtime', () => {
    const createScript = integrityPlugin(registry()).createScript as unknown as CreateScript;
    expect(createScript({ url: 'http://gateway.test/remotes/mfe-upload/workspace/remoteEntry.js' })).toBeUndefined();
  });
});
