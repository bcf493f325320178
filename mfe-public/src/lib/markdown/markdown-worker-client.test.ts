import { FakeMarkdownWorker } from '../../test/fake-markdown-worker';
import { cachedHtml } from './markdown-processor';
import { renderChunks, resetMarkdownWorker, whenWorkerReady, workerAvailable, type ChunkToRender } from './markdown-worker-client';
import { spawnMarkdownWorker } from './markdown-worker-spawn';

jest.mock('./markdown-worker-spawn', () => ({ spawnMarkdownWorker: jest.fn() }));
const spawn = jest.mocked(spawnMarkdownWorker);

const chunks = (prefix: string, count: number): ChunkToRender[] =>
  Array.from({ length: count }, (_, i) => ({ index: i * 2 + 1, source: `${prefix} chunk ${i}` }));

async function collect(list: ChunkToRender[]): Promise<string[]> {
  const stream = renderChunks(list);
  const out: string[] = [];
  for (let i = 0; i < list.length; i += 1) out.push(await stream.next());
  return out;
}

let errors: jest.SpyInstance;

beforeEach(() => {
  resetMarkdownWorker();
  spawn.mockReset();
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => errors.mockRestore());

describe('renderChunks', () => {
  it('hands out the worker’s HTML in the order of the request and keeps it in the page’s cache', async () => {
    const worker = new FakeMarkdownWorker();
    spawn.mockReturnValue(worker as unknown as Worker);
    expect(await whenWorkerReady()).toBe(true);
    const list = chunks('ordered', 4);
    expect(await collect(list)).toEqual(list.map((chunk) => `<p>${chunk.source}</p>`));
    expect(worker.requests).toEqual([{ type: 'render', job: expect.any(Number), chunks: list }]);
    expect(cachedHtml('ordered chunk 2')).toBe('<p>ordered chunk 2</p>');
    expect(spawn).toHaveBeenCalledTimes(1);
  });

  it('keeps document order when the worker answers out of order', async () => {
    const listeners: Array<(event: { data: unknown }) => void> = [];
    const worker = {
      addEventListener: (type: string, listener: (event: { data: unknown }) => void) => type === 'message' && listeners.push(listener),
      postMessage: jest.fn(),
      terminate: jest.fn(),
    };
    spawn.mockReturnValue(worker as unknown as Worker);
    const answer = (data: unknown) => listeners.forEach((listener) => listener({ data }));
    expect(workerAvailable()).toBe(true);
    answer({ type: 'ready' });
    const list = chunks('reversed', 3);
    const stream = renderChunks(list);
    const job = (worker.postMessage.mock.calls[0]![0] as { job: number }).job;
    const first = stream.next();
    answer({ type: 'chunk', job, index: 5, html: 'third' });
    answer({ type: 'chunk', job, index: 3, html: 'second' });
    expect(stream.hasNext()).toBe(false);
    answer({ type: 'chunk', job, index: 1, html: 'first' });
    answer({ type: 'done', job });
    expect(await first).toBe('first');
    expect(stream.hasNext()).toBe(true);
    expect(await stream.next()).toBe('second');
    expect(await stream.next()).toBe('third');
  });

  it('renders on the main thread while the worker starts, then gives it the chunks left', async () => {
    const worker = new FakeMarkdownWorker();
    spawn.mockReturnValue(worker as unknown as Worker);
    const list = chunks('starting', 5);
    const stream = renderChunks(list);
    expect(stream.hasNext()).toBe(true);
    expect(await stream.next()).toBe('<p>starting chunk 0</p>');
    expect(await stream.next()).toBe('<p>starting chunk 1</p>');
    expect(worker.requests).toEqual([]);
    expect(await whenWorkerReady()).toBe(true);
    expect(worker.requests).toEqual([{ type: 'render', job: expect.any(Number), chunks: list.slice(2) }]);
    const rest = [await stream.next(), await stream.next(), await stream.next()];
    expect(rest).toEqual(list.slice(2).map((chunk) => `<p>${chunk.source}</p>`));
    expect(cachedHtml('starting chunk 4')).toBe('<p>starting chunk 4</p>');
  });

  it('tells whether the worker started', async () => {
    spawn.mockReturnValue(null);
    expect(await whenWorkerReady()).toBe(false);
    resetMarkdownWorker();
    const worker = new FakeMarkdownWorker();
    spawn.mockReturnValue(worker as unknown as Worker);
    const started = whenWorkerReady();
    worker.crash();
    expect(await started).toBe(false);
  });

  it('renders on the main thread when there is no Worker', async () => {
    spawn.mockReturnValue(null);
    expect(workerAvailable()).toBe(false);
    const list = chunks('no worker', 2);
    const stream = renderChunks(list);
    expect(stream.hasNext()).toBe(true);
    expect([await stream.next(), await stream.next()]).toEqual(list.map((chunk) => `<p>${chunk.source}</p>`));
  });

  it('renders on the main thread when the worker cannot start', async () => {
    spawn.mockImplementation(() => {
      throw new DOMException('refused by the CSP', 'SecurityError');
    });
    expect(await collect(chunks('refused', 2))).toEqual(['<p>refused chunk 0</p>', '<p>refused chunk 1</p>']);
  });

  it('renders what is left on the main thread when the worker fails midway, then no longer uses it', async () => {
    const worker = new FakeMarkdownWorker({ failAfter: 2 });
    spawn.mockReturnValue(worker as unknown as Worker);
    await whenWorkerReady();
    const list = chunks('crash', 5);
    expect(await collect(list)).toEqual(list.map((chunk) => `<p>${chunk.source}</p>`));
    expect(worker.terminated).toBe(true);
    expect(workerAvailable()).toBe(false);
    expect(errors).toHaveBeenCalled();
  });

  it('tells the worker to stop a cancelled job', async () => {
    const worker = new FakeMarkdownWorker();
    spawn.mockReturnValue(worker as unknown as Worker);
    await whenWorkerReady();
    const stream = renderChunks(chunks('cancelled', 3));
    stream.cancel();
    const job = (worker.requests[0] as { job: number }).job;
    expect(worker.requests[1]).toEqual({ type: 'cancel', job });
  });
});
