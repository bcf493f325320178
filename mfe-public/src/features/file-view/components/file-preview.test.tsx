import { screen } from '@testing-library/react';
import type { PublicFile } from '@cloudclip/shared-kernel';
import { publicFile, serveFileText } from '../../../test/public-file';
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
  return publicFile({ slug: 'f1', filename, mimetype, size: text.length });
}

const links = { preview: 'http://127.0.0.1:8080/api/file-view/f1', download: 'http://127.0.0.1:8080/api/file-download/f1' };

describe('FilePreview of a text file', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());
  function serveText(text: string) {
    const served = serveFileText(text);
    restore = served.restore;
    return served.mock;
  }

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
