// The /dav proxy of the gateway (WebDAV), against a stand-in api-server on a real port: every method,
// the headers WebDAV clients send and get, bodies streamed both ways and never rewritten, and the
// Destination header pointed at the origin the api-server knows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildGateway } from './server.mjs';
import { DAV_METHODS, rewriteDestination } from './dav-proxy.mjs';
import { FolderReleaseStore } from '../release-store/store.mjs';

let root;
let api;
let gateway;
let gatewayPort;
/** What the stand-in api-server does with the next request (set by each test). */
let handle;

/** A gateway in front of the stand-in api-server, listening on a real port. */
async function gatewayOf(options = {}) {
  const front = await buildGateway({
    environment: 'test',
    environmentsDir: path.join(root, 'environments'),
    store: new FolderReleaseStore(path.join(root, 'releases')),
    workspaceRoot: path.join(root, 'workspace'),
    apiUpstream: `http://127.0.0.1:${api.address().port}`,
    ...options,
  });
  await front.listen({ port: 0, host: '127.0.0.1' });
  return front;
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-gateway-dav-'));
  api = http.createServer((req, res) => handle(req, res));
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  gateway = await gatewayOf();
  gatewayPort = gateway.server.address().port;
});

after(async () => {
  await gateway.close();
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** The request as the stand-in api-server received it: method, path, headers and whole body. */
async function received(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) };
}

/**
 * Sends one request to the gateway with Node's own client (any method, raw headers) and returns the
 * status, headers and body of the answer. `body` may be a function that writes it.
 */
function send({ method = 'GET', url, headers = {}, body, port = gatewayPort }) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, headers });
    request.on('error', reject);
    request.on('response', async (response) => {
      try {
        const chunks = [];
        for await (const chunk of response) chunks.push(chunk);
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) });
      } catch (error) {
        reject(error);
      }
    });
    if (typeof body === 'function') body(request);
    else request.end(body);
  });
}

const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');

test('a PROPFIND with its XML body and WebDAV headers reaches the api-server as sent, and its 207 comes back unchanged', async () => {
  const propfind = '<?xml version="1.0" encoding="utf-8"?>\n<D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>';
  const multistatus = `<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">${'<D:response><D:href>/dav/a</D:href></D:response>'.repeat(200)}</D:multistatus>`;
  let seen;
  handle = async (req, res) => {
    seen = await received(req);
    res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8', dav: '1, 2', etag: '"abc"' }).end(multistatus);
  };
  const response = await send({
    method: 'PROPFIND',
    url: '/dav/docs/',
    headers: {
      authorization: 'Basic YWRtaW46c2VjcmV0',
      depth: '1',
      'content-type': 'application/xml; charset=utf-8',
      'content-length': String(Buffer.byteLength(propfind)),
      'accept-encoding': 'gzip, br',
    },
    body: propfind,
  });
  assert.equal(seen.method, 'PROPFIND');
  assert.equal(seen.url, '/dav/docs/');
  assert.equal(seen.body.toString(), propfind);
  assert.equal(seen.headers.authorization, 'Basic YWRtaW46c2VjcmV0');
  assert.equal(seen.headers.depth, '1');
  assert.equal(seen.headers['content-type'], 'application/xml; charset=utf-8');
  assert.equal(response.status, 207);
  assert.equal(response.headers.dav, '1, 2');
  assert.equal(response.headers.etag, '"abc"');
  assert.equal(response.headers['content-encoding'], undefined);
  assert.equal(response.body.toString(), multistatus);
});

