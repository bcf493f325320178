import { chunksOf, streamOf } from './test-env';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { binarySample, logLine, logOfBytes, logSample, markdownSample, typescriptSample } from '../../../fixtures/text.mjs';
import { openStream } from '../../source';
import type { FileSource, ViewerProps } from '../../types';
import CodeViewer from './index';
import { renderWithTexts } from './test-render';

jest.mock('../../source', () => ({ ...jest.requireActual('../../source'), openStream: jest.fn() }));
// Counts the loads of the highlighter's chunk (the real module otherwise).
let mockHighlighterLoads = 0;
jest.mock('./highlight', () => {
  mockHighlighterLoads += 1;
  return jest.requireActual('./highlight');
});

const opened = openStream as jest.MockedFunction<typeof openStream>;
const sources = new Map<FileSource, Uint8Array>();

function sourceOf(name: string, bytes: Uint8Array, size = bytes.length): FileSource {
  const source: FileSource = { name, size, url: `/files/${name}` };
  sources.set(source, bytes);
  return source;
}

beforeEach(() => {
  opened.mockClear();
  opened.mockImplementation(async (source) => streamOf(chunksOf(sources.get(source)!, 64 * 1024)));
  window.localStorage.clear();
});

function show(source: FileSource, kind: ViewerProps['kind'] = 'code', language?: 'zh-CN') {
  const onError = jest.fn();
  const view = renderWithTexts(<CodeViewer source={source} kind={kind} label={`Content of ${source.name}`} onError={onError} />, language);
  return { ...view, onError };
}

const lineNumbers = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('.cv-code-line'), (line) => line.getAttribute('data-n'));

