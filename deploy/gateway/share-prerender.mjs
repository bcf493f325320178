// A share page's first API answer, asked for by the gateway itself and written into the boot page,
// and the page's content rendered on the server from it.
//
// `/paste/{slug}` and `/file/{slug}` cannot show anything before their first API answer. The gateway
// sends that request upstream while it renders the boot page (exactly the request the page would
// send: same address, Accept, Accept-Language, X-Forwarded-*, no credentials), so one request is
// sent and one view counted, and writes the answer into the page (`#cc-early-answers`), where the
// early-requests script hands it to the kernel (early-requests.mjs). An answer that is late (over
// `timeoutMs`) is not asked for again by the browser: the page fetches it from `/_early/<id>`,
// which answers once the api-server has. Only a request that never reached the api-server (refused)
// is left to the browser, as before.
//
// When the pinned remote's build has a server renderer (`server/share-render.cjs`, mfe-public's
// src/server-render), the answer is also rendered into the page's first screen, so a plain public
// paste can be read from the first response (share-renderer.mjs).
import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import { createRotation, forwardedHeaders, parseUpstreams } from './api-proxy.mjs';
import { API_SANDBOX_CSP, DOCUMENT_TYPE, SCRIPT_TYPE } from './security-headers.mjs';
import { NOT_JSON, RENDER_WAIT_MS, createShareRenderer, parsedJson } from './share-renderer.mjs';

/** How long the boot page waits for the api-server's answer before handing it off to `/_early/<id>`. */
export const EARLY_ANSWER_TIMEOUT_MS = 3000;
/** How long a handed-off answer is kept for its page (and the longest the api-server is waited for). */
export const HANDOFF_HOLD_MS = 30_000;
/** How many handed-off answers are kept at once; the oldest gives way. */
export const HANDOFF_MAX = 500;
/** The route a page fetches a handed-off answer from. */
export const HANDOFF_PREFIX = '/_early/';
/** Set on a `/_early/<id>` reply that carries no answer: the page's script makes it a network failure. */
export const HANDOFF_MISSING_HEADER = 'x-cloudclip-early';
/** The largest answer written into a page; a bigger one is handed off. */
export const EMBED_LIMIT_BYTES = 4 * 1024 * 1024;
/** The largest answer the gateway keeps at all (the api-server's pastes are far smaller). */
const ANSWER_LIMIT_BYTES = 32 * 1024 * 1024;
/** The Accept header the kernel's API client sends (shared-kernel/src/api/http-client.ts). */
const ACCEPT = 'application/json, text/plain, */*';

/** The language the page's answer is asked in: zh-CN when the navigation's first language is Chinese. */
export function answerLanguageOf(acceptLanguage) {
  const first = String(acceptLanguage ?? '')
    .split(',')[0]
    .trim()
    .toLowerCase();
  return first.startsWith('zh') ? 'zh-CN' : 'en-US';
}

/**
 * Whether a page request is a browser's navigation to show the page now: a GET for a document
 * (`Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`), not a prefetch. Only then is the page's
 * first API request sent by the gateway, since it counts a view: a link-preview bot or an HTTP
 * client (no Sec-Fetch headers) gets the page as before, which asks nothing until its script runs,
 * and so does a speculative prefetch (`Sec-Purpose`/`Purpose: prefetch`) or a HEAD.
 * @param {import('fastify').FastifyRequest} request
 */
