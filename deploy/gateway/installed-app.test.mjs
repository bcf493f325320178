// The gateway's routes for the installed app: the web app manifest, the offline shell, the app
// cache list, the share target's fallback, the service worker file and the host pin in the
// environment manifest. Against real temp folders and a real folder release store (like server.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGateway } from './server.mjs';
import { FolderReleaseStore } from '../release-store/store.mjs';
import { releasePackage } from '../scripts/release.mjs';
import { writeHostBuild, writeRemoteBuild } from '../testing/fixtures.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ICONS = path.resolve(here, '../../host-shell/public/icons');

let root;
let gateway;
let environmentsDir;

const PINS = {
  host: { package: 'host-shell', version: '1.0.0' },
  remotes: {
    cloudclip_public: { package: 'mfe-public', version: '1.2.3' },
    cloudclip_upload: { package: 'mfe-upload', version: 'workspace' },
  },
};

async function writeEnvironment(environment) {
  await writeFile(path.join(environmentsDir, 'test.json'), JSON.stringify({ name: 'test', backendUrl: '', ...environment }));
}

/** A host build as the host's webpack writes it now: with dist/icons and the service worker. */
async function writeInstallableHostBuild(dir, marker) {
  await writeHostBuild(dir, { marker });
  await mkdir(path.join(dir, 'icons'), { recursive: true });
  for (const file of await readdir(ICONS)) await copyFile(path.join(ICONS, file), path.join(dir, 'icons', file));
  await writeFile(path.join(dir, 'sw.js'), `self.addEventListener('fetch', () => {}); // ${marker}`);
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-installed-app-'));
  environmentsDir = path.join(root, 'environments');
  await mkdir(environmentsDir, { recursive: true });
  const store = new FolderReleaseStore(path.join(root, 'releases'));
  await writeInstallableHostBuild(path.join(root, 'workspace/host-shell/dist'), 'host-workspace');
  await writeRemoteBuild(path.join(root, 'workspace/mfe-upload/dist'), { container: 'cloudclip_upload', marker: 'upload-workspace' });
  await writeRemoteBuild(path.join(root, 'workspace/mfe-public/dist'), { marker: 'public-workspace' });
  await writeInstallableHostBuild(path.join(root, 'build/host-1'), 'host-one');
  // An older host release: no icons, no service worker.
  await writeHostBuild(path.join(root, 'build/host-2'), { marker: 'host-two' });
  await writeRemoteBuild(path.join(root, 'build/public'), { marker: 'public-one' });
  // A host whose route map sends every address to a remote.
  await writeInstallableHostBuild(path.join(root, 'build/host-3'), 'host-three');
  await writeFile(
    path.join(root, 'build/host-3/route-map.json'),
    JSON.stringify({ routes: [{ pattern: '^/', remote: 'cloudclip_public' }] }),
  );
  await releasePackage({ pkg: 'host-shell', distDir: path.join(root, 'build/host-3'), store, packageVersion: '3.0.0', commit: 'abc' });
  await releasePackage({ pkg: 'host-shell', distDir: path.join(root, 'build/host-1'), store, packageVersion: '1.0.0', commit: 'abc' });
  await releasePackage({ pkg: 'host-shell', distDir: path.join(root, 'build/host-2'), store, packageVersion: '2.0.0', commit: 'abc' });
  await releasePackage({ pkg: 'mfe-public', distDir: path.join(root, 'build/public'), store, packageVersion: '1.2.3', commit: 'abc' });
  await writeEnvironment(PINS);
  gateway = await buildGateway({
    environment: 'test',
    environmentsDir,
    workspaceRoot: path.join(root, 'workspace'),
    store,
    workspaceRecheckMs: 0,
  });
});

after(async () => {
  await gateway.close();
  await rm(root, { recursive: true, force: true });
});

/** Runs `check` with the environment pinned to `environment`, then puts the usual pins back. */
async function withPins(environment, check) {
  await writeEnvironment(environment);
  try {
    return await check();
  } finally {
    await writeEnvironment(PINS);
  }
}

// --- /manifest.webmanifest ------------------------------------------------------------------------