describe('the code viewer', () => {
  it('shows a plain log as it is, with line numbers and its line count, and never loads the highlighter', async () => {
    const { container } = show(sourceOf('server.log', logSample()));
    const text = await screen.findByTestId('file-text');
    expect(text.querySelector('pre code')).toHaveTextContent('server listening on :8080');
    expect(text.querySelector('code')).not.toHaveClass('hljs');
    expect(text).toHaveTextContent('<b>not bold</b> & not markup');
    expect(text.querySelector('b')).toBeNull();
    expect(lineNumbers(container)).toEqual(['1', '2', '3']);
    expect(screen.getByTestId('code-status')).toHaveTextContent('3 lines');
    expect(screen.getByTestId('viewer-code')).toHaveAttribute('data-language', 'plaintext');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(mockHighlighterLoads).toBe(0);
  });

  it('highlights a TypeScript file: code.hljs with the keywords marked, comments kept whole per line', async () => {
    const { container } = show(sourceOf('hello.ts', typescriptSample()));
    await waitFor(() => expect(screen.getByTestId('file-text').querySelector('pre code')).toHaveClass('hljs'));
    expect(mockHighlighterLoads).toBe(1);
    const code = screen.getByTestId('file-text').querySelector('pre code')!;
    expect(code.querySelector('.hljs-keyword')).toHaveTextContent('export');
    expect(code).toHaveTextContent('export function greet(person: Person): string {');
    expect(screen.getByTestId('viewer-code')).toHaveAttribute('data-language', 'typescript');
    // The two-line block comment: a comment span on each of its lines.
    const lines = container.querySelectorAll('.cv-code-line');
    expect(lines).toHaveLength(10);
    expect(lines[5]!.querySelector('.hljs-comment')).toHaveTextContent('/* A comment that spans');
    expect(lines[6]!.querySelector('.hljs-comment')).toHaveTextContent('two lines. */');
  });

  it('shows a Markdown file as its highlighted source', async () => {
    show(sourceOf('notes.md', markdownSample()), 'markdown');
    await waitFor(() => expect(screen.getByTestId('viewer-code')).toHaveAttribute('data-language', 'markdown'));
    expect(screen.getByTestId('file-text').querySelector('.hljs-section')).toHaveTextContent('# Release notes');
  });

  it('wraps lines on demand and remembers the choice', async () => {
    show(sourceOf('server.log', logSample()));
    const wrap = await screen.findByRole('button', { name: 'Wrap lines' });
    expect(wrap).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(wrap);
    expect(wrap).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('file-text').querySelector('pre')).toHaveClass('cv-code-pre--wrap');
    expect(window.localStorage.getItem('cloudclip.viewers.code.wrap')).toBe('1');
  });

  it('copies the whole text of a small file', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show(sourceOf('server.log', logSample()), 'code', 'zh-CN');
    fireEvent.click(await screen.findByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith(new TextDecoder().decode(logSample()));
    expect(await screen.findByRole('button', { name: '已复制' })).toBeInTheDocument();
  });

  it('does not read the file again when the page passes an equal source anew', async () => {
    const source = sourceOf('server.log', logSample());
    const { rerender } = show(source);
    await screen.findByTestId('file-text');
    const again = { ...source };
    sources.set(again, logSample());
    rerender(<CodeViewer source={again} kind="code" label="Content of server.log" onError={jest.fn()} />);
    await screen.findByTestId('file-text');
    expect(opened).toHaveBeenCalledTimes(1);
    const other = sourceOf('other.log', new TextEncoder().encode('another file\n'));
    rerender(<CodeViewer source={other} kind="code" label="Content of other.log" onError={jest.fn()} />);
    await waitFor(() => expect(screen.getByTestId('file-text')).toHaveTextContent('another file'));
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('shows a small file of very many lines in the virtualized view', async () => {
    const { container } = show(sourceOf('lines.txt', new TextEncoder().encode('x\n'.repeat(30000))));
    await waitFor(() => expect(screen.getByTestId('code-status')).toHaveTextContent('30,000 lines'));
    expect(screen.getByTestId('viewer-code')).toHaveAttribute('data-mode', 'virtual');
    expect(container.querySelectorAll('.cv-code-line').length).toBeLessThan(60);
  });

  it('ends the loading state for a file whose announced size was larger than its content', async () => {
    show(sourceOf('empty.log', new Uint8Array(0), 2 * 1024 * 1024));
    await waitFor(() => expect(screen.getByTestId('code-status')).toHaveTextContent('1 line'));
    expect(screen.queryByTestId('viewer-loading')).toBeNull();
  });

  it('refuses a binary file as unsupported', async () => {
    const { onError } = show(sourceOf('data.log', binarySample()));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'unsupported' })));
  });

  it('refuses a file over 512 MB before reading it', () => {
    const { onError } = show(sourceOf('huge.log', new Uint8Array(0), 600 * 1024 * 1024));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'too-large' }));
    expect(opened).not.toHaveBeenCalled();
  });

  it('shows a large log in a virtualized view: the first lines at once, progress, then the count; keys scroll it', async () => {
    const bytes = logOfBytes(3 * 1024 * 1024);
    const all = new TextDecoder().decode(bytes).split('\n');
    const total = all.length - 1; // the text ends with a line break
    const lastLine = all[total - 1]!; // cut to fit the size
    // The stream hands out its chunks only when the test says so.
    const chunks = chunksOf(bytes, 256 * 1024);
    let release: () => void = () => undefined;
    let allowed = 1;
    let next = 0;
    opened.mockImplementation(async () => {
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          while (next >= allowed) await new Promise<void>((resolve) => (release = resolve));
          if (next < chunks.length) controller.enqueue(chunks[next++]!);
          else controller.close();
        },
      });
    });
    const { container } = show(sourceOf('big.log', bytes));
    const text = await screen.findByTestId('file-text');
    expect(screen.getByTestId('viewer-code')).toHaveAttribute('data-mode', 'virtual');
    await waitFor(() => expect(text).toHaveTextContent(logLine(1)));
    expect(screen.getByTestId('code-status')).toHaveTextContent('Loaded 256 KB of 3 MB');
    expect(screen.getByRole('button', { name: 'Wrap lines' })).toBeDisabled();
    expect(screen.getByTestId('viewer-code')).toHaveTextContent('Lines do not wrap in large files (over 512 KB or 20,000 lines).');
    // Only the window is in the page.
    expect(container.querySelectorAll('.cv-code-line').length).toBeLessThan(60);

    allowed = chunks.length + 1;
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('code-status')).toHaveTextContent(`${total.toLocaleString('en-US')} lines`), {
      timeout: 5000,
    });
    expect(container.querySelectorAll('.cv-code-line').length).toBeLessThan(60);

    fireEvent.keyDown(text, { key: 'End' });
    await waitFor(() => expect(text).toHaveTextContent(lastLine));
    expect(lineNumbers(container)).toContain(String(total));
    fireEvent.keyDown(text, { key: 'Home' });
    fireEvent.keyDown(text, { key: 'ArrowDown' });
    fireEvent.keyDown(text, { key: 'ArrowDown' });
    expect(text.scrollTop).toBe(40);
    await waitFor(() => expect(text).toHaveAttribute('data-first-line', '1'));
    fireEvent.keyDown(text, { key: 'PageDown' });
    expect(text.scrollTop).toBe(40 + 29 * 20);
  });
});
