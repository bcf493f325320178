import { createWorkerHandler, type ChunkToRender, type WorkerResponse } from './markdown-worker-protocol';

const chunks = (...sources: string[]): ChunkToRender[] => sources.map((source, index) => ({ index, source }));

function setup(render: (source: string) => string = (source) => `<p>${source}</p>`) {
  const log: string[] = [];
  const posted: WorkerResponse[] = [];
  let release: (() => void) | null = null;
  const handle = createWorkerHandler({
    render: (source) => {
      log.push(`render ${source}`);
      return render(source);
    },
    post: (response) => {
      log.push(`post ${response.type}${'index' in response ? ` ${response.index}` : ''}`);
      posted.push(response);
    },
    // Yield after every chunk, and only go on when the test says so.
    sliceMs: -1,
    yieldToMessages: () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }),
  });
  const step = async () => {
    const next = release;
    release = null;
    next?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  const runAll = async () => {
    for (let i = 0; i < 50 && release; i += 1) await step();
  };
  return { handle, log, posted, step, runAll };
}

describe('Markdown worker handler', () => {
  it('posts each chunk as soon as it is rendered, in the order of the job, then done', async () => {
    const { handle, log, posted, runAll } = setup();
    const running = handle({ type: 'render', job: 1, chunks: [{ index: 4, source: 'd' }, ...chunks('a', 'b')] });
    await runAll();
    await running;
    expect(log).toEqual(['render d', 'post chunk 4', 'render a', 'post chunk 0', 'render b', 'post chunk 1', 'post done']);
    expect(posted).toEqual([
      { type: 'chunk', job: 1, index: 4, html: '<p>d</p>' },
      { type: 'chunk', job: 1, index: 0, html: '<p>a</p>' },
      { type: 'chunk', job: 1, index: 1, html: '<p>b</p>' },
      { type: 'done', job: 1 },
    ]);
  });

  it('serves jobs first come, first served', async () => {
    const { handle, posted, runAll } = setup();
    const first = handle({ type: 'render', job: 1, chunks: chunks('a', 'b') });
    void handle({ type: 'render', job: 2, chunks: chunks('c') });
    await runAll();
    await first;
    expect(posted.map((response) => `${response.type} ${'job' in response ? response.job : ''}`)).toEqual([
      'chunk 1',
      'chunk 1',
      'done 1',
      'chunk 2',
      'done 2',
    ]);
  });

  it('stops a cancelled job at the next chunk and never starts a cancelled waiting job', async () => {
    const { handle, posted, step, runAll } = setup();
    const first = handle({ type: 'render', job: 1, chunks: chunks('a', 'b', 'c') });
    void handle({ type: 'render', job: 2, chunks: chunks('x') });
    void handle({ type: 'render', job: 3, chunks: chunks('y') });
    expect(posted).toHaveLength(1); // chunk a, then the worker yields
    void handle({ type: 'cancel', job: 1 });
    void handle({ type: 'cancel', job: 2 });
    await step();
    await runAll();
    await first;
    expect(posted).toEqual([
      { type: 'chunk', job: 1, index: 0, html: '<p>a</p>' },
      { type: 'chunk', job: 3, index: 0, html: '<p>y</p>' },
      { type: 'done', job: 3 },
    ]);
  });

  it('reports a job whose chunk cannot be rendered as failed and goes on with the next job', async () => {
    const { handle, posted, runAll } = setup((source) => {
      if (source === 'bad') throw new Error('broken pipeline');
      return source;
    });
    const first = handle({ type: 'render', job: 1, chunks: chunks('bad', 'never') });
    void handle({ type: 'render', job: 2, chunks: chunks('ok') });
    await runAll();
    await first;
    expect(posted).toEqual([
      { type: 'failed', job: 1, message: 'broken pipeline' },
      { type: 'chunk', job: 2, index: 0, html: 'ok' },
      { type: 'done', job: 2 },
    ]);
  });
});