export function isBrowserNavigation(request) {
  const headers = request.headers;
  if (request.method !== 'GET') return false;
  if (headers['sec-fetch-mode'] !== 'navigate' || headers['sec-fetch-dest'] !== 'document') return false;
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''} ${headers['x-moz'] ?? ''}`;
  return !/prefetch|prerender/i.test(purpose);
}

/** What a share page shows, from its first API path: a paste or a file share; null for anything else. */
export function shareKindOf(apiPath) {
  if (/^\/paste\/[^/?]+/.test(apiPath)) return 'paste';
  if (/^\/public\/files\/[^/?]+/.test(apiPath)) return 'file';
  return null;
}

/**
 * @typedef {{ status: number, contentType: string, body: Buffer }} UpstreamAnswer
 * @typedef {{ url: string, status: number, contentType: string, language: string, json?: unknown, body?: string }} EmbeddedAnswer
 *   a JSON answer as its value (`json`, written into the page as the bytes that came), any other as its text (`body`)
 *   `url`: the API address as the page asks for it (`/api/…`)
 * @typedef {{ url: string, id: string }} Handoff an answer the page fetches from `/_early/<id>`
 */

/**
 * @param {object} options
 * @param {string | string[]} options.apiUpstream the api-server's origin(s), as API_UPSTREAM
 * @param {{ read: (pkg: string, version: string, relative: string) => Promise<Buffer | null> }} options.reader
 * @param {number} [options.timeoutMs]
 * @param {number} [options.holdMs]
 * @param {number} [options.maxHandoffs]
 * @param {number} [options.renderWaitMs]
 * @param {ReturnType<typeof import('./share-render-pool.mjs').createRenderPool>} [options.pool] where renderers run (default: worker threads)
 * @param {(message: string) => void} [options.warn]
 */
export function createSharePrerender({
  apiUpstream,
  reader,
  timeoutMs = EARLY_ANSWER_TIMEOUT_MS,
  holdMs = HANDOFF_HOLD_MS,
  maxHandoffs = HANDOFF_MAX,
  renderWaitMs = RENDER_WAIT_MS,
  pool = undefined,
  warn = (message) => console.warn(`[gateway] ${message}`),
}) {
  const upstreams = parseUpstreams(apiUpstream);
  const rotation = createRotation(upstreams);
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  /** @type {Map<string, { answer: Promise<UpstreamAnswer>, timer: NodeJS.Timeout }>} */
  const handoffs = new Map();
  const warned = new Set();
  const warnOnce = (key, message) => {
    if (warned.has(key)) return;
    warned.add(key);
    warn(message);
  };
  const renderer = createShareRenderer({ reader, renderWaitMs, pool, warnOnce });

  /** One request to one replica; rejects on a network failure, with `refused` when nothing was sent. */
  function requestFrom(origin, apiPath, headers) {
    const url = new URL(`/api${apiPath}`, origin);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const outgoing = client.request(
        url,
        { method: 'GET', headers: { ...headers, host: url.host }, agent: agents[url.protocol] },
        (res) => {
          const chunks = [];
          let size = 0;
          res.on('data', (chunk) => {
            size += chunk.length;
            if (size > ANSWER_LIMIT_BYTES) res.destroy(new Error('the answer is too large to keep'));
            else chunks.push(chunk);
          });
          res.once('error', reject);
          res.once('end', () =>
            resolve({ status: res.statusCode ?? 502, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }),
          );
        },
      );
      outgoing.setTimeout(holdMs, () => outgoing.destroy(new Error('the api-server did not answer in time')));
      outgoing.once('error', (error) => reject(Object.assign(error, { refused: error?.code === 'ECONNREFUSED' })));
      outgoing.end();
    });
  }

  /** The request upstream, round robin; a replica that refuses the connection passes it to the next one (each once). */
  async function ask(request, apiPath, language) {
    const headers = forwardedHeaders(request, { accept: ACCEPT, 'accept-language': language });
    let origin = rotation.next();
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await requestFrom(origin, apiPath, headers);
      } catch (error) {
        if (!error?.refused || attempt >= upstreams.length) throw error;
        origin = rotation.after(origin);
      }
    }
  }

  function hold(answer) {
    if (handoffs.size >= maxHandoffs) {
      const [oldest, entry] = handoffs.entries().next().value;
      clearTimeout(entry.timer);
      handoffs.delete(oldest);
    }
    const id = randomBytes(18).toString('base64url');
    const timer = setTimeout(() => handoffs.delete(id), holdMs);
    timer.unref();
    handoffs.set(id, { answer, timer });
    return id;
  }

  /**
   * Sends the page's first API requests (`paths`, relative to /api) upstream and waits at most
   * `timeoutMs` for them. Each one ends up embedded (answered in time), handed off (late: the page
   * fetches it from `/_early/<id>`), or left to the browser (the api-server could not be reached).
   * @param {import('fastify').FastifyRequest} request the navigation
   * @param {string[]} paths
   * @returns {Promise<{ language: string, embedded: Array<EmbeddedAnswer & { upstream: UpstreamAnswer }>, handoffs: Handoff[], browser: string[] }>}
   */
  async function answer(request, paths) {
    const language = answerLanguageOf(request.headers['accept-language']);
    const result = { language, embedded: [], handoffs: [], browser: [] };
    await Promise.all(
      paths.map(async (apiPath) => {
        const url = `/api${apiPath}`;
        const pending = ask(request, apiPath, language);
        pending.catch(() => {});
        let timer;
        const late = new Promise((resolve) => {
          timer = setTimeout(() => resolve(null), timeoutMs);
        });
        let upstream;
        try {
          upstream = await Promise.race([pending, late]);
        } catch {
          // Not answered (refused, reset): the browser asks, as it did before.
          result.browser.push(apiPath);
          return;
        } finally {
          clearTimeout(timer);
        }
        if (upstream && upstream.body.length <= EMBED_LIMIT_BYTES && upstream.status >= 200 && upstream.status <= 599) {
          const body = upstream.body.toString('utf8');
          const embedded = { url, status: upstream.status, contentType: upstream.contentType, language, upstream };
          const json = /json/i.test(upstream.contentType) ? parsedJson(body) : NOT_JSON;
          result.embedded.push(json === NOT_JSON ? { ...embedded, body } : { ...embedded, json });
        } else {
          result.handoffs.push({ url, id: hold(pending) });
        }
      }),
    );
    return result;
  }

  /** GET /_early/:id — the handed-off answer, once; 404 (marked) when unknown, expired or failed. */
  async function sendHandoff(request, reply) {
    const { id } = /** @type {{ id: string }} */ (request.params);
    const entry = handoffs.get(id);
    reply.header('Cache-Control', 'no-store');
    const missing = () => reply.code(404).header(HANDOFF_MISSING_HEADER, 'missing').type('text/plain; charset=utf-8').send('Not found');
    if (!entry) return missing();
    handoffs.delete(id);
    clearTimeout(entry.timer);
    let upstream;
    try {
      upstream = await entry.answer;
    } catch {
      return missing();
    }
    // Sent as /api sends it (server.mjs): a document sandboxed, a script type as text.
    let type = upstream.contentType || 'application/octet-stream';
    if (DOCUMENT_TYPE.test(type)) reply.header('Content-Security-Policy', API_SANDBOX_CSP);
    if (SCRIPT_TYPE.test(type)) type = 'text/plain; charset=utf-8';
    return reply.code(upstream.status).header('Content-Type', type).send(upstream.body);
  }

  function close() {
    renderer.close();
    for (const entry of handoffs.values()) clearTimeout(entry.timer);
    handoffs.clear();
    agents['http:'].destroy();
    agents['https:'].destroy();
  }

  return {
    answer,
    render: renderer.render,
    prepare: renderer.prepare,
    sendHandoff,
    close,
    handoffCount: () => handoffs.size,
    cacheSize: renderer.cacheSize,
  };
}
