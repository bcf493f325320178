import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isForbiddenAddress } from './ip-address';
import { SafeFetchError, SafeHttpClient, parseHttpUrl, type Resolver, type SafeFetchErrorCode } from './safe-http';

async function expectRefusal(promise: Promise<unknown>, code: SafeFetchErrorCode): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(SafeFetchError);
  await promise.catch((error: SafeFetchError) => expect(error.code).toBe(code));
}

describe('SafeHttpClient (SSRF guard)', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/redirect') {
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        response.end();
        return;
      }
      if (url.pathname.startsWith('/loop/')) {
        const n = Number(url.pathname.slice(6));
        response.writeHead(301, { location: `/loop/${n + 1}` });
        response.end();
        return;
      }
      if (url.pathname === '/hang') return; // never answers
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`ok ${url.pathname}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    hits.length = 0;
  });

  const client = new SafeHttpClient();

  it.each(['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://127.0.0.1:70/', 'not a url', '', 'http://'])(
    'refuses %j as an invalid URL',
    async (url) => {
      expect(() => parseHttpUrl(url)).toThrow(SafeFetchError);
      await expectRefusal(client.fetch(url), 'invalid-url');
    },
  );

  it.each([
    () => `http://127.0.0.1:${port}/`,
    () => `http://localhost:${port}/`,
    () => `http://[::1]:${port}/`,
    () => 'http://10.0.0.1/',
    () => 'http://169.254.169.254/latest/meta-data/',
    () => `http://0x7f000001:${port}/`,
    () => `http://2130706433:${port}/`,
    () => `http://0177.0.0.1:${port}/`,
    () => `http://127.1:${port}/`,
    () => `http://[::ffff:127.0.0.1]:${port}/`,
    () => `http://[::ffff:7f00:1]:${port}/`,
    () => 'http://0.0.0.0/',
    () => 'http://[fe80::1]/',
    () => 'http://[fd00::1]/',
    () => 'http://224.0.0.1/',
  ])('refuses the private or reserved target %#', async (makeUrl) => {
    await expectRefusal(client.fetch(makeUrl()), 'forbidden-address');
    expect(hits).toEqual([]);
  });

  it('refuses a host name that resolves to a loopback address (injected resolver), resolving only at connect time', async () => {
    const calls: string[] = [];
    const resolve: Resolver = async (hostname) => {
      calls.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    await expectRefusal(new SafeHttpClient({ resolve }).fetch(`http://innocent.example:${port}/`), 'forbidden-address');
    expect(calls).toEqual(['innocent.example']);
    expect(hits).toEqual([]);
  });

  it('refuses a host name when any of its addresses is private', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    await expectRefusal(new SafeHttpClient({ resolve }).fetch('http://mixed.example/'), 'forbidden-address');
  });

  it('connects to exactly the address it checked (one resolution per connection)', async () => {
    // Policy for this test: the loopback test server counts as "public", nothing else private does.
    const isForbidden = (address: string) => address !== '127.0.0.1' && isForbiddenAddress(address);
    let calls = 0;
    const resolve: Resolver = async () => {
      calls += 1;
      // A rebinding resolver would answer differently the second time; it is never asked twice.
      return calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    };
    const response = await new SafeHttpClient({ resolve, isForbidden }).fetch(`http://good.example:${port}/hello`);
    expect(response.status).toBe(200);
    expect(response.remoteAddress).toBe('127.0.0.1');
    response.body.resume();
    expect(calls).toBe(1);
  });

  it('re-checks every redirect hop: a redirect to a private address or another scheme is refused', async () => {
    const isForbidden = (address: string) => address !== '127.0.0.1' && isForbiddenAddress(address);
    const guarded = new SafeHttpClient({ isForbidden });
    await expectRefusal(
      guarded.fetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(`http://127.0.0.2:${port}/`)}`),
      'forbidden-address',
    );
    await expectRefusal(
      guarded.fetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/')}`),
      'forbidden-address',
    );
    await expectRefusal(guarded.fetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`), 'invalid-url');
    const followed = await guarded.fetch(`http://127.0.0.1:${port}/redirect?to=/target`);
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`http://127.0.0.1:${port}/target`);
    followed.body.resume();
  });

  it('follows at most 5 redirects', async () => {
    const open = new SafeHttpClient();
    const fifth = await open
      .fetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent('/loop/2')}`, { allowPrivate: true })
      .catch((error) => error);
    expect(fifth).toBeInstanceOf(SafeFetchError);
    expect((fifth as SafeFetchError).code).toBe('too-many-redirects');
    expect(hits.length).toBe(6);
  });

  it('reaches private addresses only when allowPrivate is set', async () => {
    const response = await client.fetch(`http://127.0.0.1:${port}/open`, { allowPrivate: true });
    expect(response.status).toBe(200);
    let text = '';
    for await (const chunk of response.body) text += String(chunk);
    expect(text).toBe('ok /open');
  });

  it('gives up on a server that does not answer in time', async () => {
    const impatient = new SafeHttpClient({ headersTimeoutMs: 200 });
    await expectRefusal(impatient.fetch(`http://127.0.0.1:${port}/hang`, { allowPrivate: true }), 'timeout');
  });

  it('reports an unreachable host', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expectRefusal(client.fetch(`http://127.0.0.1:${closedPort}/`, { allowPrivate: true }), 'unreachable');
  });
});
