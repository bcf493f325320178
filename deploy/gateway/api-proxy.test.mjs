// The /api proxy of the gateway, against a real api-server stand-in: headers it passes on, content
// it keeps from running, and answers the api-server gives before it has read the request body.
// Several api-server replicas: api-proxy-replicas.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { answerWithin } from '../../api-server/scripts/raw-answer.cjs';
import { UpstreamSocket } from './api-proxy.mjs';
import { gatewayInFrontOf, gatewayOf, gatewayTestRoot } from '../testing/api-gateway.mjs';

let root;
let upstream;
let gateway;

before(async () => {
  root = await gatewayTestRoot();
  // Answers with what it was asked and the X-Forwarded-* headers it got.
  upstream = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        code: 200,
        path: req.url,
        method: req.method,
        forwardedFor: req.headers['x-forwarded-for'] ?? null,
        forwardedProto: req.headers['x-forwarded-proto'] ?? null,
        forwardedHost: req.headers['x-forwarded-host'] ?? null,
      }),
    );
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  gateway = await gatewayOf(root, `http://127.0.0.1:${upstream.address().port}`);
});

after(async () => {
  await gateway.close();
  await new Promise((resolve) => upstream.close(resolve));
  await rm(root, { recursive: true, force: true });
});

test('proxies /api to the api-server with method and path intact', async () => {
  const response = await gateway.inject({ method: 'POST', url: '/api/admin/login?x=1', payload: { a: 1 } });
  assert.deepEqual(response.json(), {
    code: 200,
    path: '/api/admin/login?x=1',
    method: 'POST',
    forwardedFor: '127.0.0.1',
    forwardedProto: 'http',
    forwardedHost: 'localhost:80',
  });
});

test('drops X-Forwarded-* sent by an untrusted client', async () => {
  const response = await gateway.inject({
    url: '/api/health',
    headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
  });
  const body = response.json();
  assert.equal(body.forwardedFor, '127.0.0.1');
  assert.equal(body.forwardedProto, 'http');
  assert.notEqual(body.forwardedHost, 'evil.example');
});

test('behind a trusted reverse proxy, passes on the client address, https and the public host', async () => {
  const behindProxy = await gatewayOf(root, `http://127.0.0.1:${upstream.address().port}`, { trustProxy: ['127.0.0.1'] });
  try {
    const response = await behindProxy.inject({
      url: '/api/health',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'clip.example.com' },
    });
    const body = response.json();
    assert.deepEqual([body.forwardedFor, body.forwardedProto, body.forwardedHost], ['203.0.113.7', 'https', 'clip.example.com']);
  } finally {
    await behindProxy.close();
  }
});

test('content proxied from /api (URL proxy, shared files) can never run: nosniff, a sandbox for documents, no script type', async () => {
  // The worst case: an api-server that passes a remote's script or page on with its own type.
  const remote = http.createServer((req, res) => {
    if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(document.cookie)</script>');
    else res.writeHead(200, { 'content-type': 'text/javascript' }).end('alert(document.cookie)');
  });
  await new Promise((resolve) => remote.listen(0, '127.0.0.1', resolve));
  const source = `http://127.0.0.1:${remote.address().port}`;
  const front = await gatewayInFrontOf(root, (req, res) => {
    const url = new URL(req.url, 'http://api');
    http.get(url.searchParams.get('url') ?? `${source}/page`, (upstreamResponse) => {
      res.writeHead(upstreamResponse.statusCode, { 'content-type': upstreamResponse.headers['content-type'] });
      upstreamResponse.pipe(res);
    });
  });
  try {
    for (const target of [`${source}/page`, `${source}/script.js`]) {
      for (const apiPath of ['/api/url/proxy?url=', '/api/file-view/abc?x=', '/api/raw/abc?x=']) {
        const response = await fetch(`http://127.0.0.1:${front.port}${apiPath}${encodeURIComponent(target)}`);
        await response.arrayBuffer();
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff', apiPath);
        if (target.endsWith('.js')) {
          // A <script src> from our origin would pass script-src 'self': nosniff blocks it only for a non-script type.
          assert.doesNotMatch(response.headers.get('content-type'), /javascript|ecmascript/i, `${apiPath}${target}`);
        } else {
          const attachment = /^attachment/i.test(response.headers.get('content-disposition') ?? '');
          assert.ok(attachment || /^sandbox\b/.test(response.headers.get('content-security-policy') ?? ''), `${apiPath}${target}`);
        }
      }
    }
  } finally {
    await front.close();
    await new Promise((resolve) => remote.close(resolve));
  }
});

// --- an early answer of the api-server reaches the client as it is ------------------------------