test('every method a client may send reaches the api-server, with its conditional and lock headers, and the answer headers come back', async () => {
  const seen = [];
  handle = async (req, res) => {
    seen.push(await received(req));
    res.writeHead(200, { 'lock-token': '<opaquelocktoken:1234>', 'content-type': 'text/plain' }).end(req.method);
  };
  const methods = ['OPTIONS', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'DELETE', 'SEARCH', 'REPORT', 'ACL'];
  for (const method of methods) {
    const response = await send({
      method,
      url: '/dav/m/f.txt',
      headers: {
        if: '(<opaquelocktoken:1234>)',
        'lock-token': '<opaquelocktoken:1234>',
        timeout: 'Second-600',
        overwrite: 'F',
        'if-match': '"e1"',
        'if-none-match': '*',
      },
    });
    assert.equal(response.status, 200, method);
    assert.equal(response.body.toString(), method);
    assert.equal(response.headers['lock-token'], '<opaquelocktoken:1234>', method);
  }
  assert.deepEqual(
    seen.map(({ method, url }) => `${method} ${url}`),
    methods.map((method) => `${method} /dav/m/f.txt`),
  );
  for (const { headers, method } of seen) {
    assert.deepEqual(
      [headers.if, headers['lock-token'], headers.timeout, headers.overwrite, headers['if-match'], headers['if-none-match']],
      ['(<opaquelocktoken:1234>)', '<opaquelocktoken:1234>', 'Second-600', 'F', '"e1"', '*'],
      method,
    );
  }
  assert.ok(DAV_METHODS.includes('PROPFIND') && DAV_METHODS.includes('UNLOCK') && !DAV_METHODS.includes('CONNECT'));
});

test('/dav and /dav/ (the root listing the mounts) are proxied; /davx is not', async () => {
  const seen = [];
  handle = async (req, res) => {
    seen.push((await received(req)).url);
    res.writeHead(207, { 'content-type': 'application/xml' }).end('<D:multistatus xmlns:D="DAV:"/>');
  };
  assert.equal((await send({ method: 'PROPFIND', url: '/dav', headers: { depth: '0' } })).status, 207);
  assert.equal((await send({ method: 'PROPFIND', url: '/dav/', headers: { depth: '0' } })).status, 207);
  assert.equal((await send({ method: 'PROPFIND', url: '/davx', headers: { depth: '0' } })).status, 404);
  assert.deepEqual(seen, ['/dav', '/dav/']);
});

test('a request target with a fragment is refused, not cut short to its folder', async () => {
  const seen = [];
  handle = async (req, res) => {
    seen.push(`${req.method} ${(await received(req)).url}`);
    res.writeHead(204).end();
  };
  const response = await send({ method: 'DELETE', url: '/dav/m/frag/#ment' });
  assert.equal(response.status, 400);
  assert.deepEqual(seen, []);
  // An encoded # is part of a name and goes through.
  assert.equal((await send({ method: 'DELETE', url: '/dav/m/frag/%23ment' })).status, 204);
  assert.deepEqual(seen, ['DELETE /dav/m/frag/%23ment']);
});

test('an anonymous request gets the api-server 401 with its WWW-Authenticate challenge', async () => {
  handle = async (req, res) => {
    await received(req);
    res.writeHead(401, { 'www-authenticate': 'Basic realm="Cloudclip WebDAV"', 'content-type': 'text/plain' }).end('Unauthorized');
  };
  const response = await send({ method: 'PROPFIND', url: '/dav/', headers: { depth: '1' } });
  assert.equal(response.status, 401);
  assert.equal(response.headers['www-authenticate'], 'Basic realm="Cloudclip WebDAV"');
  assert.equal(response.body.toString(), 'Unauthorized');
});

/** A streaming test that would wait for ever on a buffering gateway fails instead. */
const STREAMING = { timeout: 30_000 };

test(
  'a chunked PUT of several MB streams through: the api-server gets its first bytes before the client has sent the rest',
  STREAMING,
  async () => {
    const part = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < part.length; i += 1) part[i] = (i * 31) % 251;
    const parts = 6;
    let firstBytes;
    const firstBytesArrived = new Promise((resolve) => (firstBytes = resolve));
    let seen;
    handle = async (req, res) => {
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of req) {
        if (size === 0) firstBytes();
        size += chunk.length;
        hash.update(chunk);
      }
      seen = { headers: req.headers, size, digest: hash.digest('hex') };
      res.writeHead(201, { etag: '"new"' }).end();
    };
    const whole = Buffer.concat(Array.from({ length: parts }, () => part));
    const response = await send({
      method: 'PUT',
      url: '/dav/m/big.bin',
      headers: { 'transfer-encoding': 'chunked', 'content-type': 'application/octet-stream' },
      body: async (request) => {
        request.write(part);
        // Not one byte more until the api-server has seen the first: a buffering gateway would hang here.
        await firstBytesArrived;
        for (let i = 1; i < parts; i += 1) {
          if (!request.write(part)) await once(request, 'drain');
        }
        request.end();
      },
    });
    assert.equal(response.status, 201);
    assert.equal(response.headers.etag, '"new"');
    assert.equal(seen.headers['transfer-encoding'], 'chunked');
    assert.equal(seen.headers['content-length'], undefined);
    assert.equal(seen.size, whole.length);
    assert.equal(seen.digest, sha256(whole));
  },
);

