// Gateway behaviour, against real temp folders and a real folder release store (the /api proxy: api-proxy.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildGateway, parseTrustProxy } from './server.mjs';
import { acceptsBrotli } from './package-files.mjs';
import { parseOverrides, toBrowserManifest } from './environment.mjs';
import { FolderReleaseStore } from '../release-store/store.mjs';
import { releasePackage } from '../scripts/release.mjs';
import { writeHostBuild, writeRemoteBuild } from '../testing/fixtures.mjs';

let root;
let gateway;
let environmentsDir;
let store;

async function writeEnvironment(environment) {
  await writeFile(path.join(environmentsDir, 'test.json'), JSON.stringify({ name: 'test', backendUrl: '', ...environment }));
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-gateway-'));
  environmentsDir = path.join(root, 'environments');
  await mkdir(environmentsDir, { recursive: true });
  store = new FolderReleaseStore(path.join(root, 'releases'));
  // Workspace builds (<package>/dist) and two host releases plus one remote release in the store.
  await writeHostBuild(path.join(root, 'workspace/host-shell/dist'), { marker: 'host-workspace' });
  await writeRemoteBuild(path.join(root, 'workspace/mfe-upload/dist'), { container: 'cloudclip_upload', marker: 'upload-workspace' });
  await writeHostBuild(path.join(root, 'build/host-1'), { marker: 'host-one' });
  await writeHostBuild(path.join(root, 'build/host-2'), { marker: 'host-two' });
  await writeRemoteBuild(path.join(root, 'build/public'), { marker: 'public-one' });
  await releasePackage({ pkg: 'host-shell', distDir: path.join(root, 'build/host-1'), store, packageVersion: '1.0.0', commit: 'abc' });
  await releasePackage({ pkg: 'host-shell', distDir: path.join(root, 'build/host-2'), store, packageVersion: '2.0.0', commit: 'abc' });
  await releasePackage({ pkg: 'mfe-public', distDir: path.join(root, 'build/public'), store, packageVersion: '1.2.3', commit: 'abc' });
  await writeEnvironment({
    host: { package: 'host-shell', version: '1.0.0' },
    remotes: {
      cloudclip_public: { package: 'mfe-public', version: '1.2.3' },
      cloudclip_upload: { package: 'mfe-upload', version: 'workspace' },
    },
  });
  gateway = await buildGateway(gatewayOptions({ remoteOverrides: { cloudclip_upload: 'http://127.0.0.1:3009/mf-manifest.json' } }));
});

/** The options of the test gateway (its environment, releases and workspace), with `extra` on top. */
function gatewayOptions(extra) {
  return { environment: 'test', environmentsDir, store, workspaceRoot: path.join(root, 'workspace'), ...extra };
}

/** Another gateway, built with `extra` options on top of the test gateway's, handed to `work` and closed afterwards. */
async function withGateway(extra, work) {
  const other = await buildGateway(gatewayOptions(extra));
  try {
    await work(other);
  } finally {
    await other.close();
  }
}

after(async () => {
  await gateway.close();
  await rm(root, { recursive: true, force: true });
});

