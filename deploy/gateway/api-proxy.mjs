// /api through the gateway: proxied as is to the api-server, streaming both ways. An answer the
// api-server gives before it has read the whole request body (a 413, a refused upload) reaches the
// client as it is, instead of a reset connection. /dav goes the same way (dav-proxy.mjs).
// Several api-server replicas (API_UPSTREAM=a,b,…) get the requests round robin; a GET or HEAD whose
// replica refuses the connection goes to the next one.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable, Stream, finished } from 'node:stream';
import fastifyHttpProxy from '@fastify/http-proxy';

/** The request body on its way to the api-server (see `detachUpload`). */
const UPLOAD = Symbol('cloudclip.upload');
/** Set once the api-server has answered a proxied request. */
const ANSWERED = Symbol('cloudclip.answered');
/** Set on a connection to the api-server once a write to it failed (see `UpstreamSocket`). */
const WRITE_FAILED = Symbol('cloudclip.writeFailed');

/**
 * How long the connection to the api-server may stay silent (no byte either way) before the gateway
 * gives up with 504: one hour, like the reverse proxies in deploy/proxy. A big upload the api-server
 * stores first and then sends on to S3, or a server-side copy of a large object, answers only at
 * the end. (reply-from turns a timeout of 0 into its default of 10 seconds, so it is spelt out.)
 */
export const UPSTREAM_IDLE_TIMEOUT_MS = 60 * 60 * 1000;

/** Write errors that mean the api-server has closed or reset the connection. */
const PEER_GONE = new Set(['EPIPE', 'ECONNRESET']);

/**
 * A connection to the api-server that reads on after a write to it failed.
 *
 * An api-server that refuses an upload before reading it (413, 507, a presigned PUT over its size)
 * answers and closes the connection with the rest of the body unread, which resets it. A write of
 * the gateway that meets the reset fails (EPIPE, ECONNRESET), and a plain socket is then destroyed
 * at once, its answer unread although the kernel still holds it (a reset does not empty what was
 * received): the client got 500 "write EPIPE" in place of the refusal. Here such a failure only
 * ends the sending (what is still written is dropped) and the socket reads on: the answer comes
 * through as usual, or the end of the connection does, which fails the request as before.
 */
