// The static gateway: serves the pinned host shell (SPA fallback), every pinned remote under its
// versioned path, the environment manifest and runtime config, and proxies /api to the api-server.
// Which host and which remotes it serves is read from deploy/environments/<DEPLOY_ENV>.json on each
// request, so a new pin takes effect at the next page load.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { Readable, Stream, finished } from 'node:stream';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHttpProxy from '@fastify/http-proxy';
import {
  WORKSPACE_VERSION,
  environmentFile,
  hostPinOf,
  parseEnvironment,
  parseOverrides,
  remoteEntryOf,
  toBrowserManifest,
} from './environment.mjs';
import {
  API_SANDBOX_CSP,
  BASE_SECURITY_HEADERS,
  CSP_REPORT_PATH,
  DOCUMENT_TYPE,
  SCRIPT_TYPE,
  STATIC_PAGE_CSP,
  contentSecurityPolicy,
  inlineScriptHashes,
  originsOf,
} from './security-headers.mjs';
import { contentTypeOf, openFileIn, openReleaseStore, safeRelative } from '../release-store/store.mjs';
import { hostPreloads, pageChunkPreloads, remoteOfPath, remotePreloads, renderBootPage } from './boot-page.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css)$/;
/** Packages whose build output may be served as version `workspace`. */
const WORKSPACE_PACKAGES = new Set(['host-shell', 'mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer']);
const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'];
/** A page of a remote's build (index.html…): the host never loads one, so the gateway serves none. */
const PAGE_FILE = /\.(?:html?|xhtml)$/i;
/** The request body on its way to the api-server (see `detachUpload`). */
const UPLOAD = Symbol('cloudclip.upload');
/** Set once the api-server has answered a proxied request. */
const ANSWERED = Symbol('cloudclip.answered');

function isApiRequest(request) {
  return request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
}

/**
 * A proxied request body on its way to the api-server, read from the client's request one chunk at
 * a time, each chunk two event-loop turns after the api-server's socket took the previous one.
 *
 * An api-server that refuses a body (a 413, a bad upload key) answers and closes the connection
 * with the body unread, which resets it. Node writes queued data as soon as the previous write
 * completes, before it reads what came in; the write then fails and closes the socket with the
 * answer still unread in it. Writing only after the loop has polled for I/O lets the answer be read
 * first; once it is, nothing more is sent (`stop`).
 */
class UploadBody extends Readable {
  #source;
  #wanted = false;
  #scheduled = false;
  #stopped = false;
  #onReadable = () => this.#pump();