test('serves the environment manifest with pinned entries, integrity for releases, and no-cache', async () => {
  const response = await gateway.inject({ url: '/env.json' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['cache-control'], 'no-cache');
  const body = response.json();
  assert.equal(body.name, 'test');
  const [released, workspace] = body.remotes;
  assert.equal(released.entry, '/remotes/mfe-public/1.2.3/mf-manifest.json');
  assert.equal(released.integrity.entryName, 'remoteEntry.js');
  const entry = await gateway.inject({ url: '/remotes/mfe-public/1.2.3/remoteEntry.js' });
  assert.equal(released.integrity.entry, `sha384-${createHash('sha384').update(entry.rawPayload).digest('base64')}`);
  assert.deepEqual(workspace, { name: 'cloudclip_upload', version: 'workspace', entry: 'http://127.0.0.1:3009/mf-manifest.json' });
});

/** Each of `urls` is answered 404 by the gateway. */
async function assertNotFound(urls) {
  for (const url of urls) assert.equal((await gateway.inject({ url })).statusCode, 404, url);
}

test('serves released remotes as immutable and readable from other origins, never their descriptor', async () => {
  const response = await gateway.inject({ url: '/remotes/mfe-public/1.2.3/mf-manifest.json' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['access-control-allow-origin'], '*');
  assert.match(response.headers['cache-control'], /immutable/);
  assert.match(response.headers['content-type'], /application\/json/);
  await assertNotFound(['/remotes/mfe-public/1.2.3/release.json', '/remotes/mfe-public/1.2.3/12.abcdef12.js.map']);
});

test('serves workspace builds without caching', async () => {
  const response = await gateway.inject({ url: '/remotes/mfe-upload/workspace/remoteEntry.js' });
  assert.equal(response.statusCode, 200);
  assert.match(response.body, /upload-workspace/);
  assert.equal(response.headers['cache-control'], 'no-cache');
});

test('answers 404 for unreleased versions and for paths that try to leave a release', async () => {
  await assertNotFound([
    '/remotes/mfe-public/9.9.9/mf-manifest.json',
    '/remotes/mfe-public/1.2.3/..%2F..%2F..%2Fenvironments%2Ftest.json',
    '/remotes/not-a-package/workspace/remoteEntry.js',
  ]);
});

test('falls back to the pinned host index.html for page addresses but not for missing assets', async () => {
  const page = await gateway.inject({ url: '/paste/abc?x=1' });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /host-one/);
  assert.equal(page.headers['cache-control'], 'no-cache');
  assert.equal((await gateway.inject({ url: '/missing.js' })).statusCode, 404);
});

test('caches hashed host chunks forever and revalidates the entry file', async () => {
  const chunk = await gateway.inject({ url: '/561.abcdef12.js' });
  assert.match(chunk.headers['cache-control'], /immutable/);
  const entry = await gateway.inject({ url: '/main.js' });
  assert.equal(entry.headers['cache-control'], 'no-cache');
  assert.match(entry.body, /host-one/);
});

test('a new host pin is served at the next request, without a restart', async () => {
  await writeEnvironment({
    host: { package: 'host-shell', version: '2.0.0' },
    remotes: { cloudclip_public: { package: 'mfe-public', version: '1.2.3' } },
  });
  try {
    assert.match((await gateway.inject({ url: '/' })).body, /host-two/);
    assert.match((await gateway.inject({ url: '/main.js' })).body, /host-two/);
  } finally {
    await writeEnvironment({
      host: { package: 'host-shell', version: '1.0.0' },
      remotes: {
        cloudclip_public: { package: 'mfe-public', version: '1.2.3' },
        cloudclip_upload: { package: 'mfe-upload', version: 'workspace' },
      },
    });
  }
});

test('pages carry a CSP with the inline script hash and the remote origins; every response gets nosniff', async () => {
  const page = await gateway.inject({ url: '/' });
  const csp = page.headers['content-security-policy'];
  const inline = "document.documentElement.dataset.theme='light';";
  assert.ok(csp.includes(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`), csp);
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'( 'sha256-[^']+')+ http:\/\/127\.0\.0\.1:3009;/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /object-src 'none'/);
  // WebAssembly may be compiled (the file viewers), JavaScript may never be evaluated from a string.
  assert.doesNotMatch(csp, /'unsafe-eval'/);
  assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/);
  assert.equal(page.headers['x-frame-options'], 'DENY');
  assert.equal(page.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  const asset = await gateway.inject({ url: '/remotes/mfe-public/1.2.3/remoteEntry.js' });
  assert.equal(asset.headers['x-content-type-options'], 'nosniff');
});

test('accepts CSP violation reports', async () => {
  const response = await gateway.inject({
    method: 'POST',
    url: '/csp-report',
    headers: { 'content-type': 'application/csp-report' },
    payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': 'https://evil.example' } }),
  });
  assert.equal(response.statusCode, 204);
  assert.equal(gateway.cspReports.length, 1);
});

test('compresses text assets for clients that accept it', async () => {
  const response = await gateway.inject({ url: '/main.js', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(response.headers['content-encoding'], 'gzip');
});

test("sends the build's own Brotli copy of an asset to browsers that accept br, the file itself (compressed on the fly) to others", async () => {
  const url = '/remotes/mfe-public/1.2.3/12.abcdef12.js';
  const plain = await gateway.inject({ url, headers: { 'accept-encoding': 'identity' } });
  assert.equal(plain.statusCode, 200);
  assert.equal(plain.headers['content-encoding'], undefined);
  const br = await gateway.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.match(String(br.headers['content-type']), /javascript/);
  assert.match(String(br.headers.vary), /accept-encoding/i);
  assert.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), plain.body);
  // br refused: gzip, compressed by the gateway.
  const gzip = await gateway.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gzip.rawPayload).toString('utf8'), plain.body);
});

test('Accept-Encoding: br is accepted unless refused', () => {
  assert.equal(acceptsBrotli('gzip, deflate, br, zstd'), true);
  assert.equal(acceptsBrotli('BR;q=0.5'), true);
  assert.equal(acceptsBrotli('*'), true);
  assert.equal(acceptsBrotli('gzip, br;q=0'), false);
  assert.equal(acceptsBrotli('*, br;q=0'), false);
  assert.equal(acceptsBrotli('gzip'), false);
  assert.equal(acceptsBrotli(undefined), false);
});

test('injects runtime config keeping the placeholder when no backend URL is set', async () => {
  const response = await gateway.inject({ url: '/config.js' });
  assert.match(response.body, /window\.appConfig = \{"backendUrl":"__BACKEND_URL__","environment":"test"\}/);
});

test('injects BACKEND_URL into the runtime config', async () => {
  await withGateway({ backendUrl: 'https://api.example.com' }, async (other) => {
    const response = await other.inject({ url: '/config.js' });
    assert.match(response.body, /"backendUrl":"https:\/\/api\.example\.com"/);
  });
});

test('refuses workspace builds when they are turned off (containers)', async () => {
  await withGateway({ workspaceBuilds: false }, async (other) => {
    assert.equal((await other.inject({ url: '/remotes/mfe-upload/workspace/remoteEntry.js' })).statusCode, 404);
  });
});

test('parses TRUST_PROXY', () => {
  assert.equal(parseTrustProxy(undefined), false);
  assert.equal(parseTrustProxy('true'), true);
  assert.equal(parseTrustProxy('2'), 2);
  assert.deepEqual(parseTrustProxy('127.0.0.1, 10.0.0.0/8'), ['127.0.0.1', '10.0.0.0/8']);
});

test('parses remote overrides and applies them to the browser manifest', () => {
  const overrides = parseOverrides('cloudclip_public=http://127.0.0.1:3001/mf-manifest.json, broken');
  assert.deepEqual(overrides, { cloudclip_public: 'http://127.0.0.1:3001/mf-manifest.json' });
  const manifest = toBrowserManifest({ name: 'x', remotes: { cloudclip_public: { package: 'mfe-public', version: '1.0.0' } } }, overrides, {
    cloudclip_public: { manifest: 'sha384-x', entry: 'sha384-y', entryName: 'remoteEntry.js' },
  });
  assert.equal(manifest.remotes[0].entry, 'http://127.0.0.1:3001/mf-manifest.json');
  assert.equal(manifest.remotes[0].integrity, undefined, 'an overridden entry is not the released one: no integrity');
});

// --- every HTML page is protected ------------------------------------------------------------------

test('/index.html is served exactly like / (CSP with the inline script hash, frame protection)', async () => {
  const root = await gateway.inject({ url: '/' });
  const index = await gateway.inject({ url: '/index.html' });
  assert.equal(index.statusCode, 200);
  assert.equal(index.body, root.body);
  assert.equal(index.headers['content-security-policy'], root.headers['content-security-policy']);
  assert.equal(index.headers['x-frame-options'], 'DENY');
  assert.equal(index.headers['cache-control'], 'no-cache');
});

test("a remote's stray index.html is not served; no HTML leaves the gateway without a CSP and frame protection", async () => {
  await writeFile(path.join(root, 'workspace/mfe-upload/dist/index.html'), '<!doctype html><script>document.title="remote"</script>');
  await writeFile(path.join(root, 'workspace/host-shell/dist/other.html'), '<!doctype html><script>document.title="other"</script>');
  for (const url of ['/remotes/mfe-upload/workspace/index.html', '/remotes/mfe-upload/workspace/./index.html']) {
    const response = await gateway.inject({ url });
    assert.equal(response.statusCode, 404, url);
    assert.doesNotMatch(response.body, /remote/);
  }
  const other = await gateway.inject({ url: '/other.html' });
  if (other.statusCode === 200) {
    assert.match(other.headers['content-security-policy'], /frame-ancestors 'none'/);
    assert.match(other.headers['content-security-policy'], /script-src 'none'|default-src 'none'/);
    assert.equal(other.headers['x-frame-options'], 'DENY');
  }
});

test("a paste's boot page tells search engines to stay away; other pages do not", async () => {
  for (const url of ['/paste/abc', '/paste/abc?x=1', '/paste/abc/']) {
    const page = await gateway.inject({ url });
    assert.equal(page.statusCode, 200, url);
    assert.equal(page.headers['x-robots-tag'], 'noindex, nofollow', url);
  }
  for (const url of ['/', '/index.html', '/upload', '/file/abc', '/pastex', '/admin/paste/abc']) {
    const page = await gateway.inject({ url });
    assert.equal(page.statusCode, 200, url);
    assert.equal(page.headers['x-robots-tag'], undefined, url);
  }
});

test("a paste's boot page: a link-preview bot makes the gateway ask nothing; a browser's navigation, the plain public read once, without the visitor's credentials", async () => {
  // An api-server stand-in that answers every paste and notes what it is asked, with which headers.
  const asked = [];
  const upstream = http.createServer((req, res) => {
    asked.push({ url: req.url, authorization: req.headers.authorization, cookie: req.headers.cookie });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 200, data: { slug: 'abc', content: 'PASTE-TEXT' } }));
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  try {
    await withGateway({ apiUpstream: `http://127.0.0.1:${upstream.address().port}` }, async (withApi) => {
      const bot = await withApi.inject({ url: '/paste/abc', headers: { 'user-agent': 'facebookexternalhit/1.1' } });
      assert.equal(bot.statusCode, 200);
      assert.deepEqual(asked, []);
      assert.doesNotMatch(bot.body, /PASTE-TEXT/);
      assert.doesNotMatch(bot.body, /<meta\b[^>]*\b(?:property|name)\s*=\s*["']?(?:og:|twitter:|description)/i);
      const page = await withApi.inject({
        url: '/paste/abc',
        headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', authorization: 'Bearer visitor', cookie: 'session=visitor' },
      });
      assert.equal(page.statusCode, 200);
      // The request the page would send itself (share-prerender.mjs), once, without credentials.
      assert.deepEqual(asked, [{ url: '/api/paste/abc', authorization: undefined, cookie: undefined }]);
      assert.equal(page.headers['x-robots-tag'], 'noindex, nofollow');
      assert.equal(page.headers['cache-control'], 'private, no-store');
      // No link-preview or description meta tags at all.
      assert.doesNotMatch(page.body, /<meta\b[^>]*\b(?:property|name)\s*=\s*["']?(?:og:|twitter:|description)/i);
    });
  } finally {
    await new Promise((resolve) => upstream.close(resolve));
  }
});

/** The head of a host page: its link and script elements with their attributes. */
function headElements(html) {
  const head = /<head>([\s\S]*)<\/head>/i.exec(html)?.[1] ?? '';
  return [...head.matchAll(/<(link|script)\b([^>]*)>/gi)].map(([, tag, attributes]) => ({
    tag,
    ...Object.fromEntries([...attributes.matchAll(/([a-z-]+)(?:="([^"]*)")?/gi)].map(([, name, value]) => [name, value ?? ''])),
  }));
}

test('the host page carries its runtime config and the environment manifest: no /config.js, no /env.json round trip', async () => {
  const page = await gateway.inject({ url: '/paste/abc' });
  assert.equal(page.statusCode, 200);
  assert.doesNotMatch(page.body, /src="\/config\.js"/);
  const config = /<script>window\.appConfig=(.*?);<\/script>/.exec(page.body);
  assert.ok(config, page.body);
  assert.deepEqual(JSON.parse(config[1]), { backendUrl: '__BACKEND_URL__', environment: 'test' });
  // The inline config runs under the page's CSP by its hash; the JSON block needs no source.
  const csp = page.headers['content-security-policy'];
  assert.ok(csp.includes(`'sha256-${createHash('sha256').update(config[0].slice(8, -9)).digest('base64')}'`), csp);
  const block = /<script type="application\/json" id="cc-environment">(.*?)<\/script>/.exec(page.body);
  assert.ok(block, page.body);
  const manifest = await gateway.inject({ url: '/env.json' });
  assert.deepEqual(JSON.parse(block[1]), manifest.json());
  assert.equal(
    (csp.match(/'sha256-/g) ?? []).length,
    3,
    "the theme script, the config and the paste's early request (early-requests.test.mjs), not the JSON block",
  );
});

test("the host page preloads the host start-up chunks and the remote of its address (manifest, digest-checked entry, exposed chunks, the page's lazy chunks)", async () => {
  const home = headElements((await gateway.inject({ url: '/' })).body).filter((element) => element.rel === 'preload');
  const hrefs = home.map((element) => element.href);
  // The host's entry first, at high priority (a deferred script is fetched at the lowest).
  assert.deepEqual(home[0], { tag: 'link', rel: 'preload', as: 'script', href: '/main.js', fetchpriority: 'high' });
  // The host: its bootstrap chunk and its shared modules.
  assert.ok(hrefs.includes('/561.abcdef12.js'), hrefs.join(' '));
  assert.ok(hrefs.includes('/70.abcdef12.js'), hrefs.join(' '));
  // `/` is rendered by cloudclip_public (route-map.json), pinned to the release 1.2.3.
  const base = '/remotes/mfe-public/1.2.3';
  const manifestLink = home.find((element) => element.href === `${base}/mf-manifest.json`);
  assert.deepEqual(manifestLink, { tag: 'link', rel: 'preload', as: 'fetch', href: `${base}/mf-manifest.json`, crossorigin: 'anonymous' });
  const entry = home.find((element) => element.href === `${base}/remoteEntry.js`);
  const env = (await gateway.inject({ url: '/env.json' })).json();
  const pinned = env.remotes.find((remote) => remote.name === 'cloudclip_public');
  assert.equal(entry.as, 'script');
  assert.equal(entry.integrity, pinned.integrity.entry);
  assert.equal(entry.crossorigin, 'anonymous');
  assert.ok(hrefs.includes(`${base}/12.abcdef12.js`), 'the exposed module chunk');
  // The lazy chunks of the page at this address (page-chunks.json), and not those of other pages.
  assert.ok(hrefs.includes(`${base}/page-home.abcdef12.js`) && hrefs.includes(`${base}/55.abcdef12.js`), hrefs.join(' '));
  assert.ok(!hrefs.includes(`${base}/page-paste.abcdef12.js`), hrefs.join(' '));
  const paste = headElements((await gateway.inject({ url: '/paste/abc' })).body).map((element) => element.href);
  assert.ok(paste.includes(`${base}/page-paste.abcdef12.js`) && !paste.includes(`${base}/page-home.abcdef12.js`), paste.join(' '));
  // Shared modules the host provides come from the host, not from the remote.
  assert.ok(!hrefs.some((href) => href.startsWith(`${base}/9`)), hrefs.join(' '));
  // Every preloaded file exists.
  for (const href of hrefs) assert.equal((await gateway.inject({ url: href })).statusCode, 200, href);

  // A remote the gateway does not serve itself (a dev override) gets no hints; nor does an unknown address.
  const upload = headElements((await gateway.inject({ url: '/upload' })).body).filter((element) => element.rel === 'preload');
  assert.ok(!upload.some((element) => element.href.includes('3009') || element.href.startsWith('/remotes/')), JSON.stringify(upload));
  const unknown = headElements((await gateway.inject({ url: '/nothing/here' })).body).filter((element) => element.rel === 'preload');
  assert.ok(!unknown.some((element) => element.href.startsWith('/remotes/')));
});

test('what the gateway writes into the page cannot close its script element', async () => {
  const { scriptJson, renderBootPage } = await import('./boot-page.mjs');
  const hostile = { name: '</script><script>alert(1)</script>', remotes: [] };
  assert.doesNotMatch(scriptJson(hostile), /<\/script/i);
  assert.deepEqual(JSON.parse(scriptJson(hostile)), hostile);
  const page = renderBootPage('<html><head><script src=/config.js></script></head><body></body></html>', {
    appConfig: { backendUrl: '"><img src=x>' },
    environment: hostile,
    preloads: [{ as: 'script', href: '/a"b.js' }],
  });
  assert.equal((page.match(/<script/g) ?? []).length, 2);
  assert.match(page, /href="\/a&quot;b\.js"/);
  assert.match(page, /<script>window\.appConfig=/);
});

test("the page of an address with a first screen paints it with the HTML: every language's variant and its CSS; other pages drop the empty placeholder", async () => {
  const home = (await gateway.inject({ url: '/' })).body;
  const screen = /<div id="cc-first-screen" class="cc-first-screen">(.*?)<\/div><script/.exec(home)?.[1];
  assert.ok(screen, home);
  // The pinned release's page-chunks.json (mfe-public 1.2.3, marker public-one), one block per language.
  assert.equal(screen, '<div data-lang="zh-CN"><h1>编辑器 public-one</h1></div><div data-lang="en-US"><h1>Editor public-one</h1></div>');
  assert.match(/<head>([\s\S]*)<\/head>/.exec(home)?.[1] ?? '', /<style>\.cp-page-head\{display:flex\}<\/style>/);
  for (const url of ['/paste/abc', '/upload', '/nothing/here']) {
    const body = (await gateway.inject({ url })).body;
    assert.doesNotMatch(body, /cc-first-screen|cp-page-head/, url);
  }
});

test("a first screen's variants are written only with a known language and session, and its CSS cannot close its element", async () => {
  const { firstScreenMarkup, renderBootPage } = await import('./boot-page.mjs');
  assert.equal(
    firstScreenMarkup({
      variants: [
        { lang: 'en-US', session: 'signed-out', html: '<p>a</p>' },
        { lang: 'en-US', session: 'sometimes', html: '<p>b</p>' },
        { lang: '"><script>', html: '<p>c</p>' },
        { lang: 'zh-CN', html: 42 },
      ],
    }),
    '<div id="cc-first-screen" class="cc-first-screen"><div data-lang="en-US" data-session="signed-out"><p>a</p></div></div>',
  );
  assert.equal(firstScreenMarkup(null), '');
  assert.equal(firstScreenMarkup({ variants: [{ lang: 'en' }] }), '');
  const page = renderBootPage('<html><head></head><body><div id="root"></div><div id="cc-first-screen"></div></body></html>', {
    appConfig: {},
    environment: { remotes: [] },
    firstScreen: { css: 'p{}</style><script>alert(1)</script>', variants: [{ lang: 'en-US', html: '<p>x</p>' }] },
  });
  assert.doesNotMatch(page, /<\/style><script>alert/);
  assert.match(page, /<style>p\{\}<\\\/style><script>alert\(1\)<\/script><\/style>/, 'still text of the style element');
});
