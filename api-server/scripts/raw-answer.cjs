// The answer to one raw node:http request, for the tests that check a connection is never left
// hanging: the api-server's WebDAV early-refusal test (src/webdav/webdav-early-refusal.test.ts) and
// the gateway's proxy tests (deploy/gateway/api-proxy.test.mjs). CommonJS, so jest's TypeScript
// tests and node's ESM tests both load it; its types are in raw-answer.d.cts.
'use strict';

/**
 * What `request` (sent by the caller) was answered: `{ status, headers, body }` once the body is
 * read whole (UTF-8), or `{ error }` when the request failed or nothing was answered within
 * `timeoutMs` (a hang: the request is destroyed).
 */
function answerWithin(request, timeoutMs) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    let answered = false;
    request.on('error', (error) => {
      if (answered) return;
      clearTimeout(timer);
      resolve({ error: error.message });
    });
    request.on('response', (response) => {
      answered = true;
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
  });
}

module.exports = { answerWithin };
