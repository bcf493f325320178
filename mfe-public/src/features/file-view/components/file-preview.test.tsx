import { fireEvent, screen } from '@testing-library/react';
import { WRAP_PREFERENCE_KEY, type ViewerProps } from '@cloudclip/file-viewers';
import type { PublicFile } from '@cloudclip/shared-kernel';
import { publicFile, serveFileText } from '../../../test/public-file';
import { makeKernel, renderWithKernel } from '../../../test/test-kernel';
import { FilePreview } from './file-preview';

// Records which lazily loaded parts were asked for: the Markdown pipeline (a separate ~90 KB chunk
// in the build) and the layer's viewer chunks (viewer-code, viewer-pdf).
const loads: string[] = [];
jest.mock('../../../lib/markdown/markdown-view', () => {
  loads.push('markdown-view');
  return {
    MarkdownView: ({ value, testId }: { value: string; testId?: string }) => (
      <div data-testid={testId}>
        <h1>{value.replace(/^# /, '').split('\n')[0]}</h1>
      </div>
    ),
  };
});
jest.mock('../../../../../file-viewers/src/viewers/code', () => {
  loads.push('viewer-code');
  return { __esModule: true, default: ({ source }: ViewerProps) => <p data-testid="viewer-code">code viewer of {source.name}</p> };
});
jest.mock('../../../../../file-viewers/src/viewers/pdf', () => {
  loads.push('viewer-pdf');
  return { __esModule: true, default: ({ source }: ViewerProps) => <p data-testid="viewer-pdf">pages of {source.name}</p> };
});
jest.mock('../../../../../file-viewers/src/viewers/document', () => {
  loads.push('viewer-document');
  return { __esModule: true, default: ({ source }: ViewerProps) => <p data-testid="viewer-document">{source.url}</p> };
});

function textFile(filename: string, mimetype: string, text: string): PublicFile {
  return publicFile({ slug: 'f1', filename, mimetype, size: text.length });
}

const links = { preview: 'http://127.0.0.1:8080/api/file-view/f1', download: 'http://127.0.0.1:8080/api/file-download/f1' };

describe('FilePreview', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => (loads.length = 0));
  afterEach(() => restore());
  function serveText(text: string) {
    const served = serveFileText(text);
    restore = served.restore;
    return served.mock;
  }

  it('shows plain text as it is, without the Markdown pipeline or any viewer chunk', async () => {
    const fetchMock = serveText('line one\nline two\n');
    renderWithKernel(<FilePreview file={textFile('notes.txt', 'text/plain', 'line one\nline two\n')} links={links} />, makeKernel());
    const block = await screen.findByTestId('file-text');
    expect(block.tagName).toBe('PRE');
    expect(block).toHaveTextContent('line one line two');
    expect(screen.getByTestId('file-preview')).toHaveAttribute('data-kind', 'code');
    expect(screen.getByTestId('file-viewer')).toContainElement(block);
    expect(fetchMock).toHaveBeenCalledWith(links.preview, expect.objectContaining({ credentials: 'omit' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toEqual([]);
  });

  it('numbers the lines of a plain text and wraps them on request, the choice remembered', async () => {
    window.localStorage.clear();
    serveText('first line\r\nsecond line\nthird line\n');
    renderWithKernel(
      <FilePreview file={textFile('notes.log', 'text/plain', 'first line\r\nsecond line\nthird line\n')} links={links} />,
      makeKernel(),
    );
    const block = await screen.findByTestId('file-text');
    const lines = block.querySelectorAll('.cp-line');
    expect(Array.from(lines, (line) => line.textContent)).toEqual(['first line\n', 'second line\n', 'third line\n']);
    expect(block).toHaveClass('cp-code--numbered');
    expect(block).not.toHaveClass('cp-code--wrap');
    const wrap = screen.getByRole('checkbox', { name: 'Wrap lines' });
    fireEvent.click(wrap);
    expect(block).toHaveClass('cp-code--wrap');
    expect(window.localStorage.getItem(WRAP_PREFERENCE_KEY)).toBe('1');
  });

  it('renders a small Markdown file with the page’s pipeline', async () => {
    serveText('# Read me\n');
    renderWithKernel(<FilePreview file={textFile('readme.md', 'text/markdown', '# Read me\n')} links={links} />, makeKernel());
    expect(await screen.findByRole('heading', { name: 'Read me' })).toBeInTheDocument();
    expect(screen.getByTestId('file-markdown')).toBeInTheDocument();
    expect(loads).toEqual(['markdown-view']);
  });

  it('hands code with a language to the layer’s code viewer', async () => {
    serveText('const a = 1;\n');
    renderWithKernel(<FilePreview file={textFile('main.ts', 'application/octet-stream', 'const a = 1;\n')} links={links} />, makeKernel());
    expect(await screen.findByTestId('viewer-code')).toHaveTextContent('code viewer of main.ts');
    expect(loads).toEqual(['viewer-code']);
  });

  it('hands a plain text over 2 MB to the layer’s code viewer instead of a “too large” card', async () => {
    const big = publicFile({ slug: 'f1', filename: 'server.log', mimetype: 'text/plain', size: 50 * 1024 * 1024 });
    renderWithKernel(<FilePreview file={big} links={links} />, makeKernel());
    expect(await screen.findByTestId('viewer-code')).toHaveTextContent('code viewer of server.log');
    expect(screen.queryByTestId('viewer-fallback')).toBeNull();
  });

  it('shows a PDF with the layer’s PDF viewer, not an iframe', async () => {
    const pdf = publicFile({ slug: 'f1', filename: 'paper.pdf', mimetype: 'application/pdf', size: 1234 });
    const { container } = renderWithKernel(<FilePreview file={pdf} links={links} />, makeKernel());
    expect(await screen.findByTestId('viewer-pdf')).toHaveTextContent('pages of paper.pdf');
    expect(screen.getByTestId('file-preview')).toHaveAttribute('data-kind', 'pdf');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('reads an Office document from the download link, never the inline link a server sends to an online viewer', async () => {
    const docx = publicFile({ slug: 'f1', filename: 'report.docx', mimetype: 'application/octet-stream', size: 4096 });
    renderWithKernel(<FilePreview file={docx} links={links} />, makeKernel());
    expect(await screen.findByTestId('viewer-document')).toHaveTextContent(links.download);
    expect(screen.getByTestId('file-preview')).toHaveAttribute('data-kind', 'document');
  });

  it('offers the download link with a reason for a file without a preview', async () => {
    const other = publicFile({ slug: 'f1', filename: 'blob.bin', mimetype: 'application/octet-stream', size: 2048 });
    renderWithKernel(<FilePreview file={other} links={links} />, makeKernel());
    expect(await screen.findByTestId('viewer-fallback-reason')).toHaveTextContent('There is no preview for this type of file.');
    expect(screen.getByTestId('viewer-fallback-download')).toHaveAttribute('href', links.download);
    expect(screen.getByTestId('viewer-fallback-download')).toHaveTextContent('Download (2 KB)');
  });

  it('falls back to the download when the text cannot be fetched', async () => {
    const previous = globalThis.fetch;
    globalThis.fetch = jest.fn(async () => ({ ok: false, status: 503, text: async () => '' })) as unknown as typeof fetch;
    restore = () => (globalThis.fetch = previous);
    renderWithKernel(<FilePreview file={textFile('gone.txt', 'text/plain', 'x')} links={links} />, makeKernel());
    expect(await screen.findByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'unreachable');
  });
});
