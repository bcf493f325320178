import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, loginAsAdmin, type TestApp } from '../testing/test-app';

// Short timeouts, so that a client silent for longer than them is cut off in a test's time; the
// tests assert what happens to a connection, never how long it took.
const TIMEOUTS = { headersMs: 600, checkIntervalMs: 100, idleMs: 400 };
const FILE_BYTES = 8 * 1024 * 1024;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Connection {
  socket: net.Socket;
  /** Everything the server sent, as latin1 text. */
  answer(): string;
  /** Resolves when the server (or the test) ends the connection. */
  closed: Promise<void>;
}

function connect(port: number, pause = false): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined);
    if (!pause) socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.once('connect', () => resolve({ socket, answer: () => text, closed }));
    socket.once('error', reject);
  });
}

describe('clients that go silent in the middle of a request (slowloris)', () => {
  let t: TestApp;
  let port: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ clientTimeouts: TIMEOUTS });
    // The server's turn takes longer than the idle timeout: a slow handler, and one that reads its body late.
    t.app.get('/test/slow-handler', async () => {
      await sleep(TIMEOUTS.idleMs * 4);
      return { done: true };
    });
    await t.app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.put('/test/late-reader', async (request) => {
        await sleep(TIMEOUTS.idleMs * 4);
        let bytes = 0;
        for await (const chunk of request.raw) bytes += (chunk as Buffer).length;
        return { bytes };
      });
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    token = await loginAsAdmin(t.app);
  });

  afterAll(async () => {
    await t.close();
  });

  async function uploadFile(bytes: Buffer): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${port}/api/upload-direct/big.bin`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { slug: string } }).data.slug;
  }

  it('answers 408 and closes a connection whose headers never end', async () => {
    const c = await connect(port);
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const timer = setInterval(() => c.socket.write('X-Slow: a\r\n'), 100);
    await c.closed;
    clearInterval(timer);
    expect(c.answer()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an upload whose client stops sending its body, and the upload is not stored', async () => {
    const c = await connect(port);
    c.socket.write(
      `PUT /api/upload-direct/stalled.bin HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: 1048576\r\n\r\n${'s'.repeat(1024)}`,
    );
    await c.closed;
    expect(c.answer()).toBe('');
    const files = await t.app.inject({ method: 'GET', url: '/api/admin/files', headers: { authorization: `Bearer ${token}` } });
    expect(files.json().data.files.map((file: { filename: string }) => file.filename)).not.toContain('stalled.bin');
  });

  it('stores an upload whose client sends slowly but steadily, for longer than the idle timeout in all', async () => {
    const c = await connect(port);
    const pieces = 12;
    const piece = 'p'.repeat(100);
    c.socket.write(
      `PUT /api/upload-direct/slow.bin HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${pieces * piece.length}\r\nConnection: close\r\n\r\n`,
    );
    for (let i = 0; i < pieces; i += 1) {
      await sleep(TIMEOUTS.idleMs / 2);
      c.socket.write(piece);
    }
    await c.closed;
    expect(c.answer()).toMatch(/^HTTP\/1\.1 200 /);
    expect(c.answer()).toContain(`"size":${pieces * piece.length}`);
  });

  it('serves a download to the end whose reader stops for longer than the idle timeout', async () => {
    const slug = await uploadFile(randomBytes(FILE_BYTES));
    const c = await connect(port, true);
    c.socket.pause();
    c.socket.write(`GET /api/file-download/${slug} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    await sleep(TIMEOUTS.idleMs * 4);
    let received = 0;
    c.socket.on('data', (chunk: Buffer) => (received += chunk.length));
    c.socket.resume();
    await c.closed;
    // The whole file and the headers before it.
    expect(received).toBeGreaterThan(FILE_BYTES);
  });

  it('keeps the connection while the server itself is at work or has not read the body yet', async () => {
    const slow = await fetch(`http://127.0.0.1:${port}/test/slow-handler`);
    expect(slow.status).toBe(200);
    expect(await slow.json()).toEqual({ done: true });

    const body = randomBytes(1024 * 1024);
    const late = await fetch(`http://127.0.0.1:${port}/test/late-reader`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ bytes: body.length });
  });
});
