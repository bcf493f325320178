// A share page's first API answer asked by the gateway (one request upstream, written into the page
// or handed off when late) and its content rendered by the pinned remote's server renderer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { buildGateway } from './server.mjs';
import { answerLanguageOf, createLru, shareKindOf } from './share-prerender.mjs';
import { FolderReleaseStore } from '../release-store/store.mjs';
import { writeHostBuild, writeRemoteBuild } from '../testing/fixtures.mjs';

const RENDERER = `
exports.SHARE_RENDER_CSS = '.cp-md-chunk{color:teal}</style><b>css</b>';
exports.renderShare = async function ({ kind, slug, status, body }) {
  require('node:fs').appendFileSync(process.env.CLOUDCLIP_TEST_RENDER_LOG, slug + '\\n');
  if (body.boom) throw new Error('boom');
  if (body.hang) return new Promise(() => {});
  if (body.spin) for (;;);
  if (status !== 200 || body.hasPassword || body.encrypted || body.burn) return null;
  const text = String(body.content || body.name || '').replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return { html: '<div data-server-rendered="' + kind + '" data-slug="' + slug + '"><div class="cp-md-chunk">' + text + '</div></div><script>alert("markup")</script>', complete: true };
};`;

const PASTES = {
  plain: { slug: 'plain', content: '# Hello\n</script><script>alert(1)</script>', updatedAt: '2026-01-01T00:00:00Z' },
  locked: { slug: 'locked', hasPassword: true },
  burning: { slug: 'burning', burn: true },
  broken: { slug: 'broken', boom: true },
  hanging: { slug: 'hanging', hang: true },
};

let root;
let upstream;
let upstreamPort;
let refusedPort;
/** The requests the api-server received: { url, headers }. */
const received = [];
/** Held answers of `/api/paste/late…`, answered by calling them. */
const held = [];
let gateway;

function answerFor(req, res) {
  received.push({ url: req.url, headers: req.headers });
  const url = new URL(req.url, 'http://upstream');
  const paste = /^\/api\/paste\/([^/]+)$/.exec(url.pathname);
  const file = /^\/api\/public\/files\/([^/]+)$/.exec(url.pathname);
  const json = (status, value) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
  if (paste?.[1] === 'late') return held.push(() => json(200, { slug: 'late', content: 'late text' }));
  if (paste && PASTES[paste[1]]) return json(200, PASTES[paste[1]]);
  if (file) return json(200, { slug: file[1], name: 'report.pdf' });
  return json(404, { error: req.headers['accept-language'] === 'zh-CN' ? '未找到' : 'Not found' });
}

async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server.address().port;
}

async function gatewayFor(workspaceRoot, options = {}) {
  return buildGateway({
    environment: 'test',
    environmentsDir: path.join(root, 'environments'),
    workspaceRoot,
    store: new FolderReleaseStore(path.join(root, 'releases')),
    apiUpstream: `http://127.0.0.1:${upstreamPort}`,
    ...options,
  });
}

/** Writes a workspace (host + mfe-public) under `dir`; `renderer` is the remote's server/share-render.cjs, if any. */
async function writeWorkspace(dir, renderer) {
  await writeHostBuild(path.join(dir, 'host-shell/dist'));
  const routeMapFile = path.join(dir, 'host-shell/dist/route-map.json');
  const routeMap = JSON.parse(await readFile(routeMapFile, 'utf8'));
  routeMap.routes.push({ pattern: '^/file/[^/]+/?$', remote: 'cloudclip_public' });
  await writeFile(routeMapFile, JSON.stringify(routeMap));
  const remote = path.join(dir, 'mfe-public/dist');
  await writeRemoteBuild(remote);
  const pages = [
    { pattern: '^/$', scripts: [] },
    { pattern: '^/paste/(?<slug>[^/]+)/?$', scripts: [], requests: ['/paste/{slug}?burn=ask'] },
    { pattern: '^/file/(?<slug>[^/]+)/?$', scripts: [], requests: ['/public/files/{slug}'] },
  ];
  await writeFile(path.join(remote, 'page-chunks.json'), JSON.stringify({ pages }));
  if (renderer) {
    await mkdir(path.join(remote, 'server'), { recursive: true });
    await writeFile(path.join(remote, 'server/share-render.cjs'), renderer);
  }
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-prerender-'));
  // Where the test renderer notes each rendering (it runs in worker threads).
  process.env.CLOUDCLIP_TEST_RENDER_LOG = path.join(root, 'renders.log');
  await mkdir(path.join(root, 'environments'), { recursive: true });
  const workspace = (pkg) => ({ package: pkg, version: 'workspace' });
  await writeFile(
    path.join(root, 'environments/test.json'),
    JSON.stringify({ name: 'test', backendUrl: '', host: workspace('host-shell'), remotes: { cloudclip_public: workspace('mfe-public') } }),
  );
  await writeWorkspace(path.join(root, 'with-renderer'), RENDERER);
  await writeWorkspace(path.join(root, 'without-renderer'), null);
  upstream = http.createServer(answerFor);
  upstreamPort = await listen(upstream);
  const closed = http.createServer();
  refusedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  gateway = await gatewayFor(path.join(root, 'with-renderer'));
});

