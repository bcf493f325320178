/**
 * Test double of the api-server and its bucket, in process (node:http): the routes the transfer
 * commands use, recording every request, storing PUT bodies byte for byte.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { ApiClient } from '../../api/client';
import type { CommandContext } from '../../context';
import { t } from '../../i18n/messages';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  json?: Record<string, unknown>;
  bodyLength: number;
}

export type Handler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => boolean | void;

export interface FakeApi {
  origin: string;
  requests: RecordedRequest[];
  /** Objects stored by PUTs, by URL path (parts by `path#partNumber`). */
  objects: Map<string, Buffer>;
  /** Extra handlers tried first (return true when handled). */
  handlers: Handler[];
  close(): Promise<void>;
}

export function envelope(data: unknown, code = 200): string {
  return JSON.stringify({ code, message: 'ok', data, success: code < 400 });
}

export function send(response: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

export async function startFakeApi(): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  const objects = new Map<string, Buffer>();
  const handlers: Handler[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', () => undefined);
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', 'http://x');
      let json: Record<string, unknown> | undefined;
      if (String(request.headers['content-type']).startsWith('application/json') && body.length > 0) {
        json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      }
      const record: RecordedRequest = {
        method: request.method ?? '',
        path: url.pathname,
        headers: request.headers,
        bodyLength: body.length,
      };
      if (json) record.json = json;
      requests.push(record);
      for (const handler of handlers) if (handler(request, body, response)) return;
      send(response, 404, envelope(null, 404));
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    objects,
    handlers,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

export interface TestContext extends CommandContext {
  out: () => string;
  outBytes: () => Buffer;
  err: () => string;
}

/** A CommandContext on the fake server: key holder, English, stderr a terminal (progress drawn). */
export function testContext(origin: string, overrides: Partial<CommandContext> & { stdoutIsTTY?: boolean } = {}): TestContext {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const outChunks: Buffer[] = [];
  const errChunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => outChunks.push(chunk));
  stderr.on('data', (chunk: Buffer) => errChunks.push(chunk));
  if (overrides.stdoutIsTTY) Object.assign(stdout, { isTTY: true });
  const lang = 'en-US' as const;
  return {
    client: new ApiClient({ server: origin, key: 'testkey', lang }),
    server: origin,
    lang,
    t: (key, vars) => t(lang, key, vars),
    stdout,
    stderr,
    stdin: new PassThrough(),
    stderrIsTTY: true,
    stdinIsTTY: false,
    json: false,
    quiet: false,
    debug: false,
    yes: false,
    prompt: () => Promise.resolve(''),
    ...overrides,
    out: () => Buffer.concat(outChunks).toString('utf8'),
    outBytes: () => Buffer.concat(outChunks),
    err: () => Buffer.concat(errChunks).toString('utf8'),
  };
}
