import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWithin } from '../../scripts/raw-answer.cjs';
import { createFsWorld, type FsWorld } from '../testing/fs-test-kit';
import { writeRepeated } from '../testing/fs-test-streams';
import { TEST_ADMIN } from '../testing/test-app';

/**
 * A WebDAV request answered before its body was read to the end (issue 41, finding 4), over real
 * HTTP with a keep-alive client that sends the next request on the same connection, as the
 * gateway's pool and WebDAV clients do. Before the fix a PROPFIND over the 1 MB cap of XML bodies
 * was answered 413 on a connection kept alive with the rest of its body unread, and Node read
 * nothing more from it: the next request on it never got an answer.
 */

const MB = 1024 * 1024;
/** A request without an answer after this long is a hang (a GET of a small file takes a few ms). */
const HANG_MS = 3000;

interface Answer {
  status?: number;
  connection?: string;
  body?: string;
  error?: string;
}

describe('WebDAV: a request refused before its body was read', () => {
  let w: FsWorld;
  let port: number;
  let agent: http.Agent;
  const admin = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;

  /** One request on the agent's single connection; a body of `bodyBytes` is sent whole, chunked. */
  async function send(method: string, url: string, bodyBytes = 0): Promise<Answer> {
    const headers: http.OutgoingHttpHeaders = { authorization: admin, depth: '1' };
    if (bodyBytes > 0) headers['transfer-encoding'] = 'chunked';
    const request = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers });
    const answer = answerWithin(request, HANG_MS);
    writeRepeated(request, Buffer.alloc(64 * 1024, 'x'), bodyBytes);
    const { status, headers: answerHeaders, body, error } = await answer;
    return error === undefined ? { status, connection: answerHeaders.connection, body } : { error };
  }

  beforeEach(async () => {
    w = await createFsWorld('local');
    await w.mount('/docs');
    await w.driver.putObject('hello.txt', 'hello', { contentType: 'text/plain' });
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    port = (w.app.server.address() as AddressInfo).port;
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });

  afterEach(async () => {
    agent.destroy();
    // A connection left hanging (the failure this checks for) would hold up the close.
    w.app.server.closeAllConnections();
    await w.close();
  });

  it('closes the connection of a PROPFIND refused over the XML body cap, so the next request is answered', async () => {
    const rounds: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const refused = await send('PROPFIND', '/dav/docs/', MB + 100 * 1024);
      const next = await send('GET', '/dav/docs/hello.txt');
      rounds.push(`${refused.status ?? refused.error} (${refused.connection}), then ${next.status ?? next.error} ${next.body ?? ''}`);
    }
    expect(rounds).toEqual(Array(3).fill('413 (close), then 200 hello'));
  });

  it('keeps the connection of requests whose bodies were read whole', async () => {
    const propfind = '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>';
    const first = await new Promise<Answer>((resolve) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'PROPFIND', path: '/dav/docs/', agent, headers: { authorization: admin, depth: '1' } },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode, connection: response.headers.connection }));
        },
      );
      request.end(propfind);
    });
    expect(first).toEqual({ status: 207, connection: 'keep-alive' });
    expect(await send('GET', '/dav/docs/hello.txt')).toMatchObject({ status: 200, connection: 'keep-alive', body: 'hello' });
  });
});
