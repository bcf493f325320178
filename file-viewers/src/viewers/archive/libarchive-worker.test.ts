import './test-env';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { MessageChannel as NodeMessageChannel, MessagePort as NodeMessagePort } from 'node:worker_threads';
import { README_TEXT, sample7z, sampleRar } from '../../../fixtures/archive.mjs';
import type { FileSource } from '../../types';
import { openLibarchive } from './libarchive';

/**
 * libarchive.js's real worker bundle and WebAssembly, run the way the viewer starts them: the
 * bundle fetched, patched and started from a blob: URL as a classic worker. The "worker" here is a
 * VM context shaped like a browser's worker scope (self, importScripts, fetch, postMessage), joined
 * to the page by a MessageChannel, so the Comlink calls, the .wasm lookup and the listing and
 * extraction are the real ones.
 */
const packageDir = path.dirname(require.resolve('libarchive.js/package.json'));
const WORKER_URL = 'https://app.example/assets/worker-abc.js';
const WASM_URL = 'https://app.example/assets/wasm-def.wasm';

jest.mock('./libarchive-assets', () => ({
  libarchiveAssets: () => ({ workerUrl: 'https://app.example/assets/worker-abc.js', wasmUrl: 'https://app.example/assets/wasm-def.wasm' }),
}));

/** Node's MessageChannel, its ports kept to be closed after the tests (Comlink keeps its callback ports open). */
const ports = new Set<NodeMessagePort>();
class MessageChannel extends NodeMessageChannel {
  constructor() {
    super();
    ports.add(this.port1);
    ports.add(this.port2);
  }
}

/** Ports that arrive in a message (Comlink's proxies): closed with the others after the tests. */
function unrefPorts(value: unknown, depth = 0): void {
  if (value instanceof NodeMessagePort) ports.add(value);
  else if (value && typeof value === 'object' && depth < 4) for (const item of Object.values(value)) unrefPorts(item, depth + 1);
}

function listening(listener: EventListener): EventListener {
  return (event) => {
    unrefPorts((event as MessageEvent).data);
    listener(event);
  };
}

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
const fetched: string[] = [];
const blobs = new Map<string, Blob>();
const workers: FakeWorker[] = [];

function fileResponse(file: string, type: string): Response {
  const bytes = new Uint8Array(readFileSync(path.join(packageDir, 'dist', file)));
  return {
    ok: true,
    status: 200,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
    text: async () => new TextDecoder().decode(bytes),
    arrayBuffer: async () => bytes.buffer.slice(0),
  } as unknown as Response;
}

async function fakeFetch(url: string | URL): Promise<Response> {
  const href = String(url);
  fetched.push(href);
  if (href === WORKER_URL) return fileResponse('worker-bundle.js', 'text/javascript');
  if (href === WASM_URL) return fileResponse('libarchive.wasm', 'application/wasm');
  throw new TypeError(`fetch refused: ${href}`);
}

class FakeWorker {
  private readonly channel = new MessageChannel();
  terminated = false;

  constructor(url: string) {
    workers.push(this);
    const blob = blobs.get(url);
    if (!blob) throw new Error('no such blob');
    const scope = this.channel.port1;
    scope.start();
    this.channel.port2.start();
    void blob.text().then((script) => {
      const context: Record<string, unknown> = {
        console: quiet,
        setTimeout,
        clearTimeout,
        URL,
        TextDecoder,
        TextEncoder,
        WebAssembly,
        MessageChannel,
        Blob,
        Promise,
        fetch: fakeFetch,
        importScripts: () => undefined,
        location: { href: url },
        postMessage: (data: unknown, transfer?: Transferable[]) => scope.postMessage(data, transfer as never),
        addEventListener: (type: string, listener: EventListener) => scope.addEventListener(type, listening(listener) as never),
        removeEventListener: (type: string, listener: EventListener) => scope.removeEventListener(type, listener as never),
      };
      context.self = context;
      context.globalThis = context;
      vm.runInNewContext(script, context, { filename: url });
    });
  }

  postMessage(data: unknown, transfer?: Transferable[]) {
    this.channel.port2.postMessage(data, transfer as never);
  }
  private readonly wrapped = new Map<EventListener, EventListener>();
  addEventListener(type: string, listener: EventListener) {
    const wrapped = listening(listener);
    this.wrapped.set(listener, wrapped);
    this.channel.port2.addEventListener(type, wrapped as never);
  }
  removeEventListener(type: string, listener: EventListener) {
    this.channel.port2.removeEventListener(type, (this.wrapped.get(listener) ?? listener) as never);
  }
  terminate() {
    this.terminated = true;
    this.channel.port1.close();
    this.channel.port2.close();
  }
}

beforeAll(() => {
  const scope = globalThis as Record<string, unknown>;
  scope.Worker = FakeWorker;
  scope.MessageChannel = MessageChannel;
  scope.fetch = fakeFetch;
  let next = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:https://app.example/${(next += 1)}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => void blobs.delete(url),
  });
});

afterAll(() => {
  for (const port of ports) port.close();
});

const source = (name: string, bytes: Uint8Array): FileSource => ({ name, size: bytes.length, blob: new Blob([bytes as BlobPart]) });

describe('7z and RAR through the libarchive worker', () => {
  test.each([
    ['bundle.7z', '7z', sample7z],
    ['bundle.rar', 'rar', sampleRar],
  ] as const)(
    '%s is listed and an entry taken out; the .wasm comes from its asset address',
    async (name, format, make) => {
      const archive = await openLibarchive(source(name, make()), format);
      expect(archive.entries.map((entry) => entry.path)).toEqual([
        'docs/readme.txt',
        'docs/notes/deep.txt',
        'images/dot.png',
        'report.pdf',
      ]);
      expect(archive.entries[0]).toMatchObject({ size: README_TEXT.length, directory: false });
      expect(await (await archive.extract(archive.entries[0]!)).text()).toBe(README_TEXT);
      expect(fetched).toContain(WASM_URL);
      expect(fetched.every((url) => url === WORKER_URL || url === WASM_URL)).toBe(true);
      archive.close();
      expect(workers.at(-1)!.terminated).toBe(true);
    },
    30_000,
  );

  test('bytes that are no 7z are damaged, and the worker is ended', async () => {
    const noise = new Uint8Array(4096).map((_, i) => (i * 31) % 256);
    noise.set([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 0);
    await expect(openLibarchive(source('bad.7z', noise), '7z')).rejects.toMatchObject({ reason: 'damaged' });
    expect(workers.at(-1)!.terminated).toBe(true);
  }, 30_000);
});