test('a PUT with a Content-Length larger than any JSON limit is passed on whole, length and encoding included', async () => {
  const body = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
  let seen;
  handle = async (req, res) => {
    seen = await received(req);
    res.writeHead(204).end();
  };
  const response = await send({
    method: 'PUT',
    url: '/dav/m/with-length.bin',
    // The stored bytes are what the client sent, encoded or not: the gateway never decompresses.
    headers: { 'content-length': String(body.length), 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body,
  });
  assert.equal(response.status, 204);
  assert.equal(seen.headers['content-length'], String(body.length));
  assert.equal(seen.headers['content-encoding'], 'gzip');
  assert.equal(sha256(seen.body), sha256(body));
});

test(
  'a download streams back uncompressed: the client gets its first bytes before the api-server has sent the rest',
  STREAMING,
  async () => {
    const part = Buffer.alloc(512 * 1024, 'x');
    let clientGotBytes;
    const clientGotFirst = new Promise((resolve) => (clientGotBytes = resolve));
    handle = async (req, res) => {
      await received(req);
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(part.length * 4), etag: '"t"' });
      res.write(part);
      // Not one byte more until the client has seen the first: a buffering or compressing gateway would hang here.
      await clientGotFirst;
      for (let i = 1; i < 4; i += 1) if (!res.write(part)) await once(res, 'drain');
      res.end();
    };
    const response = await new Promise((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port: gatewayPort,
        path: '/dav/m/log.txt',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      request.on('error', reject);
      request.on('response', async (res) => {
        let size = 0;
        for await (const chunk of res) {
          size += chunk.length;
          clientGotBytes();
        }
        resolve({ status: res.statusCode, headers: res.headers, size });
      });
      request.end();
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-encoding'], undefined);
    assert.equal(response.headers['content-length'], String(part.length * 4));
    assert.equal(response.headers.etag, '"t"');
    assert.equal(response.size, part.length * 4);
  },
);

test('a Range GET gets the api-server 206 with Content-Range and exactly the bytes it sent', async () => {
  const bytes = Buffer.from('0123456789abcdef'.repeat(4096));
  let seen;
  handle = async (req, res) => {
    seen = await received(req);
    const slice = bytes.subarray(100, 2100);
    res
      .writeHead(206, {
        'content-type': 'application/octet-stream',
        'content-range': `bytes 100-2099/${bytes.length}`,
        'content-length': String(slice.length),
        'accept-ranges': 'bytes',
        etag: '"r1"',
      })
      .end(slice);
  };
  const response = await send({ url: '/dav/m/r.bin', headers: { range: 'bytes=100-2099', 'if-match': '"r1"', 'accept-encoding': 'gzip' } });
  assert.equal(seen.headers.range, 'bytes=100-2099');
  assert.equal(seen.headers['if-match'], '"r1"');
  assert.equal(response.status, 206);
  assert.equal(response.headers['content-range'], `bytes 100-2099/${bytes.length}`);
  assert.equal(response.headers['accept-ranges'], 'bytes');
  assert.equal(response.headers.etag, '"r1"');
  assert.deepEqual(response.body, bytes.subarray(100, 2100));
});

test('a HEAD keeps the length and validators of the file the api-server describes', async () => {
  handle = async (req, res) => {
    await received(req);
    res
      .writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': '1073741824',
        etag: '"h"',
        'last-modified': 'Fri, 27 Nov 2026 05:00:00 GMT',
      })
      .end();
  };
  const response = await send({ method: 'HEAD', url: '/dav/m/huge.bin' });
  assert.equal(response.status, 200);
  assert.equal(response.headers['content-length'], '1073741824');
  assert.equal(response.headers.etag, '"h"');
  assert.equal(response.headers['last-modified'], 'Fri, 27 Nov 2026 05:00:00 GMT');
});

