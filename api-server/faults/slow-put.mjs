// A raw HTTP PUT that sends its body in chunks with pauses, so the upload is still in flight when
// the fault scenario strikes (a server killed, S3 gone). Shared by the fault tests and the crash
// check (scripts/crash-safety.mjs).
import http from 'node:http';

/**
 * PUTs `body` to `url` `chunk` bytes at a time, `pauseMs` apart. `stopAfter` sends only that many
 * bytes and then keeps the request open (a client that stalls). Resolves with the answer
 * `{ status, headers, text }`, or `{ error }` (the error's code) when the connection broke.
 */
export function slowPut(url, headers, body, { chunk = 32 * 1024, pauseMs = 15, stopAfter } = {}) {
  return new Promise((resolve) => {
    const target = new URL(url);
    const request = http.request(
      {
        method: 'PUT',
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers: { ...headers, 'content-length': body.length },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (data) => (text += data));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text }));
        response.on('error', (error) => resolve({ error: error.code ?? error.message }));
      },
    );
    request.on('error', (error) => resolve({ error: error.code ?? error.message }));
    const limit = stopAfter ?? body.length;
    let sent = 0;
    const next = () => {
      if (request.destroyed) return;
      if (sent >= limit) {
        if (stopAfter === undefined) request.end();
        return;
      }
      const piece = body.subarray(sent, Math.min(sent + chunk, limit));
      sent += piece.length;
      request.write(piece);
      setTimeout(next, pauseMs);
    };
    next();
  });
}