after(async () => {
  for (const answer of held.splice(0)) answer();
  await gateway.close();
  await new Promise((resolve) => upstream.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** The headers of a browser's navigation to show a page (share-prerender.mjs isBrowserNavigation). */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' };
const navigate = (gateway, url, headers = {}) => gateway.inject({ url, headers: { ...NAVIGATION, ...headers } });

/** The inline scripts of a page, the JSON of its #cc-early-answers block and its first screen. */
function partsOf(body) {
  const scripts = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  const answers = /<script type="application\/json" id="cc-early-answers">([\s\S]*?)<\/script>/.exec(body)?.[1];
  const early = scripts.find((script) => script.includes('__cloudclipEarlyResponses'));
  return { scripts, answers: answers === undefined ? null : JSON.parse(answers), early };
}

/** Runs the early script as the browser would at `href`, with the page's #cc-early-answers; returns its fetches and responses. */
function runInPage(page, { href = 'https://clip.example/paste/plain', storage = {}, languages = ['en-US'] } = {}) {
  const { early, answers } = partsOf(page);
  const fetched = [];
  const window = {
    location: { href },
    navigator: { languages },
    localStorage: { getItem: (key) => storage[key] ?? null },
    document: { getElementById: (id) => (id === 'cc-early-answers' && answers ? { textContent: JSON.stringify(answers) } : null) },
    Response,
    fetch: (url, init) => {
      fetched.push({ url, headers: { ...init?.headers } });
      return Promise.resolve(new Response('from the browser', { status: 200 }));
    },
  };
  vm.runInNewContext(early, { window, URL });
  return { fetched, early: window.__cloudclipEarlyResponses };
}

const since = (mark) => received.slice(mark);

test('a plain paste: one request upstream, its answer in the page for every visitor, its content rendered as a live first screen', async () => {
  const mark = received.length;
  const page = await navigate(gateway, '/paste/plain', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' });
  assert.equal(page.statusCode, 200);
  const requests = since(mark);
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
      body: JSON.stringify(PASTES.plain),
      language: 'zh-CN',
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
  const page = await navigate(gateway, '/paste/plain');
  assert.doesNotMatch(page.body, /<\/script><script>alert\(1\)/);
  const { scripts, answers, early } = partsOf(page.body);
  assert.equal(JSON.parse(answers[0].body).content, PASTES.plain.content);
  const csp = page.headers['content-security-policy'];
  const hash = (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  assert.ok(csp.includes(hash(early)), csp);
  // The renderer's markup holds a script: it is in the page but may not run.
  assert.ok(scripts.includes('alert("markup")'));
  assert.ok(!csp.includes(hash('alert("markup")')), csp);
});

test('protected, encrypted or burn pastes (the renderer says no) get their answer in the page and no live first screen', async () => {
  for (const slug of ['locked', 'burning']) {
    const mark = received.length;
    const page = await navigate(gateway, `/paste/${slug}`);
    assert.equal(since(mark).length, 1, slug);
    assert.doesNotMatch(page.body, /data-live|data-server-rendered/, slug);
    assert.deepEqual(JSON.parse(partsOf(page.body).answers[0].body), PASTES[slug]);
    assert.equal(page.headers['cache-control'], 'private, no-store');
  }
  // An error answer is embedded too, in the language asked for.
  const missing = await navigate(gateway, '/paste/nothing-here');
  assert.deepEqual(
    partsOf(missing.body).answers.map((answer) => [answer.status, answer.language, JSON.parse(answer.body).error]),
    [[404, 'en-US', 'Not found']],
  );
});

test('a file share is asked and rendered the same way; pages without requests are untouched', async () => {
  const mark = received.length;
  const page = await navigate(gateway, '/file/doc1');
  assert.deepEqual(
    since(mark).map((request) => request.url),
    ['/api/public/files/doc1'],
  );
  assert.match(page.body, /data-server-rendered="file" data-slug="doc1"><div class="cp-md-chunk">report\.pdf/);
  // The renderer gets the slug as the page reads it, decoded.
  assert.match((await navigate(gateway, '/file/doc%201')).body, /data-slug="doc 1"/);
  const home = await navigate(gateway, '/');
  assert.equal(since(mark).length, 2);
  assert.equal(home.headers['cache-control'], 'no-cache');
  assert.doesNotMatch(home.body, /id="cc-early-answers"|__cloudclipEarlyResponses/);
});

test('a bot, an HTTP client, a prefetch or a HEAD gets the page as before: the gateway asks nothing, so no view is counted', async () => {
  const mark = received.length;
  const requests = [
    { url: '/paste/plain', headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } },
    { url: '/paste/plain', headers: { ...NAVIGATION, 'sec-purpose': 'prefetch' } },
    { url: '/paste/plain', headers: { ...NAVIGATION, purpose: 'prefetch' } },
    { url: '/paste/plain', headers: { ...NAVIGATION, 'sec-fetch-dest': 'iframe' } },
    { url: '/paste/plain', method: 'HEAD', headers: NAVIGATION },
  ];
  for (const request of requests) {
    const page = await gateway.inject(request);
    assert.equal(page.statusCode, 200, JSON.stringify(request));
    assert.doesNotMatch(page.body, /id="cc-early-answers"|data-live|Hello/, JSON.stringify(request));
    assert.equal(page.headers['cache-control'], 'no-cache');
  }
  assert.deepEqual(since(mark), []);
  // Its script asks when it runs in a browser, as before.
  const page = await gateway.inject(requests[0]);
  assert.deepEqual(
    runInPage(page.body).fetched.map((request) => request.url),
    ['https://clip.example/api/paste/plain?burn=ask'],
  );
});

const renders = async () => (await readFile(process.env.CLOUDCLIP_TEST_RENDER_LOG, 'utf8').catch(() => '')).split('\n').filter(Boolean);

test('a rendered page is cached: the same answer is not rendered twice', async () => {
  await navigate(gateway, '/file/cached');
  const before = await renders();
  assert.equal(before.filter((slug) => slug === 'cached').length, 1);
  const again = await navigate(gateway, '/file/cached');
  assert.match(again.body, /data-slug="cached"/);
  assert.deepEqual(await renders(), before);
});

test('a rendering that does not end in time leaves the page without it', async () => {
  const patient = await gatewayFor(path.join(root, 'with-renderer'), { renderWaitMs: 30 });
  try {
    const page = await navigate(patient, '/paste/hanging');
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /data-live/);
    assert.deepEqual(JSON.parse(partsOf(page.body).answers[0].body), PASTES.hanging);
  } finally {
    await patient.close();
  }
});

test('a late answer is handed off: the page fetches the one answer from /_early/<id>, once', async () => {
  // The api-server holds this answer until the test releases it: late for any timeout.
  const impatient = await gatewayFor(path.join(root, 'with-renderer'), { earlyAnswerTimeoutMs: 20 });
  try {
    await handedOff(impatient);
  } finally {
    await impatient.close();
  }
});

async function handedOff(gateway) {
  const mark = received.length;
  const page = await navigate(gateway, '/paste/late');
  assert.equal(page.statusCode, 200);
  assert.equal(since(mark).length, 1);
  assert.equal(partsOf(page.body).answers, null);
  assert.equal(page.headers['cache-control'], 'private, no-store');
  const { fetched, early } = runInPage(page.body, { href: 'https://clip.example/paste/late' });
  assert.equal(fetched.length, 1);
  assert.match(fetched[0].url, /^\/_early\/[\w-]{20,}$/);
  assert.ok(early.responses['https://clip.example/api/paste/late?burn=ask']);

  const handoff = gateway.inject({ url: fetched[0].url });
  held.shift()();
  const answer = await handoff;
  assert.equal(answer.statusCode, 200);
  assert.deepEqual(answer.json(), { slug: 'late', content: 'late text' });
  assert.equal(answer.headers['cache-control'], 'no-store');
  assert.equal(since(mark).length, 1);
  // Once: asked again, it is gone, and the page's script turns that into a network failure.
  const again = await gateway.inject({ url: fetched[0].url });
  assert.equal(again.statusCode, 404);
  assert.equal(again.headers['x-cloudclip-early'], 'missing');
}

test('an api-server that cannot be reached leaves the request to the browser, as before; a refusing replica passes it on', async () => {
  const refused = await gatewayFor(path.join(root, 'with-renderer'), { apiUpstream: `http://127.0.0.1:${refusedPort}` });
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
  const replicas = await gatewayFor(path.join(root, 'with-renderer'), {
    apiUpstream: `http://127.0.0.1:${refusedPort},http://127.0.0.1:${upstreamPort}`,
  });
  try {
    const mark = received.length;
    const page = await navigate(replicas, '/paste/plain');
    assert.equal(since(mark).length, 1);
    assert.equal(partsOf(page.body).answers.length, 1);
  } finally {
    await replicas.close();
  }
});

test('without a renderer, or with one that throws, the page carries the answer and no server first screen (logged once)', async () => {
  const plain = await gatewayFor(path.join(root, 'without-renderer'));
  try {
    const page = await navigate(plain, '/paste/plain');
    assert.equal(partsOf(page.body).answers.length, 1);
    assert.doesNotMatch(page.body, /data-live/);
  } finally {
    await plain.close();
  }
  const warnings = [];
  const warn = console.warn;
  console.warn = (message) => warnings.push(String(message));
  try {
    for (let i = 0; i < 2; i += 1) {
      const page = await navigate(gateway, '/paste/broken');
      assert.equal(page.statusCode, 200);
      assert.doesNotMatch(page.body, /data-live/);
      assert.equal(partsOf(page.body).answers.length, 1);
    }
  } finally {
    console.warn = warn;
  }
  assert.equal(warnings.filter((message) => message.includes('renderShare failed: boom')).length, 1, warnings.join('\n'));
});

test("a remote's server/ folder is never served to a browser", async () => {
  for (const url of [
    '/remotes/mfe-public/workspace/server/share-render.cjs',
    '/remotes/mfe-public/workspace/./server/share-render.cjs',
    '/remotes/mfe-public/workspace/Server/share-render.cjs',
  ]) {
    const response = await gateway.inject({ url });
    assert.equal(response.statusCode, 404, url);
    assert.doesNotMatch(response.body, /renderShare/, url);
  }
  // The rest of the remote still is.
  assert.equal((await gateway.inject({ url: '/remotes/mfe-public/workspace/remoteEntry.js' })).statusCode, 200);
});

test('helpers: the answer language, the kind of share, the LRU bounds', () => {
  assert.equal(answerLanguageOf('zh-TW,en;q=0.8'), 'zh-CN');
  assert.equal(answerLanguageOf('en-GB,zh;q=0.9'), 'en-US');
  assert.equal(answerLanguageOf(undefined), 'en-US');
  assert.equal(shareKindOf('/paste/abc?burn=ask'), 'paste');
  assert.equal(shareKindOf('/public/files/abc'), 'file');
  assert.equal(shareKindOf('/admin/pastes'), null);
  const lru = createLru({ maxEntries: 2, maxBytes: 10, sizeOf: (value) => value.length });
  lru.set('a', 'aaaa');
  lru.set('b', 'bbbb');
  lru.get('a');
  lru.set('c', 'cc');
  assert.equal(lru.get('b'), undefined);
  assert.equal(lru.get('a'), 'aaaa');
  lru.set('d', 'dddddddd');
  assert.equal(lru.bytes <= 10, true);
  assert.equal(lru.get('d'), 'dddddddd');
  lru.set('huge', 'x'.repeat(11));
  assert.equal(lru.get('huge'), undefined);
});
