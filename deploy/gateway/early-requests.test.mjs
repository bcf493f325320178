// The boot page's early API requests: which ones a page address gets, and what its script does in a browser-like context.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { buildGateway } from './server.mjs';
import { API_BASE_OVERRIDE_KEY, LANGUAGE_KEY, SESSION_STORAGE_KEYS, earlyRequestPaths, earlyRequestsScript } from './early-requests.mjs';
import { FolderReleaseStore } from '../release-store/store.mjs';
import { writeHostBuild, writeRemoteBuild } from '../testing/fixtures.mjs';

/**
 * Runs an early-requests script as a page at `href` would, with `storage` in localStorage and
 * `languages` as navigator.languages; returns what it fetched and what it left on window.
 */
function runInPage(script, { href = 'https://clip.example/paste/abc', storage = {}, languages = ['en-GB'] } = {}) {
  const fetched = [];
  const window = {
    location: { href },
    navigator: { languages },
    localStorage: { getItem: (key) => (key in storage ? storage[key] : null) },
    fetch: (url, init) => {
      // Copied out of the script's realm, so that deepEqual compares plain objects of this one.
      fetched.push({ url, headers: { ...init.headers } });
      return Promise.resolve({ url });
    },
  };
  vm.runInNewContext(script, { window, URL });
  return { fetched, early: window.__cloudclipEarlyResponses };
}

test('fills the named groups of the page pattern into its requests, as a path segment', () => {
  const page = { requests: ['/paste/{slug}', '/public/files/{slug}/info'] };
  assert.deepEqual(earlyRequestPaths(page, { slug: 'abc' }), ['/paste/abc', '/public/files/abc/info']);
  // Decoded from the address and encoded again as the client encodes a slug.
  assert.deepEqual(earlyRequestPaths({ requests: ['/paste/{slug}'] }, { slug: 'a%20b%2F' }), ['/paste/a%20b%2F']);
  assert.deepEqual(earlyRequestPaths({ requests: ['/paste/{slug}'] }, { slug: 'a b' }), ['/paste/a%20b']);
  // A malformed address, a missing group, a template that is not an API path, no requests: nothing.
  assert.deepEqual(earlyRequestPaths({ requests: ['/paste/{slug}'] }, { slug: '%E0%A4%A' }), []);
  assert.deepEqual(earlyRequestPaths({ requests: ['/paste/{id}'] }, { slug: 'abc' }), []);
  assert.deepEqual(earlyRequestPaths({ requests: ['https://elsewhere/x'] }, {}), []);
  assert.deepEqual(earlyRequestPaths({ scripts: ['a.js'] }, { slug: 'abc' }), []);
  assert.deepEqual(earlyRequestPaths(null, undefined), []);
});

test('the script sends each request once to the page origin, as the kernel would (Accept, Accept-Language)', async () => {
  const script = earlyRequestsScript(['/paste/abc'], { backendUrl: '__BACKEND_URL__' });
  const { fetched, early } = runInPage(script);
  assert.deepEqual(fetched, [
    { url: 'https://clip.example/api/paste/abc', headers: { Accept: 'application/json, text/plain, */*', 'Accept-Language': 'en-US' } },
  ]);
  assert.equal(early.language, 'en-US');
  assert.deepEqual(Object.keys(early.responses), ['https://clip.example/api/paste/abc']);
  assert.deepEqual(await early.responses['https://clip.example/api/paste/abc'], { url: 'https://clip.example/api/paste/abc' });
});

test("the script asks in the kernel's language: the saved choice, else the browser's (zh… → zh-CN), else en-US", () => {
  const script = earlyRequestsScript(['/paste/abc'], {});
  const languageOf = (options) => runInPage(script, options).early.language;
  assert.equal(languageOf({ storage: { [LANGUAGE_KEY]: 'zh-CN' }, languages: ['en-US'] }), 'zh-CN');
  assert.equal(languageOf({ storage: { [LANGUAGE_KEY]: 'fr' }, languages: ['zh-TW', 'en'] }), 'zh-CN');
  assert.equal(languageOf({ languages: ['', 'ZH'] }), 'zh-CN');
  assert.equal(languageOf({ languages: ['de-DE'] }), 'en-US');
  assert.equal(languageOf({ languages: [] }), 'en-US');
});

test('the script sends nothing for a signed-in visitor or a backend saved in the switcher, and goes to a configured backend', () => {
  const script = earlyRequestsScript(['/paste/abc'], {});
  for (const key of SESSION_STORAGE_KEYS) {
    const { fetched, early } = runInPage(script, { storage: { [key]: 'credential' } });
    assert.deepEqual(fetched, [], key);
    assert.equal(early, undefined, key);
  }
  assert.deepEqual(runInPage(script, { storage: { [API_BASE_OVERRIDE_KEY]: 'https://other.example' } }).fetched, []);
  // With a runtime backend address the kernel ignores the saved one, and so does the script.
  const configured = earlyRequestsScript(['/paste/abc'], { backendUrl: 'https://api.example/' });
  const { fetched } = runInPage(configured, { storage: { [API_BASE_OVERRIDE_KEY]: 'https://other.example' } });
  assert.deepEqual(
    fetched.map((request) => request.url),
    ['https://api.example/api/paste/abc'],
  );
  assert.equal(earlyRequestsScript([], {}), '');
});

