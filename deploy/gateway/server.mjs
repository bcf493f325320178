// The static gateway: serves the pinned host shell (SPA fallback), every pinned remote under its
// versioned path, the environment manifest and runtime config, and proxies /api and /dav (WebDAV) to
// the api-server.
// Which host and which remotes it serves is read from deploy/environments/<DEPLOY_ENV>.json on each
// request, so a new pin takes effect at the next page load.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import { environmentFile, hostPinOf, parseOverrides } from './environment.mjs';
import {
  API_SANDBOX_CSP,
  BASE_SECURITY_HEADERS,
  CSP_REPORT_PATH,
  DOCUMENT_TYPE,
  SCRIPT_TYPE,
  STATIC_PAGE_CSP,
} from './security-headers.mjs';
import { openReleaseStore } from '../release-store/store.mjs';
import { isApiRequest, registerApiProxy } from './api-proxy.mjs';
import { isDavRequest, keepBodiesAsSent, registerDavProxy } from './dav-proxy.mjs';
import {
  NO_CACHE,
  PAGE_FILE,
  createPackageFiles,
  createPackageReader,
  hostFileCache,
  remoteFileCache,
  sendPackageFile,
} from './package-files.mjs';
import { createServedEnvironment } from './served-environment.mjs';
import { createBootPageRoute } from './boot-page-route.mjs';
import { HANDOFF_PREFIX, createSharePrerender } from './share-prerender.mjs';
import {
  APP_MANIFEST_PATH,
  APP_MANIFEST_TYPE,
  SHARE_TARGET_PATH,
  loadManifestTexts,
  manifestLanguageOf,
  webAppManifest,
} from './app-manifest.mjs';
import { APP_CACHE_PATH, OFFLINE_SHELL_PATH, createAppCache } from './app-cache.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'];
/** The host build's service worker (host-shell/src/service-worker), served at /sw.js. */
const SERVICE_WORKER_FILE = 'sw.js';

/**
 * @param {object} [options]
 * @param {string} [options.environment] environment name (deploy/environments/<name>.json)
 * @param {string} [options.environmentsDir]
 * @param {string} [options.workspaceRoot] where `<package>/dist` is found for version `workspace`
 * @param {string} [options.hostDir] overrides the workspace host build folder
 * @param {string} [options.releaseStore] folder or s3://bucket/prefix (default deploy/releases)
 * @param {import('../release-store/store.mjs').FolderReleaseStore | import('../release-store/store.mjs').S3ReleaseStore} [options.store]
 * @param {boolean} [options.workspaceBuilds] whether version `workspace` may be served (default true)
 * @param {string} [options.apiUpstream] the api-server's origin
 * @param {string} [options.backendUrl] injected as window.appConfig.backendUrl (empty: the page's origin)
 * @param {Record<string,string>} [options.remoteOverrides]
 * @param {boolean} [options.logger]
 * @param {boolean | number | string} [options.trustProxy] a reverse proxy in front of the gateway whose
 *   X-Forwarded-For/Proto/Host are believed (Fastify's trustProxy: true, a hop count, or addresses)
 * @param {string} [options.manifestTexts] the web app manifest's texts (default shared-kernel/src/pwa/app-manifest-texts.json)
 * @param {boolean} [options.shareAnswers] whether the gateway asks a share page's first API request
 *   itself and renders its content into the page (share-prerender.mjs; default true)
 * @param {number} [options.earlyAnswerTimeoutMs] how long a page waits for that answer before handing it off
 * @param {number} [options.renderWaitMs] how long a page waits for its rendering before it goes without
 * @param {number} [options.workspaceRecheckMs] how long a workspace build file, once looked at, is taken
 *   as unchanged (package-files.mjs WORKSPACE_RECHECK_MS)
 */