test('serves the web app manifest in the language asked for, as a manifest the browser revalidates', async () => {
  const english = await gateway.inject({ url: '/manifest.webmanifest?lang=en-US', headers: { 'accept-language': 'zh-CN' } });
  assert.equal(english.statusCode, 200);
  assert.equal(english.headers['content-type'], 'application/manifest+json; charset=utf-8');
  assert.equal(english.headers['cache-control'], 'no-cache');
  const manifest = english.json();
  assert.equal(manifest.lang, 'en-US');
  assert.equal(manifest.name, 'Cloudclip — online clipboard');
  assert.deepEqual(
    manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url]),
    [
      ['New paste', '/'],
      ['Upload files', '/upload'],
    ],
  );
  const chinese = (await gateway.inject({ url: '/manifest.webmanifest?lang=zh-CN', headers: { 'accept-language': 'en-US' } })).json();
  assert.equal(chinese.lang, 'zh-CN');
  assert.equal(chinese.name, 'Cloudclip 云剪贴板');
  assert.equal(chinese.shortcuts[0].name, '新建粘贴');
});

test('without ?lang the manifest follows Accept-Language, Chinese when there is none', async () => {
  const byHeader = await gateway.inject({ url: '/manifest.webmanifest', headers: { 'accept-language': 'en-GB,en;q=0.8' } });
  assert.equal(byHeader.json().lang, 'en-US');
  assert.match(byHeader.headers.vary ?? '', /accept-language/i);
  assert.equal((await gateway.inject({ url: '/manifest.webmanifest', headers: { 'accept-language': 'zh-TW' } })).json().lang, 'zh-CN');
  assert.equal((await gateway.inject({ url: '/manifest.webmanifest' })).json().lang, 'zh-CN');
  assert.equal(
    (await gateway.inject({ url: '/manifest.webmanifest?lang=de-DE', headers: { 'accept-language': 'de' } })).json().lang,
    'en-US',
  );
});

test('every icon the manifest names is served from the pinned host as a PNG', async () => {
  const manifest = (await gateway.inject({ url: '/manifest.webmanifest' })).json();
  const sources = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons)].map((icon) => icon.src);
  assert.ok(sources.includes('/icons/icon-maskable-512.png'));
  for (const src of [...new Set(sources), '/icons/apple-touch-icon.png']) {
    const icon = await gateway.inject({ url: src });
    assert.equal(icon.statusCode, 200, src);
    assert.equal(icon.headers['content-type'], 'image/png', src);
    assert.equal(icon.rawPayload.subarray(1, 4).toString('latin1'), 'PNG', src);
  }
});

// --- /offline-shell -----------------------------------------------------------------------------