  constructor(source) {
    super({ highWaterMark: 0 });
    this.#source = source;
    source.on('readable', this.#onReadable);
    source.on('end', this.#onReadable);
    source.once('error', (error) => this.destroy(error));
    source.once('close', () => {
      if (!source.complete && !this.#stopped) this.destroy(new Error('the client aborted the request'));
    });
  }

  get sending() {
    return !this.#stopped && !this.readableEnded;
  }

  _read() {
    this.#wanted = true;
    this.#pump();
  }

  #pump() {
    if (!this.#wanted || this.#scheduled || this.#stopped) return;
    this.#scheduled = true;
    // Two turns: the first may have polled for I/O just before the answer came.
    setImmediate(() => setImmediate(() => this.#next()));
  }

  #next() {
    this.#scheduled = false;
    if (this.#stopped || this.destroyed) return;
    const chunk = this.#source.read();
    if (chunk !== null) {
      this.#wanted = false;
      this.push(chunk);
    } else if (this.#source.readableEnded || this.#source.complete) {
      this.push(null);
    }
  }

  /** Sends no more; what the client still sends is read and dropped. */
  stop() {
    this.#stopped = true;
    this.#source.off('readable', this.#onReadable);
    this.#source.off('end', this.#onReadable);
    this.#source.resume();
  }
}

function detachUpload(request, _reply, done) {
  if (request.body instanceof Stream) {
    const body = new UploadBody(request.body);
    request[UPLOAD] = body;
    request.body = body;
  }
  done();
}

/**
 * The api-server's answer goes to the client as it is. When it comes before the whole request body
 * was sent, the rest is not sent on (the gateway closes the client's connection after the answer,
 * as the api-server did), and once the answer has been read the request to the api-server is ended.
 */
function forwardAnswer(request, reply, res) {
  request[ANSWERED] = true;
  const upload = request[UPLOAD];
  if (upload?.sending) {
    upload.stop();
    finished(res.stream, () => upload.destroy());
  }
  return reply.send(res.stream);
}

/** After the api-server has answered, a failure of the request to it (EPIPE, ECONNRESET) is not the client's concern. */
function onProxyError(reply, { error }) {
  if (reply.request[ANSWERED]) {
    reply.log.debug({ err: error }, 'the api-server answered before the request body was sent');
    return;
  }
  reply.send(error);
}

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

  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // No document leaves the gateway able to run unconfined from this origin or be framed: the host
    // page has its own policy (sendIndex); anything else gets a locked-down one. From /api (shared
    // files, the URL proxy) a document without a policy is sandboxed, and a script type is sent as
    // text, which nosniff keeps from running as a <script>.
    const type = String(reply.getHeader('content-type') ?? '');
    if (isApiRequest(request)) {
      if (DOCUMENT_TYPE.test(type) && !reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_SANDBOX_CSP);
      if (SCRIPT_TYPE.test(type)) reply.header('content-type', 'text/plain; charset=utf-8');
    } else if (DOCUMENT_TYPE.test(type)) {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', STATIC_PAGE_CSP);
      if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });

  // --- the environment, re-read whenever its file changes --------------------------------------
  let cached = null;
  async function loadEnvironment() {
    const file = environmentFile(environmentsDir, environmentName);
    const info = await stat(file);
    const key = `${info.mtimeMs}:${info.size}`;
    if (cached?.key !== key) cached = { key, environment: parseEnvironment(JSON.parse(await readFile(file, 'utf8')), file) };
    return cached.environment;
  }

  // Descriptors of released versions never change: keep them once read.
  const descriptors = new Map();
  async function descriptorOf(pkg, release) {
    const id = `${pkg}@${release}`;
    if (!descriptors.has(id)) {
      const descriptor = await store.readDescriptor(pkg, release).catch(() => null);
      if (!descriptor) return null;
      descriptors.set(id, descriptor);
    }
    return descriptors.get(id);
  }

  function workspaceDir(pkg) {
    if (pkg === 'host-shell' && options.hostDir) return options.hostDir;
    return path.join(workspaceRoot, pkg, 'dist');
  }

  /** Opens a file of a pinned package version: the workspace build or the release store. */
  async function openPackageFile(pkg, version, relative) {
    const safe = safeRelative(relative);
    if (!safe || safe === 'release.json') return null;
    if (version === WORKSPACE_VERSION) {
      if (!workspaceBuilds || !WORKSPACE_PACKAGES.has(pkg)) return null;
      return openFileIn(workspaceDir(pkg), safe);
    }
    return store.openFile(pkg, version, safe);
  }

  async function readPackageFile(pkg, version, relative) {
    const opened = await openPackageFile(pkg, version, relative);
    if (!opened) return null;
    const chunks = [];
    for await (const chunk of opened.stream) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  function sendFile(reply, opened, relative, cacheControl) {
    // No Content-Length: @fastify/compress only compresses streams of unknown length.
    reply.header('Cache-Control', cacheControl).type(contentTypeOf(relative));
    return reply.send(opened.stream);
  }

  /**
   * Sends a file of a package, as the build's Brotli copy (`<file>.br`, best quality, written by
   * the build) when the browser accepts br and the copy exists; otherwise the file itself, which
   * @fastify/compress compresses on the way out.
   */
  async function sendPackageFile(request, reply, pkg, version, relative, opened, cacheControl) {
    reply.header('Vary', 'Accept-Encoding');
    if (acceptsBrotli(request.headers['accept-encoding']) && !relative.endsWith('.br')) {
      const compressed = await openPackageFile(pkg, version, `${relative}.br`).catch(() => null);
      if (compressed) {
        opened.stream.destroy?.();
        reply.header('Content-Encoding', 'br');
        return sendFile(reply, compressed, relative, cacheControl);
      }
    }
    return sendFile(reply, opened, relative, cacheControl);
  }

  // --- the API: proxied as is (streaming both ways) --------------------------------------------
  await app.register(fastifyHttpProxy, {
    upstream: apiUpstream,
    prefix: '/api',
    rewritePrefix: '/api',
    http: { requestOptions: { timeout: 0 } },
    preHandler: detachUpload,
    // Tell the api-server who the client is (per-address login rate limit) and which address the
    // browser used (absolute links). The gateway ends the chain of trust: behind a trusted reverse
    // proxy, request.ip/protocol/host already come from its X-Forwarded-* headers; otherwise a
    // client's own X-Forwarded-* headers are dropped.
    replyOptions: {
      onResponse: forwardAnswer,
      onError: onProxyError,
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': request.host ?? headers.host ?? '',
      }),
    },
  });

  // --- environment manifest and runtime configuration ------------------------------------------
  /** The browser's view of the environment (/env.json, and written into the host page). */
  async function browserEnvironment(environment) {
    const integrity = {};
    for (const [container, pin] of Object.entries(environment.remotes)) {
      if (pin.version === WORKSPACE_VERSION) continue;
      const descriptor = await descriptorOf(pin.package, pin.version);
      const entryName = descriptor?.remoteEntry;
      if (!descriptor || !entryName || !descriptor.files[entryName] || !descriptor.files['mf-manifest.json']) continue;
      integrity[container] = { manifest: descriptor.files['mf-manifest.json'], entry: descriptor.files[entryName], entryName };
    }
    return toBrowserManifest(environment, overrides, integrity);
  }

  // window.appConfig. An empty backend URL leaves the placeholder in place, so the client falls back
  // to the saved switcher address (not in container builds) or the page's own origin.
  function runtimeAppConfig(environment) {
    return { backendUrl: options.backendUrl || environment.backendUrl || '__BACKEND_URL__', environment: environment.name };
  }

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
    const opened = PAGE_FILE.test(relative) ? null : await openPackageFile(pkg, version, relative).catch(() => null);
    reply.header('Access-Control-Allow-Origin', '*');
    if (!opened) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendPackageFile(
      request,
      reply,
      pkg,
      version,
      relative,
      opened,
      version !== WORKSPACE_VERSION || HASHED_ASSET.test(relative) ? IMMUTABLE : NO_CACHE,
    );
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
  // Files of a released version never change: read them once (index.html, the host's boot assets,
  // route map and manifest, the remotes' manifests). Workspace builds are read on every page.
  const releasedJson = new Map();
  async function packageJson(pkg, version, relative) {
    const id = `${pkg}@${version}/${relative}`;
    if (version !== WORKSPACE_VERSION && releasedJson.has(id)) return releasedJson.get(id);
    const buffer = await readPackageFile(pkg, version, relative).catch(() => null);
    let parsed = null;
    try {
      parsed = buffer ? JSON.parse(buffer.toString('utf8')) : null;
    } catch {
      parsed = null;
    }
    if (version !== WORKSPACE_VERSION) releasedJson.set(id, parsed);
    return parsed;
  }

  const indexCache = new Map();
  async function hostIndexHtml(pin) {
    let html = pin.version === WORKSPACE_VERSION ? undefined : indexCache.get(pin.version);
    if (html === undefined) {
      const buffer = await readPackageFile(pin.package, pin.version, 'index.html');
      if (!buffer) return null;
      html = buffer.toString('utf8');
      if (pin.version !== WORKSPACE_VERSION) indexCache.set(pin.version, html);
    }
    return html;
  }

  /** The preload hints of a page address: the host's start-up chunks and the address's remote. */
  async function pagePreloads(environment, pin, manifest, pathname) {
    const [bootAssets, hostManifest, routeMap] = await Promise.all([
      packageJson(pin.package, pin.version, 'boot-assets.json'),
      packageJson(pin.package, pin.version, 'mf-manifest.json'),
      packageJson(pin.package, pin.version, 'route-map.json'),
    ]);
    const preloads = hostPreloads(bootAssets, hostManifest);
    const container = remoteOfPath(routeMap, pathname);
    const remote = manifest.remotes.find((entry) => entry.name === container);
    const remotePin = container ? environment.remotes[container] : undefined;
    if (remote && remotePin) {
      const [remoteManifest, pageChunks] = await Promise.all([
        packageJson(remotePin.package, remotePin.version, 'mf-manifest.json'),
        packageJson(remotePin.package, remotePin.version, 'page-chunks.json'),
      ]);
      preloads.push(...remotePreloads(remote, remoteManifest, hostManifest), ...pageChunkPreloads(remote, pageChunks, pathname));
    }
    return preloads;
  }

  async function hostPage(pathname) {
    const environment = await loadEnvironment();
    const pin = hostPinOf(environment);
    const html = await hostIndexHtml(pin);
    if (html === null) return null;
    const manifest = await browserEnvironment(environment);
    const page = renderBootPage(html, {
      appConfig: runtimeAppConfig(environment),
      environment: manifest,
      preloads: await pagePreloads(environment, pin, manifest, pathname),
    });
    const entries = Object.entries(environment.remotes).map(([container, remote]) => remoteEntryOf(container, remote, overrides));
    const csp = contentSecurityPolicy({ remoteOrigins: originsOf(entries), scriptHashes: inlineScriptHashes(page) });
    return { html: page, csp };
  }

  async function sendIndex(request, reply) {
    const pathname = request.url.split('?')[0] ?? '/';
    // /index.html is the home page under another name (the host's router sends it to /).
    const index = await hostPage(pathname === '/index.html' ? '/' : pathname);
    if (!index) return reply.code(503).type('text/plain; charset=utf-8').send('The pinned host shell is not available.');
    return reply
      .header('Cache-Control', NO_CACHE)
      .header('Content-Security-Policy', index.csp)
      .header('X-Frame-Options', 'DENY')
      .type('text/html; charset=utf-8')
      .send(index.html);
  }

  app.get('/healthz', async () => ({ status: 'ok', environment: environmentName, releaseStore: store.describe() }));
  app.get('/', (request, reply) => sendIndex(request, reply));

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
      const opened = await openPackageFile(pin.package, pin.version, relative).catch(() => null);
      if (opened) {
        const cache = HASHED_ASSET.test(relative) ? IMMUTABLE : NO_CACHE;
        return sendPackageFile(request, reply, pin.package, pin.version, relative, opened, cache);
      }
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  app.decorate('cspReports', cspReports);
  return app;
}

/** Whether an Accept-Encoding header accepts Brotli (`br`, not refused with q=0). */
export function acceptsBrotli(header) {
  const codings = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (coding) codings.set(coding.trim(), q ? Number(q.slice(2)) : 1);
  }
  const q = codings.get('br') ?? codings.get('*');
  return q !== undefined && q > 0;
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
    releaseStore: process.env.RELEASE_STORE,
    workspaceBuilds: truthy(process.env.WORKSPACE_BUILDS, true),
    apiUpstream: process.env.API_UPSTREAM ?? `http://127.0.0.1:${apiPort}`,
    backendUrl: process.env.BACKEND_URL,
    remoteOverrides: parseOverrides(process.env.REMOTE_OVERRIDES),
    logger: process.env.GATEWAY_LOG === '1',
    trustProxy: parseTrustProxy(process.env.GATEWAY_TRUST_PROXY),
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