test('a stored HTML file or script read over /dav cannot run from our origin', async () => {
  handle = async (req, res) => {
    await received(req);
    const type = req.url.endsWith('.js') ? 'text/javascript' : 'text/html';
    res.writeHead(200, { 'content-type': type }).end('<script>alert(1)</script>');
  };
  const page = await send({ url: '/dav/m/page.html' });
  assert.match(page.headers['content-security-policy'], /^sandbox\b/);
  assert.equal(page.headers['x-content-type-options'], 'nosniff');
  assert.equal(page.body.toString(), '<script>alert(1)</script>');
  const script = await send({ url: '/dav/m/app.js' });
  assert.doesNotMatch(script.headers['content-type'], /javascript/);
});

test('Destination on the address the client used gets the origin the api-server is told (X-Forwarded-*), its path byte for byte', async () => {
  const seen = [];
  handle = async (req, res) => {
    seen.push(await received(req));
    res.writeHead(201).end();
  };
  const path = '/dav/m/a%20b/%E4%B8%AD%E6%96%87/x%2Fy?q=1';
  // https in front of a gateway that does not trust the TLS proxy: the api-server is told http.
  await send({
    method: 'MOVE',
    url: '/dav/m/old',
    headers: { host: 'clip.example.com', destination: `https://clip.example.com${path}`, overwrite: 'T' },
  });
  await send({ method: 'COPY', url: '/dav/m/old', headers: { destination: 'http://elsewhere.example/dav/m/new' } });
  await send({ method: 'COPY', url: '/dav/m/old', headers: { destination: '/dav/m/relative' } });
  const [move, foreign, relative] = seen;
  assert.deepEqual([move.headers['x-forwarded-proto'], move.headers['x-forwarded-host']], ['http', 'clip.example.com']);
  assert.equal(move.headers.destination, `http://clip.example.com${path}`);
  assert.equal(move.headers.overwrite, 'T');
  assert.equal(foreign.headers.destination, 'http://elsewhere.example/dav/m/new');
  assert.equal(relative.headers.destination, '/dav/m/relative');
});

test('behind a TLS proxy, an https Destination becomes the forwarded origin the api-server compares with', async () => {
  const behindProxy = await gatewayOf({ trustProxy: ['127.0.0.1'] });
  let seen;
  handle = async (req, res) => {
    seen = await received(req);
    res.writeHead(201).end();
  };
  try {
    await send({
      port: behindProxy.server.address().port,
      method: 'COPY',
      url: '/dav/m/a',
      headers: {
        host: '127.0.0.1:9',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'clip.example.com',
        destination: 'https://clip.example.com:443/dav/m/b%C3%A9',
      },
    });
  } finally {
    await behindProxy.close();
  }
  assert.equal(seen.headers.destination, 'https://clip.example.com/dav/m/b%C3%A9');
});

test('rewriteDestination changes only the origin, and only of a URL on the host name the client addressed', () => {
  const origin = 'http://api.internal:8080';
  assert.equal(rewriteDestination('https://clip.example.com/dav/a%2520b/', ['clip.example.com'], origin), `${origin}/dav/a%2520b/`);
  assert.equal(rewriteDestination('HTTP://Clip.Example.com:80/dav/x', ['clip.example.com'], origin), `${origin}/dav/x`);
  // nginx's X-Forwarded-Host $host has no port: a port of the client's is no other server.
  assert.equal(rewriteDestination('https://clip.example.com:8443/dav/x', ['clip.example.com'], origin), `${origin}/dav/x`);
  assert.equal(rewriteDestination('https://clip.example.com/dav/x', ['Clip.Example.com:8443'], origin), `${origin}/dav/x`);
  assert.equal(rewriteDestination('https://other.example.com/dav/x', ['clip.example.com'], origin), 'https://other.example.com/dav/x');
  assert.equal(
    rewriteDestination('https://user:pw@clip.example.com/dav/x', ['clip.example.com'], origin),
    'https://user:pw@clip.example.com/dav/x',
  );
  assert.equal(rewriteDestination('/dav/x', ['clip.example.com'], origin), '/dav/x');
  assert.equal(rewriteDestination('http://[::1', ['clip.example.com'], origin), 'http://[::1');
});