export async function buildGateway(options = {}) {
  const environmentName = options.environment ?? 'local';
  const environmentsDir = options.environmentsDir ?? path.join(repoRoot, 'deploy/environments');
  const workspaceRoot = options.workspaceRoot ?? repoRoot;
  const store = options.store ?? openReleaseStore(options.releaseStore, process.env, path.join(repoRoot, 'deploy/releases'));
  const workspaceBuilds = options.workspaceBuilds ?? true;
  const apiUpstream = options.apiUpstream ?? 'http://127.0.0.1:8787';
  const overrides = options.remoteOverrides ?? {};
  const cspReports = [];
  const files = createPackageFiles({ store, workspaceRoot, hostDir: options.hostDir, workspaceBuilds });
  const served = createServedEnvironment({ environmentsDir, environmentName, store, overrides, backendUrl: options.backendUrl });
  const { loadEnvironment, browserEnvironment, runtimeAppConfig } = served;
  const reader = createPackageReader(files, { recheckMs: options.workspaceRecheckMs });
  // Read at start: a broken file stops the gateway instead of serving a manifest no browser takes.
  const manifestTexts = await loadManifestTexts(options.manifestTexts);

  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false });
  // Before @fastify/compress, whose own onRoute hook reads what this one sets.
  app.addHook('onRoute', keepBodiesAsSent);
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // No document leaves the gateway able to run unconfined from this origin or be framed: the host
    // page has its own policy (boot-page-route.mjs); anything else gets a locked-down one. From /api
    // (shared files, the URL proxy) a document without a policy is sandboxed, and a script type is
    // sent as text, which nosniff keeps from running as a <script>. /dav serves stored files the
    // same way, so it gets the same treatment (headers only: the body is never touched).
    const type = String(reply.getHeader('content-type') ?? '');
    if (isApiRequest(request) || isDavRequest(request)) {
      if (DOCUMENT_TYPE.test(type) && !reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_SANDBOX_CSP);
      if (SCRIPT_TYPE.test(type)) reply.header('content-type', 'text/plain; charset=utf-8');
    } else if (DOCUMENT_TYPE.test(type)) {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', STATIC_PAGE_CSP);
      if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });

  await registerApiProxy(app, apiUpstream);
  await registerDavProxy(app, apiUpstream);

  // --- environment manifest and runtime configuration ------------------------------------------
  app.get('/env.json', async (_request, reply) => {
    const environment = await loadEnvironment();
    reply.header('Cache-Control', NO_CACHE).header('Access-Control-Allow-Origin', '*');
    return browserEnvironment(environment);
  });

  app.get('/config.js', async (_request, reply) => {
    const environment = await loadEnvironment();
    reply.header('Cache-Control', NO_CACHE).type('application/javascript; charset=utf-8');
    return `window.appConfig = ${JSON.stringify(runtimeAppConfig(environment))};\n`;
  });

  // --- released remotes: /remotes/<package>/<version>/… ----------------------------------------
  app.get('/remotes/:pkg/:version/*', async (request, reply) => {
    const { pkg, version } = request.params;
    const relative = request.params['*'];
    const file = PAGE_FILE.test(relative) ? null : await files.openForBrowser(pkg, version, relative, request.headers['accept-encoding']);
    reply.header('Access-Control-Allow-Origin', '*');
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendPackageFile(reply, file, relative, remoteFileCache(version, relative));
  });

  // --- CSP violation reports --------------------------------------------------------------------
  app.addContentTypeParser(CSP_REPORT_TYPES, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body));
    } catch {
      done(null, null);
    }
  });
  app.post(CSP_REPORT_PATH, async (request, reply) => {
    const report = request.body;
    if (report) {
      cspReports.push({ time: new Date().toISOString(), report });
      if (cspReports.length > 100) cspReports.shift();
      request.log.warn({ cspReport: report }, 'Content-Security-Policy violation');
      if (!options.logger) console.warn(`[gateway] CSP violation: ${JSON.stringify(report).slice(0, 500)}`);
    }
    return reply.code(204).send();
  });

  // --- the pinned host shell ----------------------------------------------------------------------
  const prerender =
    options.shareAnswers === false
      ? null
      : createSharePrerender({ apiUpstream, reader, timeoutMs: options.earlyAnswerTimeoutMs, renderWaitMs: options.renderWaitMs });
  if (prerender) {
    app.addHook('onClose', async () => prerender.close());
    app.get(`${HANDOFF_PREFIX}:id`, prerender.sendHandoff);
  }
  const sendIndex = createBootPageRoute({ served, files, overrides, reader, prerender });

  app.get('/healthz', async () => ({ status: 'ok', environment: environmentName, releaseStore: store.describe() }));
  app.get('/', (request, reply) => sendIndex(request, reply));

  // --- the installed app (app-manifest.mjs, app-cache.mjs; the service worker is the host's /sw.js) ---
  app.get(APP_MANIFEST_PATH, async (request, reply) => {
    const requested = /** @type {Record<string, unknown>} */ (request.query ?? {}).lang;
    const language = manifestLanguageOf(requested, request.headers['accept-language']);
    reply.header('Cache-Control', NO_CACHE).header('Vary', 'Accept-Language').type(APP_MANIFEST_TYPE);
    return JSON.stringify(webAppManifest(manifestTexts, language));
  });

  // The page the service worker shows for an address while offline: the host with no page of its own.
  app.get(OFFLINE_SHELL_PATH, (request, reply) => sendIndex(request, reply, { offline: true }));

  const appCache = createAppCache({ served, reader });
  app.get(APP_CACHE_PATH, async (_request, reply) => {
    const cache = await appCache();
    reply.header('Cache-Control', 'no-store');
    if (!cache) return reply.code(503).type('text/plain; charset=utf-8').send('The pinned host shell is not available.');
    return cache;
  });

  // The share sheet posts here; the service worker answers it. Without one (never opened online,
  // or blocked) the post reaches the gateway: its body is read and dropped (nothing is kept), and
  // the page says to share again.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.on('error', () => {});
      payload.once('end', () => done(null, null));
      payload.resume();
    });
    scope.post(SHARE_TARGET_PATH, async (_request, reply) =>
      reply.code(303).header('Location', '/?share=unavailable').header('Cache-Control', 'no-store').send(),
    );
  });

  // Host assets, and the SPA fallback: a page address gets index.html; a missing asset stays 404.
  app.get('/*', async (request, reply) => {
    let url;
    try {
      url = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
    }
    if (!url.startsWith('/api/') && !url.startsWith('/remotes/')) {
      if (!path.posix.extname(url) || url === '/index.html') return sendIndex(request, reply);
      const environment = await loadEnvironment();
      const pin = hostPinOf(environment);
      const relative = url.slice(1);
      const file = await files.openForBrowser(pin.package, pin.version, relative, request.headers['accept-encoding']);
      // The service worker: checked for an update at every navigation, in control of the whole site.
      if (file && relative === SERVICE_WORKER_FILE) reply.header('Service-Worker-Allowed', '/');
      if (file) return sendPackageFile(reply, file, relative, hostFileCache(relative));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  app.decorate('cspReports', cspReports);
  return app;
}

/** GATEWAY_TRUST_PROXY: `true`, a hop count, or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value) {
  const text = (value ?? '').trim();
  if (!text || /^(0|false|no|off)$/i.test(text)) return false;
  if (/^(true|yes|on)$/i.test(text)) return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function truthy(value, fallback) {
  if (value === undefined || value === '') return fallback;
  return /^(1|true|yes|on)$/i.test(value);
}

async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const apiPort = Number(process.env.API_PORT ?? 8787);
  const environment = process.env.DEPLOY_ENV ?? process.env.ENVIRONMENT ?? 'local';
  const environmentsDir = process.env.ENVIRONMENTS_DIR ?? path.join(repoRoot, 'deploy/environments');
  if (!existsSync(environmentFile(environmentsDir, environment))) {
    console.error(`Unknown environment "${environment}": ${environmentFile(environmentsDir, environment)} does not exist.`);
    process.exit(1);
  }
  const app = await buildGateway({
    environment,
    environmentsDir,
    hostDir: process.env.HOST_DIR,
    workspaceRoot: process.env.WORKSPACE_ROOT,
    releaseStore: process.env.RELEASE_STORE,
    workspaceBuilds: truthy(process.env.WORKSPACE_BUILDS, true),
    apiUpstream: process.env.API_UPSTREAM ?? `http://127.0.0.1:${apiPort}`,
    backendUrl: process.env.BACKEND_URL,
    remoteOverrides: parseOverrides(process.env.REMOTE_OVERRIDES),
    logger: process.env.GATEWAY_LOG === '1',
    trustProxy: parseTrustProxy(process.env.GATEWAY_TRUST_PROXY),
    shareAnswers: truthy(process.env.GATEWAY_SHARE_ANSWERS, true),
    renderWaitMs: Number(process.env.GATEWAY_RENDER_WAIT_MS) || undefined,
  });
  await app.listen({ port, host });
  console.log(`Cloudclip gateway (${environment}) listening on http://${host}:${port}`);
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
