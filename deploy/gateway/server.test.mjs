// Gateway behaviour, against real temp folders and a real upstream HTTP server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildGateway } from './server.mjs';
import { parseOverrides, toBrowserManifest } from './environment.mjs';

let root;
let upstream;
let gateway;

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-gateway-'));
  const hostDir = path.join(root, 'host');
  const releasesDir = path.join(root, 'releases');
  const environmentsDir = path.join(root, 'environments');
  await mkdir(hostDir, { recursive: true });
  await mkdir(path.join(releasesDir, 'mfe-public/1.2.3'), { recursive: true });
  await mkdir(environmentsDir, { recursive: true });
  await writeFile(path.join(hostDir, 'index.html'), '<!doctype html><title>host</title><div id="root"></div>');
  await writeFile(path.join(hostDir, 'main.js'), 'console.log("main");'.repeat(200));
  await writeFile(path.join(hostDir, '561.abcdef12.js'), 'console.log("chunk");');
  await writeFile(path.join(releasesDir, 'mfe-public/1.2.3/mf-manifest.json'), JSON.stringify({ name: 'cloudclip_public' }));
  await writeFile(
    path.join(environmentsDir, 'test.json'),
    JSON.stringify({ name: 'test', backendUrl: '', remotes: { cloudclip_public: { package: 'mfe-public', version: '1.2.3' } } }),
  );
  upstream = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 200, path: req.url, method: req.method, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  gateway = await buildGateway({
    environment: 'test',
    environmentsDir,
    hostDir,
    releasesDir,
    apiUpstream: `http://127.0.0.1:${upstream.address().port}`,
  });
});

after(async () => {
  await gateway.close();
  await new Promise((resolve) => upstream.close(resolve));
  await rm(root, { recursive: true, force: true });
});

test('serves the environment manifest with pinned manifest entries and no-cache', async () => {
  const response = await gateway.inject({ url: '/env.json' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['cache-control'], 'no-cache');
  assert.deepEqual(response.json(), {
    name: 'test',
    remotes: [{ name: 'cloudclip_public', version: '1.2.3', entry: '/remotes/mfe-public/1.2.3/mf-manifest.json' }],
  });
});

test('serves released remotes as immutable and readable from other origins', async () => {
  const response = await gateway.inject({ url: '/remotes/mfe-public/1.2.3/mf-manifest.json' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['access-control-allow-origin'], '*');
  assert.match(response.headers['cache-control'], /immutable/);
});

test('answers 404 for a remote version that was never released', async () => {
  const response = await gateway.inject({ url: '/remotes/mfe-public/9.9.9/mf-manifest.json' });
  assert.equal(response.statusCode, 404);
});

test('falls back to index.html for page addresses but not for missing assets', async () => {
  const page = await gateway.inject({ url: '/paste/abc?x=1' });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /<div id="root">/);
  assert.equal(page.headers['cache-control'], 'no-cache');
  const asset = await gateway.inject({ url: '/missing.js' });
  assert.equal(asset.statusCode, 404);
});

test('caches hashed chunks forever and revalidates the entry file', async () => {
  const chunk = await gateway.inject({ url: '/561.abcdef12.js' });
  assert.match(chunk.headers['cache-control'], /immutable/);
  const entry = await gateway.inject({ url: '/main.js' });
  assert.equal(entry.headers['cache-control'], 'no-cache');
});

test('compresses text assets for clients that accept it', async () => {
  const response = await gateway.inject({ url: '/main.js', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(response.headers['content-encoding'], 'gzip');
});

test('injects runtime config keeping the placeholder when no backend URL is set', async () => {
  const response = await gateway.inject({ url: '/config.js' });
  assert.match(response.body, /window\.appConfig = \{"backendUrl":"__BACKEND_URL__","environment":"test"\}/);
});

test('proxies /api to the api-server with method and path intact', async () => {
  const response = await gateway.inject({ method: 'POST', url: '/api/admin/login?x=1', payload: { a: 1 } });
  assert.deepEqual(response.json(), { code: 200, path: '/api/admin/login?x=1', method: 'POST', forwardedFor: '127.0.0.1' });
});

test('parses remote overrides and applies them to the browser manifest', () => {
  const overrides = parseOverrides('cloudclip_public=http://127.0.0.1:3001/mf-manifest.json, broken');
  assert.deepEqual(overrides, { cloudclip_public: 'http://127.0.0.1:3001/mf-manifest.json' });
  const manifest = toBrowserManifest({ name: 'x', remotes: { cloudclip_public: { package: 'mfe-public', version: '1.0.0' } } }, overrides);
  assert.equal(manifest.remotes[0].entry, 'http://127.0.0.1:3001/mf-manifest.json');
});