test('the offline shell is the host page with no page of its own: no remote, no first screen, no early request', async () => {
  const home = await gateway.inject({ url: '/' });
  assert.match(
    home.body,
    /href="\/remotes\/mfe-public\/1\.2\.3\/remoteEntry\.js"/,
    'the home page preloads its remote (the comparison below means something)',
  );
  assert.match(home.body, /id="cc-first-screen"/);
  const shell = await gateway.inject({ url: '/offline-shell' });
  assert.equal(shell.statusCode, 200);
  assert.match(shell.headers['content-type'], /^text\/html/);
  assert.match(shell.body, /host-one/);
  assert.doesNotMatch(shell.body, /href="\/remotes\//);
  assert.doesNotMatch(shell.body, /cc-first-screen"/);
  assert.match((await gateway.inject({ url: '/paste/abc' })).body, /__cloudclipEarlyResponses/);
  assert.doesNotMatch(shell.body, /__cloudclipEarlyResponses/, 'no early API request');
  // It still boots: the host's entry and start-up chunks, the runtime config and the environment.
  assert.match(shell.body, /<link rel="preload" as="script" href="\/main\.js" fetchpriority="high">/);
  assert.match(shell.body, /<link rel="preload" as="script" href="\/561\.abcdef12\.js">/);
  assert.match(shell.body, /window\.appConfig=/);
  assert.match(shell.body, /<script type="application\/json" id="cc-environment">[^<]*"cloudclip_public"/);
});

test('the offline shell is no page of a remote even when every address is one', async () => {
  const pins = { ...PINS, host: { package: 'host-shell', version: '3.0.0' } };
  const [page, shell] = await withPins(pins, () =>
    Promise.all([gateway.inject({ url: '/anything' }), gateway.inject({ url: '/offline-shell' })]),
  );
  assert.match(page.body, /href="\/remotes\/mfe-public\/1\.2\.3\/remoteEntry\.js"/);
  assert.match(shell.body, /host-three/);
  assert.doesNotMatch(shell.body, /href="\/remotes\//);
});

test('the offline shell has the boot pages’ protection and stays out of search engines', async () => {
  const home = await gateway.inject({ url: '/' });
  const shell = await gateway.inject({ url: '/offline-shell' });
  const csp = shell.headers['content-security-policy'];
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+'/);
  // The same policy as the home page: the same inline scripts (the home page's early-request script aside).
  assert.equal(csp.replace(/'sha256-[^']+' ?/g, ''), home.headers['content-security-policy'].replace(/'sha256-[^']+' ?/g, ''));
  assert.equal(shell.headers['x-frame-options'], 'DENY');
  assert.equal(shell.headers['x-robots-tag'], 'noindex');
  assert.equal(shell.headers['cache-control'], 'no-cache');
});

// --- /app-cache.json ------------------------------------------------------------------------------

test('the app cache lists the shell, the host start-up files and icons, and the offline pages of cloudclip_public with digests', async () => {
  const response = await gateway.inject({ url: '/app-cache.json' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['cache-control'], 'no-store');
  const cache = response.json();
  assert.equal(cache.version, 1);
  assert.match(cache.key, /^[0-9a-f]{64}$/);
  assert.equal(cache.environment, 'test');
  assert.deepEqual(cache.host, { package: 'host-shell', version: '1.0.0' });
  assert.equal(cache.shell, '/offline-shell');
  assert.deepEqual(cache.releases, [
    { package: 'mfe-public', version: '1.2.3', base: '/remotes/mfe-public/1.2.3/' },
    { package: 'mfe-upload', version: 'workspace', base: '/remotes/mfe-upload/workspace/' },
  ]);
  const urls = cache.files.map((file) => file.url);
  for (const url of [
    '/main.js',
    '/561.abcdef12.js',
    '/icons/icon-192.png',
    '/icons/icon-maskable-512.png',
    '/icons/apple-touch-icon.png',
    '/manifest.webmanifest',
    '/remotes/mfe-public/1.2.3/mf-manifest.json',
    '/remotes/mfe-public/1.2.3/remoteEntry.js',
    '/remotes/mfe-public/1.2.3/12.abcdef12.js',
    // The lazy chunks of / and of /paste/{slug} (page-chunks.json).
    '/remotes/mfe-public/1.2.3/page-home.abcdef12.js',
    '/remotes/mfe-public/1.2.3/55.abcdef12.js',
    '/remotes/mfe-public/1.2.3/page-paste.abcdef12.js',
  ]) {
    assert.ok(urls.includes(url), `${url} in ${urls.join(' ')}`);
  }
  assert.equal(new Set(urls).size, urls.length, 'each file once');
  assert.ok(!urls.some((url) => url.includes('mfe-upload')), 'only the pages that work offline');
  // Digests exactly where the environment has them (the released remote's manifest and entry).
  const released = (await gateway.inject({ url: '/env.json' })).json().remotes.find((remote) => remote.name === 'cloudclip_public');
  const digest = (url) => cache.files.find((file) => file.url === url)?.integrity;
  assert.equal(digest('/remotes/mfe-public/1.2.3/mf-manifest.json'), released.integrity.manifest);
  assert.equal(digest('/remotes/mfe-public/1.2.3/remoteEntry.js'), released.integrity.entry);
  assert.equal(cache.files.filter((file) => file.integrity).length, 2);
  // Every file listed is there to fetch.
  for (const url of urls) assert.equal((await gateway.inject({ url })).statusCode, 200, url);
});

test('the app cache key stays for the same pins and changes with any pin', async () => {
  const keyNow = async () => (await gateway.inject({ url: '/app-cache.json' })).json().key;
  const key = await keyNow();
  assert.equal(await keyNow(), key);
  const hostPinned = await withPins({ ...PINS, host: { package: 'host-shell', version: '2.0.0' } }, keyNow);
  assert.notEqual(hostPinned, key);
  const remotePinned = await withPins(
    { ...PINS, remotes: { ...PINS.remotes, cloudclip_public: { package: 'mfe-public', version: 'workspace' } } },
    keyNow,
  );
  assert.notEqual(remotePinned, key);
  assert.notEqual(remotePinned, hostPinned);
  assert.equal(await keyNow(), key, 'back to the same pins, back to the same key');
});

test('a rebuilt workspace package changes the key; an older host without icons lists none', async () => {
  const keyNow = async () => (await gateway.inject({ url: '/app-cache.json' })).json().key;
  const before = await keyNow();
  await writeRemoteBuild(path.join(root, 'workspace/mfe-upload/dist'), {
    container: 'cloudclip_upload',
    kernel: '0.2.0',
    marker: 'upload-rebuilt',
  });
  assert.notEqual(await keyNow(), before);

  const workspaceHost = { ...PINS, host: { package: 'host-shell', version: 'workspace' } };
  const hostBefore = await withPins(workspaceHost, keyNow);
  await writeFile(
    path.join(root, 'workspace/host-shell/dist/index.html'),
    '<!doctype html><html><head><title>rebuilt</title></head><body><script defer src="/main.js"></script></body></html>',
  );
  assert.notEqual(await withPins(workspaceHost, keyNow), hostBefore);

  const older = await withPins({ ...PINS, host: { package: 'host-shell', version: '2.0.0' } }, async () =>
    (await gateway.inject({ url: '/app-cache.json' })).json(),
  );
  assert.ok(!older.files.some((file) => file.url.startsWith('/icons/')));
  assert.ok(older.files.some((file) => file.url === '/main.js'));
});

// --- POST /share-target, /sw.js, the page's policy and the routes the SPA fallback must not take ---

test('a share posted with no service worker to take it is dropped and the page told to share again', async () => {
  const boundary = 'cloudclip-test-boundary';
  const body = [
    `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello`,
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${'x'.repeat(2 * 1024 * 1024)}`,
    `--${boundary}--\r\n`,
  ].join('\r\n');
  const response = await gateway.inject({
    method: 'POST',
    url: '/share-target',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  assert.equal(response.statusCode, 303);
  assert.equal(response.headers.location, '/?share=unavailable');
  assert.equal(response.body, '');
  for (const headers of [{ 'content-type': 'application/x-www-form-urlencoded' }, {}]) {
    const other = await gateway.inject({ method: 'POST', url: '/share-target', headers, payload: 'text=hello' });
    assert.equal(other.statusCode, 303, JSON.stringify(headers));
  }
});

test('serves the service worker from the pinned host, revalidated and allowed to control the whole site', async () => {
  const worker = await gateway.inject({ url: '/sw.js' });
  assert.equal(worker.statusCode, 200);
  assert.match(worker.body, /host-one/);
  assert.equal(worker.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.equal(worker.headers['cache-control'], 'no-cache');
  assert.equal(worker.headers['service-worker-allowed'], '/');
  assert.equal((await gateway.inject({ url: '/main.js' })).headers['service-worker-allowed'], undefined);
  // A host without one: a 404, never the SPA page (a registration must fail, not install HTML).
  const missing = await withPins({ ...PINS, host: { package: 'host-shell', version: '2.0.0' } }, () => gateway.inject({ url: '/sw.js' }));
  assert.equal(missing.statusCode, 404);
});

test("the page's policy lets it register /sw.js and read the manifest", async () => {
  const csp = (await gateway.inject({ url: '/' })).headers['content-security-policy'];
  assert.match(csp, /(?:^|; )worker-src 'self'/);
  assert.match(csp, /(?:^|; )default-src 'self'(?:;|$)/, 'manifest-src falls back to default-src');
  assert.doesNotMatch(csp, /manifest-src/);
});

test('the installed app’s addresses are never the SPA page', async () => {
  for (const url of ['/manifest.webmanifest', '/app-cache.json', '/sw.js', '/manifest.webmanifest?lang=en-US']) {
    const response = await gateway.inject({ url });
    assert.equal(response.statusCode, 200, url);
    assert.doesNotMatch(response.headers['content-type'], /text\/html/, url);
  }
  assert.equal((await gateway.inject({ url: '/share-target' })).statusCode, 200, 'a GET of the share address is a page address');
});

// --- the environment manifest names the pinned host ---------------------------------------------

test('/env.json and the page name the pinned host, so a page can tell that a new host was pinned', async () => {
  assert.deepEqual((await gateway.inject({ url: '/env.json' })).json().host, { package: 'host-shell', version: '1.0.0' });
  const page = await gateway.inject({ url: '/upload' });
  const inline = JSON.parse(/<script type="application\/json" id="cc-environment">([^<]*)<\/script>/.exec(page.body)[1]);
  assert.deepEqual(inline.host, { package: 'host-shell', version: '1.0.0' });
  const unpinned = await withPins({ remotes: PINS.remotes }, async () => (await gateway.inject({ url: '/env.json' })).json());
  assert.deepEqual(unpinned.host, { package: 'host-shell', version: 'workspace' });
});
