// /api through the gateway: proxied as is to the api-server, streaming both ways. An answer the
// api-server gives before it has read the whole request body (a 413, a refused upload) reaches the
// client as it is, instead of a reset connection. /dav goes the same way (dav-proxy.mjs).
import { Readable, Stream, finished } from 'node:stream';
import fastifyHttpProxy from '@fastify/http-proxy';

/** The request body on its way to the api-server (see `detachUpload`). */
const UPLOAD = Symbol('cloudclip.upload');
/** Set once the api-server has answered a proxied request. */
const ANSWERED = Symbol('cloudclip.answered');

/**
 * How long the connection to the api-server may stay silent (no byte either way) before the gateway
 * gives up with 504: one hour, like the reverse proxies in deploy/proxy. A big upload the api-server
 * stores first and then sends on to S3, or a server-side copy of a large object, answers only at
 * the end. (reply-from turns a timeout of 0 into its default of 10 seconds, so it is spelt out.)
 */
export const UPSTREAM_IDLE_TIMEOUT_MS = 60 * 60 * 1000;

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

/** The X-Forwarded-* headers the gateway sends the api-server (see `registerUpstreamProxy`). */
function forwardedHeaders(request, headers) {
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
 * @param {import('fastify').FastifyInstance} app
 * @param {string} apiUpstream the api-server's origin
 * @param {object} options
 * @param {string} options.prefix `/api` or `/dav`
 * @param {string[]} [options.httpMethods] the methods proxied (default: @fastify/http-proxy's list)
 * @param {(request: import('fastify').FastifyRequest, headers: Record<string, string>) => Record<string, string>} [options.rewriteRequestHeaders]
 *   a last change to the headers sent on, after the X-Forwarded-* ones are set
 * @param {Record<string, unknown>} [options.config] the routes' config
 */
export async function registerUpstreamProxy(app, apiUpstream, { prefix, httpMethods, rewriteRequestHeaders, config }) {
  await app.register(fastifyHttpProxy, {
    upstream: apiUpstream,
    prefix,
    rewritePrefix: prefix,
    ...(httpMethods ? { httpMethods } : {}),
    ...(config ? { config } : {}),
    http: { requestOptions: { timeout: UPSTREAM_IDLE_TIMEOUT_MS } },
    preHandler: detachUpload,
    // Tell the api-server who the client is (per-address login rate limit) and which address the
    // browser used (absolute links). The gateway ends the chain of trust: behind a trusted reverse
    // proxy, request.ip/protocol/host already come from its X-Forwarded-* headers; otherwise a
    // client's own X-Forwarded-* headers are dropped.
    replyOptions: {
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
 * Proxies /api to the api-server.
 * @param {import('fastify').FastifyInstance} app
 * @param {string} apiUpstream the api-server's origin
 */
export async function registerApiProxy(app, apiUpstream) {
  await registerUpstreamProxy(app, apiUpstream, { prefix: '/api' });
}
