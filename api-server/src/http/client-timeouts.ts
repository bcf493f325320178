import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How long the server keeps a connection whose client went silent in the middle of a request
 * (slowloris and its variants), without limiting how long a legitimate request may take.
 *
 * - Headers: a client has `headersMs` from the start of a request to send all its headers (Node's
 *   headersTimeout, checked every `checkIntervalMs`); it is answered 408 and closed after that.
 *   Every real client, the gateway included, sends its headers at once.
 * - Body: there is no total limit (a large upload over a slow link may take hours), only an idle
 *   one. A request whose client has sent nothing of its unfinished body for `idleMs` loses its
 *   connection. Without this an upload whose client stopped sending held its connection, its
 *   temporary file and its reserved quota forever. Time the server itself spends (a handler at
 *   work, a body the server has not read yet) never counts.
 * - Answer: not limited. A reader that has stopped cannot be told from a slow one: the kernel's
 *   send buffer of a connection grows to megabytes (Linux tcp_wmem, 4 MB here), and Node sees a
 *   write progress only once the kernel takes more, after about a third of that has drained. A
 *   reader of 1 KB/s needs over twenty minutes for that (measured on loopback: an 8 MB download
 *   read at 1 KB/s showed Node no progress for more than two minutes), so an idle rule on the
 *   answer would cut off the slow readers it is meant to leave alone.
 */
export interface ClientTimeouts {
  headersMs: number;
  checkIntervalMs: number;
  idleMs: number;
}

export const CLIENT_TIMEOUTS: Readonly<ClientTimeouts> = Object.freeze({ headersMs: 30_000, checkIntervalMs: 5_000, idleMs: 60_000 });

/** The options of the HTTP server (Fastify's `http`) for the headers timeout. */
export function clientTimeoutServerOptions(timeouts: ClientTimeouts): ServerOptions {
  return { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs };
}

/**
 * True when the request waits on its client: its body is unfinished and the server is ready for
 * more (a full buffer means the server has not read the body yet and its socket is paused).
 */
function waitsOnClient(request: FastifyRequest): boolean {
  const incoming = request.raw;
  return !incoming.complete && incoming.readableLength < incoming.readableHighWaterMark;
}

export function installClientTimeouts(app: FastifyInstance, timeouts: ClientTimeouts): void {
  const watched = new WeakSet<Socket>();
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    // Injected requests (app.inject) have no real socket.
    if (typeof socket?.setTimeout !== 'function') return;
    if (!watched.has(socket)) {
      watched.add(socket);
      // The server reads again after a pause of its own (it had not read the body yet): the
      // client's silence counts from now, not from the last bytes it could send.
      socket.on('resume', () => {
        if (socket.timeout) socket.setTimeout(socket.timeout);
      });
    }
    // Node emits `timeout` on the current response of a socket idle for `idleMs`; a listener
    // there stops Node from destroying the socket itself, so the decision is this one.
    reply.raw.on('timeout', () => {
      if (waitsOnClient(request)) socket.destroy();
      else socket.setTimeout(timeouts.idleMs); // the server's turn, or the answer's: look again later
    });
    socket.setTimeout(timeouts.idleMs);
  });
}