/** Sends `size` bytes to the gateway and returns the status, headers and body it answers with. */
function sendLarge(port, { method = 'POST', url, size, headers = {} }) {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request({ host: '127.0.0.1', port, method, path: url, headers: { 'content-length': String(size), ...headers } });
    request.on('response', (response) => {
      answered = true;
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    // Writing on after the answer may fail (the gateway closes the connection): not an error.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!request.write(part)) return request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

/** Sends the same large request three times: each time the api-server's `envelope` arrives, with its status and CORS header. */
async function expectAnswerEveryRound(port, request, envelope) {
  for (let round = 0; round < 3; round += 1) {
    const response = await sendLarge(port, request);
    assert.equal(response.status, envelope.code, response.body);
    assert.deepEqual(JSON.parse(response.body), envelope);
    assert.equal(response.headers['access-control-allow-origin'], '*');
  }
}

test('a body too large for the api-server gets its 413 and JSON envelope, not a 500', async () => {
  // Like the api-server: Fastify with a body limit, a JSON envelope and CORS headers on errors.
  const Fastify = (await import('fastify')).default;
  const api = Fastify({ bodyLimit: 1024 * 1024 });
  api.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    return payload;
  });
  api.setErrorHandler((error, _request, reply) =>
    reply.code(error.statusCode ?? 500).send({ code: error.statusCode ?? 500, message: 'Request body is too large', success: false }),
  );
  api.post('/api/admin/login', async () => ({ code: 200 }));
  await api.ready();
  const front = await gatewayInFrontOf(root, api.server);
  try {
    await expectAnswerEveryRound(
      front.port,
      { url: '/api/admin/login', size: 5 * 1024 * 1024, headers: { 'content-type': 'application/json' } },
      { code: 413, message: 'Request body is too large', success: false },
    );
  } finally {
    await front.close();
  }
});

test('an upload the api-server refuses before reading it gets its answer, whatever the gateway was still sending', async () => {
  const front = await gatewayInFrontOf(root, (req, res) => {
    // Answers at once and closes the connection without reading the body.
    res.writeHead(403, { 'content-type': 'application/json', 'access-control-allow-origin': '*', connection: 'close' });
    res.end(JSON.stringify({ code: 403, message: 'Invalid upload key', success: false }), () => req.socket.destroy());
  });
  try {
    await expectAnswerEveryRound(
      front.port,
      {
        method: 'PUT',
        url: '/api/upload-direct/x?key=bad',
        size: 150 * 1024 * 1024,
        headers: { 'content-type': 'application/octet-stream' },
      },
      { code: 403, message: 'Invalid upload key', success: false },
    );
  } finally {
    await front.close();
  }
});

/**
 * One request to the gateway on a connection of its own: `{ status, body }`, or `{ error }` when
 * nothing was answered within `timeoutMs` (a hang) or the connection failed.
 */
async function sendOnce(port, { method, url, headers = {}, body, timeoutMs = 3000 }) {
  const request = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false });
  const answer = answerWithin(request, timeoutMs);
  request.end(body);
  const { status, body: text, error } = await answer;
  return error === undefined ? { status, body: text } : { error };
}

test('the connection of a refused upload is never used again: an api-server that left the body unread on it cannot stall the next request', async () => {
  const connections = new Set();
  const api = http.createServer(async (req, res) => {
    connections.add(req.socket);
    if (req.method === 'PROPFIND') {
      // As the api-server's XML body limit did: the refusal is thrown out of `for await` over the
      // request, which destroys the request without closing the connection, so Node reads no more
      // from it, and the 413 goes out on a connection kept alive with the rest of the body unread.
      // The pause lets the gateway send the whole body first, as the api-server's checks did.
      await new Promise((resolve) => setTimeout(resolve, 30));
      try {
        let total = 0;
        for await (const chunk of req) {
          total += chunk.length;
          if (total > 64 * 1024) throw new Error('too large');
        }
      } catch {
        // refused below
      }
      res.writeHead(413, { 'content-type': 'text/plain' }).end('too large');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
  });
  const front = await gatewayInFrontOf(root, api);
  try {
    const rounds = [];
    for (let round = 0; round < 5; round += 1) {
      const refused = await sendOnce(front.port, {
        method: 'PROPFIND',
        url: '/dav/m/',
        headers: { 'transfer-encoding': 'chunked', 'content-type': 'application/xml' },
        body: Buffer.alloc(256 * 1024, 'x'),
      });
      const next = await sendOnce(front.port, { method: 'GET', url: '/dav/m/hello.txt' });
      rounds.push(`${refused.status ?? refused.error} then ${next.status ?? next.error}`);
    }
    assert.deepEqual(rounds, Array(5).fill('413 then 200'));
    // Each refused PROPFIND had a connection of its own; the GETs may share one.
    assert.ok(connections.size >= 6, `${connections.size} connections`);
  } finally {
    await front.close();
  }
});

test('a connection to the api-server reads the answer that came before a reset, even when a write into the reset failed first', async () => {
  // The api-server refuses the upload and closes the connection with the body unread: a reset.
  let refusedAndReset;
  const done = new Promise((resolve) => (refusedAndReset = resolve));
  const api = net.createServer((socket) => {
    socket.once('data', () => {
      socket.write('HTTP/1.1 413 Payload Too Large\r\ncontent-length: 9\r\nconnection: close\r\n\r\ntoo large');
      socket.resetAndDestroy();
      socket.once('close', refusedAndReset);
    });
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  try {
    // Paused from the start, so the answer stays unread until the next write has met the reset:
    // the order the gateway's writes and reads sometimes took.
    const socket = new UpstreamSocket();
    socket.pause();
    socket.connect(api.address().port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('PUT /api/storage/local/c/k HTTP/1.1\r\nhost: api\r\ncontent-length: 1048576\r\n\r\n');
    socket.write(Buffer.alloc(64 * 1024, 'x'));
    await done;
    await new Promise((resolve, reject) => socket.write(Buffer.alloc(64 * 1024, 'y'), (error) => (error ? reject(error) : resolve())));
    const received = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {});
    socket.resume();
    await once(socket, 'close');
    assert.match(Buffer.concat(received).toString(), /^HTTP\/1\.1 413 Payload Too Large\r\n[\s\S]*too large$/);
  } finally {
    await new Promise((resolve) => api.close(resolve));
  }
});
