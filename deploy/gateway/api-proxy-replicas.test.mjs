// The /api proxy of the gateway with several api-server replicas (API_UPSTREAM=a,b): the origins
// in turn, and what is sent again to the next one when one refuses.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { rm } from 'node:fs/promises';
import { createRotation, parseUpstreams } from './api-proxy.mjs';
import { gatewayInFrontOf, gatewayOf, gatewayTestRoot } from '../testing/api-gateway.mjs';

let root;

before(async () => {
  root = await gatewayTestRoot();
});

after(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A stand-in replica named `name`: answers every request with its name, method, path and the body it read. */
async function replica(name) {
  const seen = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method, path: req.url, body });
      res.setHeader('content-type', 'application/json');
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ replica: name, method: req.method, path: req.url, body }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** An origin nothing listens on: a connection to it is refused. */
async function refusingOrigin() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

test('API_UPSTREAM: one origin or a comma-separated list; an empty or non-http entry is refused', () => {
  assert.deepEqual(parseUpstreams('http://127.0.0.1:8787'), ['http://127.0.0.1:8787']);
  assert.deepEqual(parseUpstreams(' http://a:1 , http://b:2/,, '), ['http://a:1', 'http://b:2/']);
  assert.throws(() => parseUpstreams(' , '), /names no api-server/);
  assert.throws(() => parseUpstreams('http://a:1,b:2'), /not http/);
  assert.throws(() => parseUpstreams('http://a:1,not a url'), /not a URL/);
});

test('the rotation hands out the origins in turn and knows which one follows another', () => {
  const rotation = createRotation(['http://a:1', 'http://b:2', 'http://c:3']);
  assert.deepEqual(
    Array.from({ length: 5 }, () => rotation.next()),
    ['http://a:1', 'http://b:2', 'http://c:3', 'http://a:1', 'http://b:2'],
  );
  assert.equal(rotation.after('http://c:3'), 'http://a:1');
  assert.equal(rotation.after('http://a:1/'), 'http://b:2');
});

test('with two replicas, /api and /dav requests go to them in turn, bodies and paths intact', async () => {
  const [one, two] = [await replica('one'), await replica('two')];
  const front = await gatewayOf(root, `${one.origin},${two.origin}`);
  try {
    const apiAnswers = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await front.inject({ method: 'POST', url: `/api/paste?n=${index}`, payload: { n: index } });
      apiAnswers.push(response.json());
    }
    assert.deepEqual(
      apiAnswers.map(({ replica: name, path: url, body }) => [name, url, body]),
      [0, 1, 2, 3].map((n) => [n % 2 === 0 ? 'one' : 'two', `/api/paste?n=${n}`, JSON.stringify({ n })]),
    );
    const davAnswers = [];
    for (let index = 0; index < 2; index += 1) davAnswers.push((await front.inject({ method: 'PROPFIND', url: '/dav/x/' })).json());
    assert.deepEqual(davAnswers.map((answer) => answer.replica).sort(), ['one', 'two']);
  } finally {
    await front.close();
    await one.close();
    await two.close();
  }
});

test('a GET or HEAD refused by one replica is answered by the next; a request with a body is never sent again', async () => {
  const live = await replica('live');
  const dead = await refusingOrigin();
  const front = await gatewayOf(root, `${dead},${live.origin}`);
  try {
    for (let index = 0; index < 4; index += 1) {
      const response = await front.inject({ method: 'GET', url: `/api/paste/abc${index}` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().replica, 'live');
    }
    for (let index = 0; index < 2; index += 1) assert.equal((await front.inject({ method: 'HEAD', url: '/api/health' })).statusCode, 200);
    assert.equal(live.seen.filter((request) => request.method === 'HEAD').length, 2);

    const posts = [];
    for (let index = 0; index < 4; index += 1) {
      posts.push(await front.inject({ method: 'POST', url: '/api/paste', payload: { content: `text ${index}` } }));
    }
    // Round robin: two of the four went to the refusing replica and fail; the other two arrive once each.
    assert.deepEqual(posts.map((response) => response.statusCode >= 500).sort(), [false, false, true, true]);
    const received = live.seen.filter((request) => request.method === 'POST').map((request) => JSON.parse(request.body).content);
    assert.equal(received.length, 2);
    assert.equal(new Set(received).size, 2);
    assert.deepEqual(
      posts.filter((response) => response.statusCode === 200).map((response) => JSON.parse(response.json().body).content),
      received,
    );

    // Without a body either: a POST may have been meant once (a logout, a cache clear), so it is not sent on.
    const bodiless = [];
    for (let index = 0; index < 2; index += 1) bodiless.push((await front.inject({ method: 'POST', url: '/api/admin/logout' })).statusCode);
    assert.deepEqual(bodiless.map((status) => status >= 500).sort(), [false, true]);
    assert.equal(live.seen.filter((request) => request.path === '/api/admin/logout').length, 1);
  } finally {
    await front.close();
    await live.close();
  }
});

test('when every replica refuses, a GET fails after each was tried once', async () => {
  const front = await gatewayOf(root, `${await refusingOrigin()},${await refusingOrigin()}`);
  try {
    const response = await front.inject({ method: 'GET', url: '/api/health' });
    assert.ok(response.statusCode >= 500, String(response.statusCode));
  } finally {
    await front.close();
  }
});

test('a GET answered 503 without Retry-After (a storage that cannot be reached) is passed on at once, never asked again; with Retry-After it is', async () => {
  const hits = { final: 0, busy: 0 };
  const front = await gatewayInFrontOf(root, (req, res) => {
    const busy = req.url.startsWith('/api/busy');
    hits[busy ? 'busy' : 'final'] += 1;
    if (!busy || hits.busy === 1) {
      res.writeHead(503, { 'content-type': 'application/json', ...(busy ? { 'retry-after': '1' } : {}) });
      res.end(JSON.stringify({ code: 503, message: 'The storage cannot be reached; try again later', success: false }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 200, success: true }));
  });
  try {
    const final = await fetch(`http://127.0.0.1:${front.port}/api/admin/fs/list?path=/sftp/`);
    assert.equal(final.status, 503);
    assert.equal((await final.json()).message, 'The storage cannot be reached; try again later');
    assert.equal(hits.final, 1);
    const busy = await fetch(`http://127.0.0.1:${front.port}/api/busy`);
    assert.deepEqual([busy.status, hits.busy], [200, 2]);
  } finally {
    await front.close();
  }
});
