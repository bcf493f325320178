import { screen } from '@testing-library/react';
import type { PublicFile } from '@cloudclip/shared-kernel';
import { makeKernel, renderWithKernel } from '../../../test/test-kernel';
import { FilePreview } from './file-preview';

// Records whether the Markdown pipeline (a separate ~90 KB chunk in the build) was asked for.
const pipelineLoads: string[] = [];
jest.mock('../../../lib/markdown/markdown-view', () => {
  pipelineLoads.push('markdown-view');
  return {
    MarkdownView: ({ value }: { value: string }) => (
      <pre>
        <code className="hljs" data-testid="highlighted">
          {value}
        </code>
      </pre>
    ),
  };
});

function textFile(filename: string, mimetype: string, text: string): PublicFile {
  return {
    id: 'f1',
    slug: 'f1',
    filename,
    mimetype,
    size: text.length,
    remark: null,
    created_at: '2026-11-01T08:00:00.000Z',
    requires_password: false,
    views: 1,
    max_views: null,
    expires_at: null,
    s3_direct_preview_url: '',
    s3_direct_download_url: '',
    use_proxy: 1,
    created_by: null,
  };
}

function serveText(text: string) {
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, text: async () => text }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const links = { preview: 'http://127.0.0.1:8080/api/file-view/f1', download: 'http://127.0.0.1:8080/api/file-download/f1' };

describe('FilePreview of a text file', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('shows plain text as it is and never loads the Markdown pipeline', async () => {
    const fetchMock = serveText('line one\nline two\n');
    renderWithKernel(<FilePreview file={textFile('notes.txt', 'text/plain', 'line one\nline two\n')} links={links} />, makeKernel());
    const block = await screen.findByTestId('file-text');
    expect(block.tagName).toBe('PRE');
    expect(block).toHaveTextContent('line one line two');
    expect(fetchMock).toHaveBeenCalledWith(links.preview, expect.objectContaining({ credentials: 'omit' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pipelineLoads).toEqual([]);
    expect(screen.queryByTestId('highlighted')).toBeNull();
  });

  it('highlights a code file with the pipeline', async () => {
    serveText('const a = 1;\n');
    renderWithKernel(<FilePreview file={textFile('main.ts', 'application/octet-stream', 'const a = 1;\n')} links={links} />, makeKernel());
    expect(await screen.findByTestId('highlighted')).toHaveTextContent('const a = 1;');
    expect(pipelineLoads).toEqual(['markdown-view']);
  });
});
