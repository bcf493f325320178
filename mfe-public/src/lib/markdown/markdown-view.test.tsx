import { screen, waitFor } from '@testing-library/react';
import { FakeMarkdownWorker } from '../../test/fake-markdown-worker';
import { makeKernel, renderWithKernel } from '../../test/test-kernel';
import { splitMarkdown } from './markdown-chunks';
import { clearHtmlCache } from './markdown-processor';
import { resetMarkdownWorker, whenWorkerReady } from './markdown-worker-client';
import { spawnMarkdownWorker } from './markdown-worker-spawn';
import { MarkdownView, type OutlineHeading } from './markdown-view';

jest.mock('./markdown-worker-spawn', () => ({ spawnMarkdownWorker: jest.fn() }));
const spawn = jest.mocked(spawnMarkdownWorker);

/** About 44 KB: several chunks, and every heading twice (numbered slugs). */
const LARGE = Array.from(
  { length: 400 },
  (_, i) => `## Section ${i % 200}\n\nText of section ${i} with a few more words so that the document grows past the chunk threshold.\n`,
).join('\n');

async function renderView(value: string) {
  const onRendered = jest.fn<void, [OutlineHeading[]]>();
  const view = renderWithKernel(<MarkdownView value={value} onRendered={onRendered} testId="view" />, makeKernel());
  await waitFor(() => expect(screen.getByTestId('view')).toHaveAttribute('data-rendered', 'true'), { timeout: 5000 });
  const result = { html: screen.getByTestId('view').innerHTML, headings: onRendered.mock.calls.at(-1)![0] };
  view.unmount();
  return result;
}

let errors: jest.SpyInstance;

beforeEach(() => {
  clearHtmlCache();
  resetMarkdownWorker();
  spawn.mockReset();
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => errors.mockRestore());

async function onMainThread() {
  spawn.mockReturnValue(null);
  const result = await renderView(LARGE);
  clearHtmlCache();
  resetMarkdownWorker();
  spawn.mockReset();
  return result;
}

describe('MarkdownView', () => {
  it('renders a large document in the worker into the same HTML and outline as on the main thread', async () => {
    const reference = await onMainThread();
    const worker = new FakeMarkdownWorker();
    spawn.mockReturnValue(worker as unknown as Worker);
    // A worker that already runs (the test pipeline is too fast for the page to ever wait for one).
    expect(await whenWorkerReady()).toBe(true);
    const result = await renderView(LARGE);
    expect(result.html).toBe(reference.html);
    expect(result.headings).toEqual(reference.headings);
    expect(result.headings).toHaveLength(400);
    expect(result.headings[200]).toEqual({ id: 'user-content-section-0-1', level: 2, text: 'Section 0' });
    // The first chunk is rendered on the page at once; the worker renders all the others, in order.
    const chunks = splitMarkdown(LARGE);
    expect(chunks.length).toBeGreaterThan(5);
    expect(worker.requests).toEqual([
      { type: 'render', job: expect.any(Number), chunks: chunks.slice(1).map((source, i) => ({ index: i + 1, source })) },
    ]);
  });

  it('finishes on the main thread with the same result when the worker crashes midway', async () => {
    const reference = await onMainThread();
    const worker = new FakeMarkdownWorker({ failAfter: 3 });
    spawn.mockReturnValue(worker as unknown as Worker);
    await whenWorkerReady();
    const result = await renderView(LARGE);
    expect(worker.terminated).toBe(true);
    expect(result.html).toBe(reference.html);
    expect(result.headings).toEqual(reference.headings);
  });

  it('does not start a worker for a document with little left to render after the first chunk', async () => {
    spawn.mockReturnValue(new FakeMarkdownWorker() as unknown as Worker);
    const medium = LARGE.slice(0, 40 * 1024);
    expect(splitMarkdown(medium).length).toBeGreaterThan(1);
    const result = await renderView(medium);
    expect(result.headings.length).toBeGreaterThan(100);
    expect(spawn).not.toHaveBeenCalled();
  });

  it('starts the worker for a large document', async () => {
    const worker = new FakeMarkdownWorker();
    spawn.mockReturnValue(worker as unknown as Worker);
    const large = `${LARGE}\n${LARGE}`;
    const result = await renderView(large);
    expect(result.headings).toHaveLength(800);
    expect(spawn).toHaveBeenCalledTimes(1);
  });

  it('renders a small document at once, without a worker', () => {
    const onRendered = jest.fn();
    renderWithKernel(<MarkdownView value={'# Title\n\nShort text.\n\n## Part'} onRendered={onRendered} testId="view" />, makeKernel());
    expect(screen.getByTestId('view')).toHaveAttribute('data-rendered', 'true');
    expect(onRendered).toHaveBeenCalledWith([
      { id: 'user-content-title', level: 1, text: 'Title' },
      { id: 'user-content-part', level: 2, text: 'Part' },
    ]);
    expect(spawn).not.toHaveBeenCalled();
  });
});