test("the storage keys are the kernel's", async () => {
  const kernelKeys = await readFile(fileURLToPath(new URL('../../shared-kernel/src/storage-keys.ts', import.meta.url)), 'utf8');
  for (const key of [...SESSION_STORAGE_KEYS, API_BASE_OVERRIDE_KEY, LANGUAGE_KEY])
    assert.match(kernelKeys, new RegExp(`: '${key}',`), key);
});

let root;
let gateway;

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-early-'));
  const environmentsDir = path.join(root, 'environments');
  await mkdir(environmentsDir, { recursive: true });
  await writeHostBuild(path.join(root, 'workspace/host-shell/dist'));
  await writeRemoteBuild(path.join(root, 'workspace/mfe-public/dist'));
  await writeRemoteBuild(path.join(root, 'workspace/mfe-upload/dist'), { container: 'cloudclip_upload' });
  const workspace = (pkg) => ({ package: pkg, version: 'workspace' });
  await writeFile(
    path.join(environmentsDir, 'test.json'),
    JSON.stringify({
      name: 'test',
      backendUrl: '',
      host: workspace('host-shell'),
      remotes: { cloudclip_public: workspace('mfe-public'), cloudclip_upload: workspace('mfe-upload') },
    }),
  );
  gateway = await buildGateway({
    environment: 'test',
    environmentsDir,
    workspaceRoot: path.join(root, 'workspace'),
    store: new FolderReleaseStore(path.join(root, 'releases')),
    // The browser's own requests (the gateway asking itself: share-prerender.test.mjs).
    shareAnswers: false,
  });
});

after(async () => {
  await gateway.close();
  await rm(root, { recursive: true, force: true });
});

test("a page address gets its page's requests as an inline script the CSP allows by hash; other pages get none", async () => {
  const page = await gateway.inject({ url: '/paste/my%20slug' });
  const scripts = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  const early = scripts.find((script) => script.includes('__cloudclipEarlyResponses'));
  assert.ok(early, page.body);
  assert.deepEqual(
    runInPage(early).fetched.map((request) => request.url),
    ['https://clip.example/api/paste/my%20slug'],
  );
  const csp = page.headers['content-security-policy'];
  assert.ok(csp.includes(`'sha256-${createHash('sha256').update(early).digest('base64')}'`), csp);
  // It comes before the preload hints, first of what the gateway adds to the head.
  assert.ok(page.body.indexOf(early) < page.body.indexOf('<link rel="preload"'));

  for (const url of ['/', '/paste/a/b', '/upload']) {
    const other = await gateway.inject({ url });
    assert.equal(other.statusCode, 200, url);
    assert.doesNotMatch(other.body, /__cloudclipEarlyResponses/, url);
  }
});

/** Runs an early script in a page holding `answers` as its #cc-early-answers block; `fetchAnswer` answers its fetches. */
function runWithAnswers(script, answers, { storage = {}, fetchAnswer = () => new Response('browser') } = {}) {
  const fetched = [];
  const window = {
    location: { href: 'https://clip.example/paste/abc' },
    navigator: { languages: ['en-US'] },
    localStorage: { getItem: (key) => (key in storage ? storage[key] : null) },
    document: { getElementById: (id) => (id === 'cc-early-answers' ? { textContent: JSON.stringify(answers) } : null) },
    Response,
    fetch: (url, init) => {
      fetched.push({ url, language: init?.headers?.['Accept-Language'] });
      return Promise.resolve(fetchAnswer(url));
    },
  };
  vm.runInNewContext(script, { window, URL });
  return { fetched, early: window.__cloudclipEarlyResponses };
}

test("the gateway's answers are handed over for every visitor, in the gateway's language; late ones are fetched from /_early", async () => {
  const answers = [
    { url: '/api/paste/abc', status: 200, contentType: 'application/json', body: '{"slug":"abc"}', language: 'zh-CN' },
    { url: '/api/public/files/x', status: 204, contentType: '', body: '', language: 'zh-CN' },
  ];
  const script = earlyRequestsScript(['/other'], {}, { language: 'zh-CN', answered: true, handoffs: [{ url: '/api/late', id: 'abc123' }] });
  const { fetched, early } = runWithAnswers(script, answers, {
    storage: { admin_token: 't' },
    fetchAnswer: () => new Response('gone', { status: 404, headers: { 'x-cloudclip-early': 'missing' } }),
  });
  // Signed in: the script's own request is not sent, the gateway's answers are handed over.
  assert.deepEqual(fetched, [{ url: '/_early/abc123', language: undefined }]);
  assert.equal(early.language, 'zh-CN');
  const paste = await early.responses['https://clip.example/api/paste/abc'];
  assert.equal(paste.status, 200);
  assert.equal(await paste.text(), '{"slug":"abc"}');
  assert.equal((await early.responses['https://clip.example/api/public/files/x']).status, 204);
  // A hand-off the gateway no longer holds is a network failure: the kernel asks itself.
  await assert.rejects(early.responses['https://clip.example/api/late']);

  // Signed out, the request the gateway could not send goes in the gateway's language too.
  const signedOut = runWithAnswers(script, answers);
  assert.deepEqual(
    signedOut.fetched.map((request) => [request.url, request.language]),
    [
      ['/_early/abc123', undefined],
      ['https://clip.example/api/other', 'zh-CN'],
    ],
  );
  // A backend saved in the switcher: nothing at all.
  assert.deepEqual(runWithAnswers(script, answers, { storage: { [API_BASE_OVERRIDE_KEY]: 'https://other.example' } }).early, undefined);
});