export class UpstreamSocket extends net.Socket {
  _write(chunk, encoding, callback) {
    if (this[WRITE_FAILED]) return callback();
    super._write(chunk, encoding, this.#afterWrite(callback));
  }

  _writev(chunks, callback) {
    if (this[WRITE_FAILED]) return callback();
    super._writev(chunks, this.#afterWrite(callback));
  }

  #afterWrite(callback) {
    return (error) => {
      if (error && PEER_GONE.has(error.code)) {
        this[WRITE_FAILED] = error;
        callback();
      } else {
        callback(error);
      }
    };
  }
}

/** The keep-alive pool of connections to the api-server (http): `UpstreamSocket`s, reply-from's pool settings. */
class UpstreamAgent extends http.Agent {
  createConnection(options, callback) {
    const socket = new UpstreamSocket(options);
    if (options.timeout) socket.setTimeout(options.timeout);
    return socket.connect(options, callback);
  }
}

/** reply-from's own pool settings (it uses them for the agents it makes itself). */
const AGENT_OPTIONS = Object.freeze({ keepAlive: true, keepAliveMsecs: 60 * 1000, maxSockets: 2048, maxFreeSockets: 2048 });

/**
 * The api-server origins of API_UPSTREAM: one, or several separated by commas (replicas behind one
 * gateway). Blank entries are dropped; anything that is not an http(s) origin is an error.
 * @param {string | string[]} value
 * @returns {string[]}
 */
export function parseUpstreams(value) {
  const entries = (Array.isArray(value) ? value : String(value ?? '').split(',')).map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) throw new Error('API_UPSTREAM names no api-server');
  for (const entry of entries) {
    let url;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`API_UPSTREAM: "${entry}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`API_UPSTREAM: "${entry}" is not http(s)`);
  }
  return entries;
}

/**
 * Round robin over `origins`: `next()` is the origin for a new request, `after(origin)` the one
 * following a given origin (where a refused request goes next).
 * @param {string[]} origins
 */
export function createRotation(origins) {
  let turn = 0;
  return {
    next() {
      const origin = origins[turn % origins.length];
      turn = (turn + 1) % origins.length;
      return origin;
    },
    after(origin) {
      const index = origins.findIndex((candidate) => new URL(candidate).origin === new URL(origin).origin);
      return origins[(index + 1) % origins.length];
    },
  };
}

/** The methods sent to another replica when the chosen one refuses the connection: they carry no body. */
export const FAILOVER_METHODS = Object.freeze(['GET', 'HEAD']);

/** Whether a request to the api-server carries a body (a length above 0, or chunked). */
function hasBody(headers) {
  const length = Number(headers['content-length'] ?? 0);
  return length > 0 || Number.isNaN(length) || headers['transfer-encoding'] !== undefined;
}

/**
 * reply-from's retryDelay: with several replicas, a GET or HEAD without a body whose replica refused
 * the connection (nothing was sent) is sent to the next replica, each replica tried once. A 503
 * without Retry-After is the api-server's final answer (a storage that cannot be reached, given
 * after its own timeouts): passed on at once, never asked again (reply-from would ask up to 10
 * times, so a timed-out listing kept the browser waiting for minutes). Anything else keeps
 * reply-from's own rule (a GET answered 503 with Retry-After, a busy server or database, is asked again).
 * @param {ReturnType<typeof createRotation>} rotation
 * @param {number} count how many replicas there are
 */
function retryDelayOf(rotation, count) {
  return ({ err, req, res, attempt, getDefaultDelay }) => {
    if (err?.code === 'ECONNREFUSED' && attempt < count - 1 && FAILOVER_METHODS.includes(req.method) && !hasBody(req.headers)) {
      const next = new URL(rotation.after(req.url.origin));
      req.url = new URL(`${req.url.pathname}${req.url.search}`, next);
      req.headers = { ...req.headers, host: req.url.host };
      return 1;
    }
    if (res?.statusCode === 503 && res.headers['retry-after'] === undefined) return null;
    return getDefaultDelay(req, res, err, attempt);
  };
}

/** Whether `url` is `prefix` itself or below it (`/api`, `/api/…`, `/api?…`). */
export function isUnderPrefix(url, prefix) {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

/** Whether a request goes to the api-server's JSON API. */
export function isApiRequest(request) {
  return isUnderPrefix(request.url, '/api');
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
 * Whether the connection a request with a body went on may carry another request after `statusCode`:
 * only when the whole body had been sent before the answer began, and the answer is no refusal.
 * An answer that comes while the body is still being sent, or a refusal (≥ 400), may leave part of
 * the body unread on the connection. The api-server must then read the rest or close the
 * connection; if it does neither, the next request sent on it, anyone's, waits behind that body
 * for ever (issue 41: a key's refused PROPFIND left the admin's GET without an answer). A new
 * connection to the api-server costs far less than trusting that.
 */
function mayReuseConnection(upstreamRequest, statusCode) {
  return upstreamRequest.writableFinished && !upstreamRequest.socket?.[WRITE_FAILED] && statusCode < 400;
}

/**
 * How long the gateway reads on (and drops) what a client still sends after its request has been
 * answered and its connection half-closed (`closeGently`): time for a client that sends its whole
 * body before it reads the answer to finish sending a few megabytes, as nginx's lingering_time.
 */
export const LINGER_MS = 30_000;

/**
 * Closes the client's connection after an answer given before its request body had arrived.
 *
 * Node closes a connection outright once the answer is written when the reply says `Connection:
 * close` (reply-from's does then, and so does the api-server's) or the client asked for that. With
 * the client's data still coming in, that resets the connection, and a client still sending loses
 * the answer it has not read yet: the same reset as on the api-server's side, one hop nearer the
 * client. So Node is told to keep the connection (the answer goes out without that header), and
 * the gateway half-closes it once the answer is written (the client reads the answer, then the
 * end) and reads on until the client closes its side too, or `LINGER_MS` has passed
 * (RFC 9112 §9.6).
 */
function closeGently(request, reply) {
  reply.removeHeader('connection');
  reply.removeHeader('keep-alive');
  reply.raw.shouldKeepAlive = true;
  const socket = request.raw.socket;
  finished(reply.raw, () => {
    if (socket.destroyed) return;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * The api-server's answer goes to the client as it is. When it comes before the whole request body
 * was sent, the rest is not sent on, and the gateway closes the client's connection after the
 * answer (`closeGently`), as the api-server did. The connection to the api-server of a request with
 * a body goes back to the pool only when `mayReuseConnection` says so; else it is closed once the
 * answer has been read.
 */
function forwardAnswer(request, reply, res) {
  request[ANSWERED] = true;
  if (request.raw.complete === false) closeGently(request, reply);
  const upload = request[UPLOAD];
  const upstreamRequest = res.stream.req;
  if (upload && upstreamRequest && !mayReuseConnection(upstreamRequest, res.statusCode)) {
    // Node's client pools the connection at the end of the answer or of the request, whichever
    // comes last, unless it is not to be kept alive.
    upstreamRequest.shouldKeepAlive = false;
    finished(res.stream, () => upstreamRequest.destroy());
  }
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

/** The X-Forwarded-* headers the gateway sends the api-server (see `registerUpstreamProxy`; also share-prerender.mjs). */
export function forwardedHeaders(request, headers) {
  return {
    ...headers,
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host ?? headers.host ?? '',
  };
}

/**
 * Proxies everything under `prefix` to the same path of the api-server, streaming both ways: the
 * one way the gateway talks to the api-server, shared by /api and /dav so both behave the same.
 * With several origins each request goes to the next one round robin (`createRotation`), and a GET
 * or HEAD refused by its replica goes to the following one (`failoverDelay`); a request with a body
 * is never sent twice.
 * @param {import('fastify').FastifyInstance} app
 * @param {string | string[]} apiUpstream the api-server's origin, or several (comma-separated)
 * @param {object} options
 * @param {string} options.prefix `/api` or `/dav`
 * @param {string[]} [options.httpMethods] the methods proxied (default: @fastify/http-proxy's list)
 * @param {(request: import('fastify').FastifyRequest, headers: Record<string, string>) => Record<string, string>} [options.rewriteRequestHeaders]
 *   a last change to the headers sent on, after the X-Forwarded-* ones are set
 * @param {Record<string, unknown>} [options.config] the routes' config
 */
export async function registerUpstreamProxy(app, apiUpstream, { prefix, httpMethods, rewriteRequestHeaders, config }) {
  const upstreams = parseUpstreams(apiUpstream);
  const rotation = createRotation(upstreams);
  const replicas = {
    ...(upstreams.length > 1 ? { getUpstream: () => rotation.next() } : {}),
    retryDelay: retryDelayOf(rotation, upstreams.length),
  };
  const agents = { 'http:': new UpstreamAgent(AGENT_OPTIONS), 'https:': new https.Agent(AGENT_OPTIONS) };
  app.addHook('onClose', async () => {
    agents['http:'].destroy();
    agents['https:'].destroy();
  });
  await app.register(fastifyHttpProxy, {
    upstream: upstreams.length > 1 ? upstreams[0] : apiUpstream,
    prefix,
    rewritePrefix: prefix,
    ...(httpMethods ? { httpMethods } : {}),
    ...(config ? { config } : {}),
    http: { agents, requestOptions: { timeout: UPSTREAM_IDLE_TIMEOUT_MS } },
    preHandler: detachUpload,
    // Tell the api-server who the client is (per-address login rate limit) and which address the
    // browser used (absolute links). The gateway ends the chain of trust: behind a trusted reverse
    // proxy, request.ip/protocol/host already come from its X-Forwarded-* headers; otherwise a
    // client's own X-Forwarded-* headers are dropped.
    replyOptions: {
      ...replicas,
      onResponse: forwardAnswer,
      onError: onProxyError,
      rewriteRequestHeaders: (request, headers) => {
        const forwarded = forwardedHeaders(request, headers);
        return rewriteRequestHeaders ? rewriteRequestHeaders(request, forwarded) : forwarded;
      },
    },
  });
}

/**
 * Proxies /api to the api-server (or round robin to its replicas).
 * @param {import('fastify').FastifyInstance} app
 * @param {string | string[]} apiUpstream the api-server's origin, or several (comma-separated)
 */
export async function registerApiProxy(app, apiUpstream) {
  await registerUpstreamProxy(app, apiUpstream, { prefix: '/api' });
}
