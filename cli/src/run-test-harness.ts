/**
 * The test double run.test.ts drives the command line against: a tiny in-process HTTP server that
 * speaks the contract's shapes for pastes, keys, listings and the admin login (only the HTTP edge is
 * fake), recording what was sent, and `cli()`, which runs the command line with captured streams.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { run, type RunIo } from './run';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface StoredPaste {
  slug: string;
  content: string;
  password?: string;
  burn?: boolean;
  encryption?: string;
}

/** What the fake server holds and has seen; reset before each test. */
export interface FakeContractServer {
  base: string;
  seen: Seen[];
  pastes: Map<string, StoredPaste>;
  nextSlug: number;
  /** The features /api/version announces. */
  features: string[];
}

const fake: FakeContractServer = { base: '', seen: [], pastes: new Map(), nextSlug: 0, features: [] };
let server: Server;

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function fail(res: ServerResponse, status: number, message: string): void {
  reply(res, status, { code: status, message, success: false, data: null });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  const url = new URL(req.url ?? '/', fake.base);
  fake.seen.push({ method: req.method ?? '', url: `${url.pathname}${url.search}`, headers: req.headers, body });
  const auth = req.headers.authorization;
  const match = /^\/api\/paste\/([^/]+)$/.exec(url.pathname);

  if (req.method === 'GET' && url.pathname === '/api/version') {
    return reply(res, 200, { code: 200, message: 'ok', success: true, data: { version: '1', features: fake.features } });
  }
  if (req.method === 'GET' && url.pathname === '/api/test/api-key') {
    if (auth !== 'ApiKey good-key') return fail(res, 401, 'Authentication required');
    return reply(res, 200, {
      code: 200,
      message: 'ok',
      success: true,
      data: { name: 'laptop', permissions: { text: true, file: false, mount: false } },
    });
  }
  if (req.method === 'POST' && url.pathname === '/api/paste') {
    if (auth !== 'ApiKey good-key') return fail(res, 401, 'Authentication required');
    const slug = typeof body?.slug === 'string' ? body.slug : `s${(fake.nextSlug += 1)}`;
    const paste: StoredPaste = { slug, content: String(body?.content) };
    if (typeof body?.password === 'string') paste.password = body.password;
    if (body?.burnAfterReading === true) paste.burn = true;
    if (typeof body?.encryption === 'string') paste.encryption = body.encryption;
    fake.pastes.set(slug, paste);
    return reply(res, 200, {
      id: `id-${slug}`,
      slug,
      hasPassword: Boolean(paste.password),
      createdAt: '2026-01-01T00:00:00Z',
      authorizedBy: 'apikey',
    });
  }
  if (match) {
    const paste = fake.pastes.get(decodeURIComponent(match[1] as string));
    if (!paste) return fail(res, 404, 'The text share does not exist');
    const marks = { ...(paste.encryption ? { encryption: paste.encryption } : {}), ...(paste.burn ? { burnAfterReading: true } : {}) };
    const view = { slug: paste.slug, remark: null, expiresAt: null, maxViews: null, views: 0, createdAt: 'c', created_by: null, ...marks };
    if (req.method === 'GET') {
      if (paste.password) return reply(res, 200, { ...view, hasPassword: true, requiresPassword: true });
      if (paste.burn && url.searchParams.get('burn') === 'ask')
        return reply(res, 200, { ...view, hasPassword: false, requiresConfirmation: true });
      if (paste.burn) fake.pastes.delete(paste.slug);
      return reply(res, 200, { ...view, content: paste.content, hasPassword: false, updatedAt: 'u' });
    }
    if (req.method === 'POST') {
      if (paste.password && body?.password !== paste.password) return fail(res, 401, 'Wrong password');
      if (!paste.password && body?.confirmBurn !== true) return fail(res, 400, 'no password');
      if (paste.burn) fake.pastes.delete(paste.slug);
      return reply(res, 200, {
        ...view,
        content: paste.content,
        hasPassword: Boolean(paste.password),
        updatedAt: 'u',
        ...(paste.burn ? { burned: true } : {}),
      });
    }
  }
  if (req.method === 'GET' && (url.pathname === '/api/user/pastes' || url.pathname === '/api/user/files')) {
    if (auth !== 'ApiKey good-key') return fail(res, 401, 'Authentication required');
    if (url.pathname === '/api/user/files') {
      const files = [
        {
          id: 'f-1',
          slug: 'doc',
          filename: 'report.pdf',
          size: 2048,
          views: 1,
          max_views: null,
          expires_at: null,
          created_at: '2026-01-01T00:00:00Z',
          remark: null,
          has_password: false,
        },
      ];
      return reply(res, 200, {
        code: 200,
        message: 'ok',
        success: true,
        data: { files, pagination: { total: 1, limit: 100, offset: 0, hasMore: false } },
      });
    }
    const rows = [...fake.pastes.values()].map((paste) => ({
      id: `id-${paste.slug}`,
      slug: paste.slug,
      content: paste.content,
      remark: 'r',
      has_password: 0,
      expires_at: null,
      max_views: null,
      views: 0,
      created_at: '2026-01-02T00:00:00Z',
      updated_at: 'u',
      created_by: 'apikey:1',
      tags: ['t'],
    }));
    return reply(res, 200, {
      code: 200,
      message: 'ok',
      success: true,
      data: rows,
      pagination: { total: rows.length, limit: 100, offset: 0, hasMore: false },
    });
  }
  const del = /^\/api\/user\/(pastes|files)\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'DELETE' && del) {
    if (del[1] === 'pastes') fake.pastes.delete(String(del[2]).replace(/^id-/, ''));
    return reply(res, 200, { code: 200, message: 'deleted', success: true });
  }
  if (req.method === 'POST' && url.pathname === '/api/admin/login') {
    if (body?.username !== 'admin' || body?.password !== 'pw') return fail(res, 401, 'bad login');
    return reply(res, 200, {
      code: 200,
      message: 'ok',
      data: { username: 'admin', token: 'T'.repeat(32), expiresAt: '2099-01-01T00:00:00.000Z' },
    });
  }
  if (req.method === 'POST' && url.pathname === '/api/admin/logout') {
    return reply(res, 200, { code: 200, message: 'bye' });
  }
  return fail(res, 404, 'no route');
}

/** Starts the fake server for the tests of the calling file and resets its state before each test. */
export function useFakeContractServer(): FakeContractServer {
  beforeAll(async () => {
    server = createServer((req, res) => {
      handle(req, res).catch((error: unknown) => fail(res, 500, String(error)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    fake.seen = [];
    fake.pastes = new Map();
    fake.features = ['paste-tags', 'paste-encryption', 'burn-after-reading'];
  });
  return fake;
}

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(
  argv: string[],
  opts: { stdin?: string; stdinIsTTY?: boolean; env?: Record<string, string>; answers?: string[] } = {},
): Promise<Result> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const answers = [...(opts.answers ?? [])];
  const io: RunIo = {
    env: { CLOUDCLIP_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'cc-run-')), LANG: 'en_US.UTF-8', ...opts.env },
    stdout,
    stderr,
    stdin: Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]),
    stdinIsTTY: opts.stdinIsTTY ?? false,
    stderrIsTTY: false,
    prompt: async (question) => {
      err += question;
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected question: ${question}`);
      return answer;
    },
  };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}
