import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { FileViewer } from './file-viewer';
import type { FileSource, ViewerProps } from './types';

// The viewer chunks the layer loads, replaced by stand-ins: one that renders, one that throws while
// rendering, one that reports a reason through onError, and one whose chunk cannot be downloaded.
jest.mock('./viewers/image', () => ({
  __esModule: true,
  default: ({ source, label }: ViewerProps) => (
    <p data-testid="viewer-image" aria-label={label}>
      picture {source.name}
    </p>
  ),
}));
jest.mock('./viewers/pdf', () => ({
  __esModule: true,
  default: ({ source }: ViewerProps) => {
    if (source.name.startsWith('broken')) throw new Error('Invalid PDF structure');
    return <p data-testid="viewer-pdf">pages of {source.name}</p>;
  },
}));
jest.mock('./viewers/archive', () => {
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  const { ViewerError: Reported } = jest.requireActual<typeof import('./errors')>('./errors');
  function ArchiveViewer({ onError }: ViewerProps) {
    useEffect(() => onError(new Reported('encrypted')), [onError]);
    return <p data-testid="viewer-archive">listing…</p>;
  }
  return { __esModule: true, default: ArchiveViewer };
});
jest.mock('./viewers/document', () => {
  // What webpack's runtime rejects a lazy import with when the chunk's script fails to load.
  throw Object.assign(new Error('Loading chunk 734 failed.\n(error: http://127.0.0.1/viewer-document.0a1b2c3d.js)'), {
    name: 'ChunkLoadError',
  });
});

const i18n = i18next.createInstance();
void i18n
  .use(initReactI18next)
  .init({ lng: 'en-US', fallbackLng: 'en-US', resources: {}, initAsync: false, interpolation: { escapeValue: false } });
afterEach(() => void i18n.changeLanguage('en-US'));

const source = (name: string, extra: Partial<FileSource> = {}): FileSource => ({
  name,
  size: 2048,
  url: `http://127.0.0.1:8080/api/file-view/${encodeURIComponent(name)}`,
  ...extra,
});

function renderViewer(props: Parameters<typeof FileViewer>[0]) {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <FileViewer {...props} />
    </I18nextProvider>,
  );
  return {
    ...view,
    rerenderWith: (next: Parameters<typeof FileViewer>[0]) =>
      view.rerender(
        <I18nextProvider i18n={i18n}>
          <FileViewer {...next} />
        </I18nextProvider>,
      ),
  };
}

// React reports what a boundary caught on the console; the tests check what the user sees instead.
let consoleError: jest.SpyInstance;
beforeEach(() => (consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined)));
afterEach(() => consoleError.mockRestore());

describe('FileViewer', () => {
  it('shows the download fallback, with why, for a kind that has no viewer', () => {
    const onFallback = jest.fn();
    renderViewer({ source: source('data.bin'), download: { href: '/api/file-download/x' }, onFallback });
    expect(screen.getByTestId('file-viewer')).toHaveAttribute('data-viewer', 'other');
    expect(screen.getByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'no-preview');
    expect(screen.getByTestId('viewer-fallback-reason')).toHaveTextContent('There is no preview for this type of file.');
    expect(screen.getByTestId('viewer-fallback-download')).toHaveAttribute('href', '/api/file-download/x');
    expect(screen.getByTestId('viewer-fallback-download')).toHaveTextContent('Download (2 KB)');
    expect(screen.getByText('data.bin')).toBeInTheDocument();
    // Nothing failed: the file simply has no viewer.
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('offers a blob source as a saved copy, and a page action as a button', () => {
    const created = jest.fn(() => 'blob:http://localhost/copy-1');
    URL.createObjectURL = created;
    URL.revokeObjectURL = jest.fn();
    const { unmount } = renderViewer({ source: { name: 'inner.bin', size: 10, blob: new Blob(['0123456789']) } });
    expect(screen.getByTestId('viewer-fallback-download')).toHaveAttribute('href', 'blob:http://localhost/copy-1');
    expect(screen.getByTestId('viewer-fallback-download')).toHaveAttribute('download', 'inner.bin');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/copy-1');

    const onClick = jest.fn();
    renderViewer({ source: source('data.bin'), download: { onClick } });
    fireEvent.click(screen.getByTestId('viewer-fallback-download'));
    expect(onClick).toHaveBeenCalled();
  });

  it('loads the viewer of the kind, showing the loading state until its chunk is in', async () => {
    renderViewer({ source: source('photo.jpg') });
    expect(screen.getByTestId('viewer-loading')).toHaveTextContent('Loading the preview…');
    expect(await screen.findByTestId('viewer-image')).toHaveTextContent('picture photo.jpg');
    expect(screen.getByTestId('viewer-image')).toHaveAttribute('aria-label', 'Content of photo.jpg');
    expect(screen.getByTestId('file-viewer')).toHaveAttribute('data-viewer', 'image');
  });

  it('uses a page’s own viewer for a kind it overrides', async () => {
    const Own: ComponentType<ViewerProps> = ({ source: shown, kind }) => <p data-testid="own">{`${kind}: ${shown.name}`}</p>;
    renderViewer({ source: source('readme.md'), overrides: { markdown: Own } });
    expect(await screen.findByTestId('own')).toHaveTextContent('markdown: readme.md');
  });

  it('turns a viewer that throws while rendering into the fallback with the reason, in English and in Chinese', async () => {
    const onFallback = jest.fn();
    renderViewer({ source: source('broken.pdf'), onFallback });
    const reason = await screen.findByTestId('viewer-fallback-reason');
    expect(screen.getByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'damaged');
    expect(reason).toHaveTextContent('The file is damaged or not in the format its name says, so it cannot be previewed.');
    expect(screen.getByTestId('viewer-fallback-download')).toHaveTextContent('Download');
    expect(onFallback).toHaveBeenCalledWith('damaged');

    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('viewer-fallback-reason')).toHaveTextContent('文件已损坏或格式不正确，无法预览。');
    expect(screen.getByTestId('viewer-fallback-download')).toHaveTextContent('下载');
  });

  it('shows the reason a viewer reports through onError', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    renderViewer({ source: source('secret.zip') });
    expect(await screen.findByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'encrypted');
    expect(screen.getByTestId('viewer-fallback-reason')).toHaveTextContent('文件已加密，无法预览。');
    expect(screen.queryByTestId('viewer-archive')).toBeNull();
  });

  it('says the previewer could not be loaded when its chunk fails to download', async () => {
    renderViewer({ source: source('report.docx') });
    expect(await screen.findByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'chunk-failed');
    expect(screen.getByTestId('viewer-fallback-reason')).toHaveTextContent(
      'The previewer could not be loaded; reload the page to try again.',
    );
  });

  it('starts over for another file: the failure of the previous one is not carried over', async () => {
    const view = renderViewer({ source: source('broken.pdf') });
    expect(await screen.findByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'damaged');
    view.rerenderWith({ source: source('paper.pdf') });
    expect(await screen.findByTestId('viewer-pdf')).toHaveTextContent('pages of paper.pdf');
    expect(screen.queryByTestId('viewer-fallback')).toBeNull();
    expect(screen.getByTestId('file-viewer')).toHaveAttribute('data-viewer', 'pdf');
    // And back to a failing one: it fails again, on its own.
    view.rerenderWith({ source: source('broken-too.pdf') });
    expect(await screen.findByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'damaged');
  });
});
