// A share page's first API answer asked by the gateway (one request upstream, written into the page
// or handed off when late), and the page as it is sent. The rendering itself: share-renderer.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { answerLanguageOf, shareKindOf } from './share-prerender.mjs';
import { NAVIGATION, PASTES, answerValue, navigate, partsOf, runInPage, startSharePages } from '../testing/share-pages.mjs';

/** The bench: deploy/testing/share-pages.mjs. */
let pages;
before(async () => {
  pages = await startSharePages();
});
after(() => pages.close());

test('a plain paste: one request upstream, its answer in the page for every visitor, its content rendered as a live first screen', async () => {
  const mark = pages.received.length;
  const page = await navigate(pages.gateway, '/paste/plain', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' });
  assert.equal(page.statusCode, 200);
  const requests = pages.since(mark);
  assert.deepEqual(
    requests.map((request) => request.url),
    ['/api/paste/plain?burn=ask'],
  );
  assert.equal(requests[0].headers.accept, 'application/json, text/plain, */*');
  assert.equal(requests[0].headers['accept-language'], 'zh-CN');
  assert.equal(requests[0].headers['x-forwarded-host'], 'localhost:80');
  assert.equal(requests[0].headers.authorization, undefined);

  const { answers } = partsOf(page.body);
  assert.deepEqual(answers, [
    {
      url: '/api/paste/plain?burn=ask',
      status: 200,
      contentType: 'application/json; charset=utf-8',
      language: 'zh-CN',
      // A JSON answer is written as the bytes that came (its value here), not as a string of them.
      json: PASTES.plain,
    },
  ]);
  assert.equal(page.headers['cache-control'], 'private, no-store');
  assert.match(
    page.body,
    /<div id="cc-first-screen" class="cc-first-screen" data-live="server"><style>[^]*?<\/style><div data-server-rendered="paste" data-slug="plain">/,
  );
  // Its stylesheet is in the first screen (after the host's head styles), and cannot close its element.
  assert.match(page.body, /data-live="server"><style>\.cp-md-chunk\{color:teal\}<\\\/style><b>css<\/b><\/style>/);
  assert.doesNotMatch(/<head>([\s\S]*)<\/head>/.exec(page.body)?.[1] ?? '', /cp-md-chunk\{color:teal/);

  // A signed-in visitor's page hands over the same answer; the browser sends nothing.
  for (const storage of [{}, { admin_token: 'secret' }]) {
    const { fetched, early } = runInPage(page.body, { storage });
    assert.deepEqual(fetched, []);
    assert.equal(early.language, 'zh-CN');
    const response = await early.responses['https://clip.example/api/paste/plain?burn=ask'];
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await response.json(), PASTES.plain);
  }
  // Nothing for a page that talks to another backend saved in the switcher.
  assert.equal(runInPage(page.body, { storage: { 'vite-api-base-url': 'https://other.example' } }).early, undefined);
});

test('</script> in a paste cannot leave its JSON block, and only the gateway’s own scripts are allowed by the CSP', async () => {
  const page = await navigate(pages.gateway, '/paste/plain');
  assert.doesNotMatch(page.body, /<\/script><script>alert\(1\)/);
  const { scripts, answers, early } = partsOf(page.body);
  assert.equal(answerValue(answers[0]).content, PASTES.plain.content);
  const csp = page.headers['content-security-policy'];
  const hash = (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  assert.ok(csp.includes(hash(early)), csp);
  // The renderer's markup holds a script: it is in the page but may not run.
  assert.ok(scripts.includes('alert("markup")'));
  assert.ok(!csp.includes(hash('alert("markup")')), csp);
});

test('protected, encrypted or burn pastes (the renderer says no) get their answer in the page and no live first screen', async () => {
  for (const slug of ['locked', 'burning']) {
    const mark = pages.received.length;
    const page = await navigate(pages.gateway, `/paste/${slug}`);
    assert.equal(pages.since(mark).length, 1, slug);
    assert.doesNotMatch(page.body, /data-live|data-server-rendered/, slug);
    assert.deepEqual(answerValue(partsOf(page.body).answers[0]), PASTES[slug]);
    assert.equal(page.headers['cache-control'], 'private, no-store');
  }
  // An error answer is embedded too, in the language asked for.
  const missing = await navigate(pages.gateway, '/paste/nothing-here');
  assert.deepEqual(
    partsOf(missing.body).answers.map((answer) => [answer.status, answer.language, answerValue(answer).error]),
    [[404, 'en-US', 'Not found']],
  );
});

test('a file share is asked and rendered the same way; pages without requests are untouched', async () => {
  const mark = pages.received.length;
  const page = await navigate(pages.gateway, '/file/doc1');
  assert.deepEqual(
    pages.since(mark).map((request) => request.url),
    ['/api/public/files/doc1'],
  );
  assert.match(page.body, /data-server-rendered="file" data-slug="doc1"><div class="cp-md-chunk">report\.pdf/);
  // The renderer gets the slug as the page reads it, decoded.
  assert.match((await navigate(pages.gateway, '/file/doc%201')).body, /data-slug="doc 1"/);
  const home = await navigate(pages.gateway, '/');
  assert.equal(pages.since(mark).length, 2);
  assert.equal(home.headers['cache-control'], 'no-cache');
  assert.doesNotMatch(home.body, /id="cc-early-answers"|__cloudclipEarlyResponses/);
});

test('a bot, an HTTP client, a prefetch or a HEAD gets the page as before: the gateway asks nothing, so no view is counted', async () => {
  const mark = pages.received.length;
  const requests = [
    { url: '/paste/plain', headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } },
    { url: '/paste/plain', headers: { ...NAVIGATION, 'sec-purpose': 'prefetch' } },
    { url: '/paste/plain', headers: { ...NAVIGATION, purpose: 'prefetch' } },
    { url: '/paste/plain', headers: { ...NAVIGATION, 'sec-fetch-dest': 'iframe' } },
    { url: '/paste/plain', method: 'HEAD', headers: NAVIGATION },
  ];
  for (const request of requests) {
    const page = await pages.gateway.inject(request);
    assert.equal(page.statusCode, 200, JSON.stringify(request));
    assert.doesNotMatch(page.body, /id="cc-early-answers"|data-live|Hello/, JSON.stringify(request));
    assert.equal(page.headers['cache-control'], 'no-cache');
  }
  assert.deepEqual(pages.since(mark), []);
  // Its script asks when it runs in a browser, as before.
  const page = await pages.gateway.inject(requests[0]);
  assert.deepEqual(
    runInPage(page.body).fetched.map((request) => request.url),
    ['https://clip.example/api/paste/plain?burn=ask'],
  );
});

test('a share page is sent compressed as the browser accepts it (gzip of kept segments first), private, and decodes to the page', async () => {
  const plain = await navigate(pages.gateway, '/paste/plain');
  const browser = await navigate(pages.gateway, '/paste/plain', { 'accept-encoding': 'gzip, deflate, br, zstd' });
  assert.equal(browser.headers['content-encoding'], 'gzip');
  assert.match(String(browser.headers.vary), /Accept-Encoding/i);
  assert.equal(browser.headers['cache-control'], 'private, no-store');
  assert.equal(gunzipSync(browser.rawPayload).toString('utf8'), plain.body);
  const again = await navigate(pages.gateway, '/paste/plain', { 'accept-encoding': 'gzip' });
  assert.equal(gunzipSync(again.rawPayload).toString('utf8'), plain.body);
  const br = await navigate(pages.gateway, '/paste/plain', { 'accept-encoding': 'br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), plain.body);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.match(plain.body, /data-live="server"/);
});

test('a late answer is handed off: the page fetches the one answer from /_early/<id>, once', async () => {
  // The api-server holds this answer until the test releases it: late for any timeout.
  const impatient = await pages.gatewayFor(path.join(pages.root, 'with-renderer'), { earlyAnswerTimeoutMs: 20 });
  try {
    await handedOff(impatient);
  } finally {
    await impatient.close();
  }
});

async function handedOff(gateway) {
  const mark = pages.received.length;
  const page = await navigate(gateway, '/paste/late');
  assert.equal(page.statusCode, 200);
  assert.equal(pages.since(mark).length, 1);
  assert.equal(partsOf(page.body).answers, null);
  assert.equal(page.headers['cache-control'], 'private, no-store');
  const { fetched, early } = runInPage(page.body, { href: 'https://clip.example/paste/late' });
  assert.equal(fetched.length, 1);
  assert.match(fetched[0].url, /^\/_early\/[\w-]{20,}$/);
  assert.ok(early.responses['https://clip.example/api/paste/late?burn=ask']);

  const handoff = gateway.inject({ url: fetched[0].url });
  pages.held.shift()();
  const answer = await handoff;
  assert.equal(answer.statusCode, 200);
  assert.deepEqual(answer.json(), { slug: 'late', content: 'late text' });
  assert.equal(answer.headers['cache-control'], 'no-store');
  assert.equal(pages.since(mark).length, 1);
  // Once: asked again, it is gone, and the page's script turns that into a network failure.
  const again = await gateway.inject({ url: fetched[0].url });
  assert.equal(again.statusCode, 404);
  assert.equal(again.headers['x-cloudclip-early'], 'missing');
}

test('an api-server that cannot be reached leaves the request to the browser, as before; a refusing replica passes it on', async () => {
  const refused = await pages.gatewayFor(path.join(pages.root, 'with-renderer'), { apiUpstream: `http://127.0.0.1:${pages.refusedPort}` });
  try {
    const page = await navigate(refused, '/paste/plain');
    assert.equal(partsOf(page.body).answers, null);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const { fetched } = runInPage(page.body);
    assert.deepEqual(
      fetched.map((request) => request.url),
      ['https://clip.example/api/paste/plain?burn=ask'],
    );
  } finally {
    await refused.close();
  }
  const replicas = await pages.gatewayFor(path.join(pages.root, 'with-renderer'), {
    apiUpstream: `http://127.0.0.1:${pages.refusedPort},http://127.0.0.1:${pages.upstreamPort}`,
  });
  try {
    const mark = pages.received.length;
    const page = await navigate(replicas, '/paste/plain');
    assert.equal(pages.since(mark).length, 1);
    assert.equal(partsOf(page.body).answers.length, 1);
  } finally {
    await replicas.close();
  }
});

test("a remote's server/ folder is never served to a browser", async () => {
  for (const url of [
    '/remotes/mfe-public/workspace/server/share-render.cjs',
    '/remotes/mfe-public/workspace/./server/share-render.cjs',
    '/remotes/mfe-public/workspace/Server/share-render.cjs',
  ]) {
    const response = await pages.gateway.inject({ url });
    assert.equal(response.statusCode, 404, url);
    assert.doesNotMatch(response.body, /renderShare/, url);
  }
  // The rest of the remote still is.
  assert.equal((await pages.gateway.inject({ url: '/remotes/mfe-public/workspace/remoteEntry.js' })).statusCode, 200);
});

test('helpers: the answer language, the kind of share', () => {
  assert.equal(answerLanguageOf('zh-TW,en;q=0.8'), 'zh-CN');
  assert.equal(answerLanguageOf('en-GB,zh;q=0.9'), 'en-US');
  assert.equal(answerLanguageOf(undefined), 'en-US');
  assert.equal(shareKindOf('/paste/abc?burn=ask'), 'paste');
  assert.equal(shareKindOf('/public/files/abc'), 'file');
  assert.equal(shareKindOf('/admin/pastes'), null);
});
