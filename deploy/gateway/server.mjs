// The static gateway: serves the host shell (SPA fallback), every released remote under its
// versioned path, the environment manifest and runtime config, and proxies /api to the api-server.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyHttpProxy from '@fastify/http-proxy';
import { parseOverrides, readEnvironment, toBrowserManifest } from './environment.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css)$/;

/**
 * @param {object} [options]
 * @param {string} [options.environment] environment name (deploy/environments/<name>.json)
 * @param {string} [options.environmentsDir]
 * @param {string} [options.hostDir] the host shell's build output
 * @param {string} [options.releasesDir] folder of released remotes: <package>/<version>/
 * @param {string} [options.apiUpstream] the api-server's origin
 * @param {string} [options.backendUrl] injected as window.appConfig.backendUrl (empty: the page's origin)
 * @param {Record<string,string>} [options.remoteOverrides]
 * @param {boolean} [options.logger]
 */
export async function buildGateway(options = {}) {
  const environment = options.environment ?? 'local';
  const environmentsDir = options.environmentsDir ?? path.join(repoRoot, 'deploy/environments');
  const hostDir = options.hostDir ?? path.join(repoRoot, 'host-shell/dist');
  const releasesDir = options.releasesDir ?? path.join(repoRoot, 'deploy/releases');
  const apiUpstream = options.apiUpstream ?? 'http://127.0.0.1:8787';
  const overrides = options.remoteOverrides ?? {};

  const app = Fastify({ logger: options.logger ?? false });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  // The API: proxied as is (streaming both ways).
  await app.register(fastifyHttpProxy, {
    upstream: apiUpstream,
    prefix: '/api',
    rewritePrefix: '/api',
    http: { requestOptions: { timeout: 0 } },
    // Tell the api-server who the client is (per-address login rate limit, absolute links).
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        'x-forwarded-for': headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${request.ip}` : request.ip,
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': request.headers.host ?? '',
      }),
    },
  });

  // Environment manifest: always revalidated so a new pin takes effect at the next page load.
  app.get('/env.json', async (_request, reply) => {
    const env = await readEnvironment(environmentsDir, environment);
    reply.header('Cache-Control', NO_CACHE).header('Access-Control-Allow-Origin', '*');
    return toBrowserManifest(env, overrides);
  });

  // Runtime configuration (window.appConfig). An empty backend URL leaves the placeholder in place,
  // so the client falls back to the saved switcher address or the page's own origin.
  app.get('/config.js', async (_request, reply) => {
    const env = await readEnvironment(environmentsDir, environment);
    const backendUrl = options.backendUrl || env.backendUrl || '__BACKEND_URL__';
    reply.header('Cache-Control', NO_CACHE).type('application/javascript; charset=utf-8');
    return `window.appConfig = ${JSON.stringify({ backendUrl, environment: env.name })};\n`;
  });

  // Released remotes: /remotes/<package>/<version>/… — immutable, readable from any origin.
  await app.register(fastifyStatic, {
    root: releasesDir,
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    // @fastify/static 10 calls setHeaders(reply, path, stat).
    setHeaders(reply) {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Cache-Control', IMMUTABLE);
    },
  });

  // The host shell. Only content-hashed chunks are immutable; entry files revalidate.
  await app.register(fastifyStatic, {
    root: hostDir,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('Cache-Control', HASHED_ASSET.test(filePath) ? IMMUTABLE : NO_CACHE);
    },
  });

  const sendIndex = (reply) => reply.header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8').sendFile('index.html', hostDir);

  app.get('/', (_request, reply) => sendIndex(reply));

  // SPA fallback: any other page address gets index.html; missing assets stay 404.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const looksLikePage = request.method === 'GET' && !url.startsWith('/remotes/') && !url.startsWith('/api/') && !path.extname(url);
    if (looksLikePage) return sendIndex(reply);
    reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  app.get('/healthz', async () => ({ status: 'ok', environment }));
  return app;
}

async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const apiPort = Number(process.env.API_PORT ?? 8787);
  const hostDir = process.env.HOST_DIR ?? path.join(repoRoot, 'host-shell/dist');
  if (!existsSync(path.join(hostDir, 'index.html'))) {
    console.error(`The host shell is not built (${hostDir}/index.html missing). Run: pnpm build`);
    process.exit(1);
  }
  const app = await buildGateway({
    environment: process.env.ENVIRONMENT ?? 'local',
    environmentsDir: process.env.ENVIRONMENTS_DIR,
    hostDir,
    releasesDir: process.env.RELEASES_DIR,
    apiUpstream: process.env.API_UPSTREAM ?? `http://127.0.0.1:${apiPort}`,
    backendUrl: process.env.BACKEND_URL,
    remoteOverrides: parseOverrides(process.env.REMOTE_OVERRIDES),
    logger: process.env.GATEWAY_LOG === '1',
  });
  await app.listen({ port, host });
  console.log(`Cloudclip gateway listening on http://${host}:${port}`);
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
