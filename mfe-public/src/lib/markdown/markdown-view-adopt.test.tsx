import { screen, waitFor } from '@testing-library/react';
import { removeFirstScreen } from '../../test/first-screen';
import { makeKernel, renderWithKernel } from '../../test/test-kernel';
import { splitMarkdown } from './markdown-chunks';
import { clearHtmlCache, markdownToHtml } from './markdown-processor';
import { resetMarkdownWorker } from './markdown-worker-client';
import { spawnMarkdownWorker } from './markdown-worker-spawn';
import { MarkdownView, type OutlineHeading } from './markdown-view';
import { sourceHash } from './server-rendered';

jest.mock('./markdown-worker-spawn', () => ({ spawnMarkdownWorker: jest.fn() }));

/** About 44 KB: several chunks. */
const LARGE = Array.from(
  { length: 400 },
  (_, i) => `## Section ${i % 200}\n\nText of section ${i} with a few more words so that the document grows past the chunk threshold.\n`,
).join('\n');
const SMALL = '# Title\n\nShort text here.\n\n## Part';

/** The boot page's live first screen with the server's rendering of `value` (its first `count` chunks). */
function serverScreen(value: string, { count, hash }: { count?: number; hash?: string } = {}) {
  const first = document.createElement('div');
  first.id = 'cc-first-screen';
  first.setAttribute('data-live', 'server');
  const content = document.createElement('div');
  content.className = 'markdown-body cp-md';
  content.dataset.serverRendered = 'paste';
  content.dataset.sourceHash = hash ?? sourceHash(value);
  const chunks = splitMarkdown(value).slice(0, count);
  for (const source of chunks) {
    const chunk = document.createElement('div');
    chunk.className = 'cp-md-chunk';
    chunk.innerHTML = markdownToHtml(source);
    content.appendChild(chunk);
  }
  content.dataset.chunks = String(chunks.length);
  first.appendChild(content);
  document.body.appendChild(first);
  clearHtmlCache();
  return { first, chunks: Array.from(content.children) as HTMLElement[] };
}

function renderView(value: string, adopt = true) {
  const onRendered = jest.fn<void, [OutlineHeading[]]>();
  const view = renderWithKernel(
    <MarkdownView value={value} onRendered={onRendered} testId="view" adopt={adopt ? 'paste' : undefined} />,
    makeKernel(),
  );
  return { view, onRendered, element: () => screen.getByTestId('view') };
}

beforeEach(() => {
  clearHtmlCache();
  resetMarkdownWorker();
  jest.mocked(spawnMarkdownWorker).mockReturnValue(null);
});

afterEach(removeFirstScreen);

describe('MarkdownView taking over the server’s rendering', () => {
  it('moves the server’s nodes in, keeping the reader’s selection, and hands the first screen over', () => {
    const { first, chunks } = serverScreen(SMALL);
    const text = chunks[0]!.querySelector('p')!.firstChild!;
    document.getSelection()!.setBaseAndExtent(text, 2, text, 10);
    expect(document.getSelection()!.toString()).toBe('ort text');

    const { element, onRendered } = renderView(SMALL);
    expect(element().firstElementChild).toBe(chunks[0]);
    expect(first.querySelector('.cp-md-chunk')).toBeNull();
    const selection = document.getSelection()!;
    expect(selection.anchorNode).toBe(text);
    expect([selection.anchorOffset, selection.focusOffset]).toEqual([2, 10]);
    expect(selection.toString()).toBe('ort text');
    expect(element()).toHaveAttribute('data-rendered', 'true');
    expect(onRendered).toHaveBeenCalledWith([
      { id: 'user-content-title', level: 1, text: 'Title' },
      { id: 'user-content-part', level: 2, text: 'Part' },
    ]);
    expect(first).toHaveAttribute('data-adopted', 'true');
  });

  it('puts the window back where the reader was once the page is shown in the first screen’s place', () => {
    serverScreen(SMALL);
    const kernel = makeKernel();
    let y = 640;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // While the chunks move, the document is laid out shorter (the page is shown only once the
    // host has removed the first screen, on this event): the window has scrolled up by then.
    const shown = kernel.bus.on('first-screen-adopted').subscribe(() => {
      y = 0;
    });
    try {
      renderWithKernel(<MarkdownView value={SMALL} testId="view" adopt="paste" />, kernel);
      expect(scrollTo).toHaveBeenCalledWith(0, 640);
    } finally {
      shown.unsubscribe();
      scrollTo.mockRestore();
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0, writable: true });
    }
  });

  it('renders only what the server left out, into the same document as a rendering of its own', async () => {
    const reference = renderView(LARGE, false);
    await waitFor(() => expect(reference.element()).toHaveAttribute('data-rendered', 'true'), { timeout: 5000 });
    const expected = reference.element().innerHTML;
    reference.view.unmount();
    clearHtmlCache();

    const { first, chunks } = serverScreen(LARGE, { count: 2 });
    const { element, onRendered } = renderView(LARGE);
    expect(Array.from(element().children).slice(0, 2)).toEqual(chunks);
    expect(first).toHaveAttribute('data-adopted', 'true');
    await waitFor(() => expect(element()).toHaveAttribute('data-rendered', 'true'), { timeout: 5000 });
    expect(element().children).toHaveLength(splitMarkdown(LARGE).length);
    expect(element().children[0]).toBe(chunks[0]);
    expect(element().innerHTML).toBe(expected);
    expect(onRendered.mock.calls.at(-1)![0]).toHaveLength(400);
  });

  it('renders as before when the server rendered another text, and lets the first screen go once done', () => {
    const { first, chunks } = serverScreen(SMALL, { hash: sourceHash('an older text') });
    const { element, onRendered } = renderView(SMALL);
    expect(element()).toHaveAttribute('data-rendered', 'true');
    expect(element().firstElementChild).not.toBe(chunks[0]);
    expect(first.contains(chunks[0]!)).toBe(true);
    expect(element().querySelector('h1')).toHaveAttribute('id', 'user-content-title');
    expect(onRendered).toHaveBeenCalled();
    expect(first).toHaveAttribute('data-adopted', 'true');
  });

  it('leaves a first screen that is not live alone', () => {
    const { first, chunks } = serverScreen(SMALL);
    first.removeAttribute('data-live');
    const { element } = renderView(SMALL);
    expect(element()).toHaveAttribute('data-rendered', 'true');
    expect(first.contains(chunks[0]!)).toBe(true);
    expect(first).not.toHaveAttribute('data-adopted');
  });
});
