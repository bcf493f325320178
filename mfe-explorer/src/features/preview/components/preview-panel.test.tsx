import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { FileSource, ViewerProps } from '@cloudclip/file-viewers';
import { createKernel, createSafeStorage, type FsFileInfo, type FsItemInfo, type FsListing } from '@cloudclip/shared-kernel';
import { NAMESPACE, resources } from '../../../i18n/resources';
import type { FsApi } from '../../../lib/fs-api';
import PreviewPanel from './preview-panel';

// The layer's viewer chunks, as small stand-ins that show what they were given.
let lastSource: FileSource | null = null;
const viewer = (testId: string) => ({
  __esModule: true,
  default: ({ source }: ViewerProps) => {
    lastSource = source;
    return (
      <p data-testid={testId}>
        {source.name} from {source.url ?? 'bytes'}
      </p>
    );
  },
});
jest.mock('../../../../../file-viewers/src/viewers/image', () => viewer('viewer-image'));
jest.mock('../../../../../file-viewers/src/viewers/media', () => viewer('viewer-media'));
jest.mock('../../../../../file-viewers/src/viewers/archive', () => viewer('viewer-archive'));
jest.mock('../../../../../file-viewers/src/viewers/code', () => viewer('viewer-code'));
jest.mock('./markdown-view', () => ({
  __esModule: true,
  default: ({ text }: { text: string }) => <h1 data-testid="preview-markdown">{text.replace(/^# /, '').trim()}</h1>,
}));

const DIR = '/m/films/';

function fileInfo(name: string, size: number, contentType: string): FsFileInfo {
  return {
    path: `${DIR}${name}`,
    name,
    isDirectory: false,
    size,
    modified: '2025-07-01T08:00:00.000Z',
    contentType,
    etag: `etag-${name}`,
    mount_id: 'mount-1',
    storage_type: 'LOCAL',
    preview_url: `http://127.0.0.1:8080/api/local/${encodeURIComponent(name)}?sig=1`,
    download_url: `http://127.0.0.1:8080/api/local/${encodeURIComponent(name)}?sig=1&download=1`,
  };
}

const FILES: Record<string, FsFileInfo> = Object.fromEntries(
  [
    fileInfo('pixel.png', 70, 'image/png'),
    fileInfo('movie.mp4', 5_000_000, 'video/mp4'),
    fileInfo('movie.en.vtt', 120, 'text/vtt'),
    fileInfo('movie.srt', 100, 'application/x-subrip'),
    fileInfo('movie2.vtt', 100, 'text/vtt'),
    fileInfo('notes.md', 20, 'text/markdown'),
    fileInfo('huge.log', 60 * 1024 * 1024, 'text/plain'),
    fileInfo('bundle.zip', 4096, 'application/zip'),
    fileInfo('blob.bin', 2048, 'application/octet-stream'),
  ].map((info) => [info.path, info]),
);

function fakeFs() {
  const gets: string[] = [];
  const downloads: string[] = [];
  const lists: string[] = [];
  const fs = {
    get: jest.fn(async (path: string): Promise<FsItemInfo> => {
      gets.push(path);
      const info = FILES[path];
      if (!info) throw new Error('not found');
      return info;
    }),
    list: jest.fn(async (path: string): Promise<FsListing> => {
      lists.push(path);
      return {
        path,
        type: 'directory',
        isRoot: false,
        isVirtual: false,
        mount_id: 'mount-1',
        storage_type: 'LOCAL',
        items: [
          { name: 'extras', path: `${DIR}extras/`, isDirectory: true, isVirtual: false, size: 0, modified: '2025-07-01T08:00:00.000Z' },
          ...Object.values(FILES).map((info) => ({
            name: info.name,
            path: info.path,
            isDirectory: false as const,
            size: info.size,
            modified: info.modified,
            etag: info.etag,
          })),
        ],
      };
    }),
    download: jest.fn(async (path: string) => {
      downloads.push(path);
      // jsdom's Blob has no text(); the browser's has.
      const text = '# Release notes\n';
      return Object.assign(new Blob([text]), { text: async () => text });
    }),
  } as unknown as FsApi;
  return { fs, gets, downloads, lists };
}

function renderPanel(name: string, fs: FsApi, handlers: { onDownload?: () => void; onEdit?: () => void } = {}) {
  window.localStorage.setItem('language', 'en-US');
  const kernel = createKernel({ storage: createSafeStorage(window.localStorage), origin: 'http://127.0.0.1:8080', appConfig: {} });
  kernel.i18n.addNamespace(NAMESPACE, resources);
  return render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <PreviewPanel
        fs={fs}
        path={`${DIR}${name}`}
        name={name}
        onClose={() => undefined}
        onDownload={handlers.onDownload ?? (() => undefined)}
        onLink={() => undefined}
        onEdit={handlers.onEdit ?? (() => undefined)}
      />
    </I18nextProvider>,
  );
}

beforeEach(() => {
  lastSource = null;
});

test('shows an image from its preview address with the layer, the panel naming the viewer kind', async () => {
  const { fs, downloads } = fakeFs();
  renderPanel('pixel.png', fs);
  expect(await screen.findByTestId('viewer-image')).toHaveTextContent(`pixel.png from ${FILES[`${DIR}pixel.png`]!.preview_url}`);
  expect(screen.getByTestId('preview-panel')).toHaveAttribute('data-kind', 'image');
  expect(screen.queryByTestId('preview-edit')).toBeNull();
  expect(downloads).toEqual([]);
});

test("a video's neighbours are listed only when a viewer asks, with the preview address of its companions only", async () => {
  const { fs, gets, lists } = fakeFs();
  renderPanel('movie.mp4', fs);
  await screen.findByTestId('viewer-media');
  expect(lists).toEqual([]);
  expect(gets).toEqual([`${DIR}movie.mp4`]);
  const siblings = await lastSource!.siblings!();
  expect(lists).toEqual([DIR]);
  expect(siblings.map((sibling) => [sibling.name, sibling.url])).toEqual([
    ['movie.en.vtt', FILES[`${DIR}movie.en.vtt`]!.preview_url],
    ['movie.srt', FILES[`${DIR}movie.srt`]!.preview_url],
  ]);
  expect(gets).toEqual([`${DIR}movie.mp4`, `${DIR}movie.en.vtt`, `${DIR}movie.srt`]);
  await lastSource!.siblings!();
  expect(lists).toHaveLength(1);
});

test('a small Markdown file is read through fs/download and rendered by the explorer, with the edit button', async () => {
  const { fs, downloads } = fakeFs();
  const onEdit = jest.fn();
  renderPanel('notes.md', fs, { onEdit });
  expect(await screen.findByTestId('preview-markdown')).toHaveTextContent('Release notes');
  expect(downloads).toEqual([`${DIR}notes.md`]);
  expect(screen.getByTestId('preview-panel')).toHaveAttribute('data-kind', 'markdown');
  fireEvent.click(screen.getByTestId('preview-edit'));
  expect(onEdit).toHaveBeenCalled();
});

test('a 60 MB log goes to the layer’s text viewer from its address (no download, no editor)', async () => {
  const { fs, downloads } = fakeFs();
  renderPanel('huge.log', fs);
  expect(await screen.findByTestId('viewer-code')).toHaveTextContent(`huge.log from ${FILES[`${DIR}huge.log`]!.preview_url}`);
  expect(downloads).toEqual([]);
  expect(screen.queryByTestId('preview-edit')).toBeNull();
});

test('an archive opens in the archive viewer', async () => {
  const { fs } = fakeFs();
  renderPanel('bundle.zip', fs);
  expect(await screen.findByTestId('viewer-archive')).toHaveTextContent('bundle.zip');
  expect(screen.getByTestId('preview-panel')).toHaveAttribute('data-kind', 'archive');
});

test('a file without a preview gets the fallback, whose button downloads through the explorer', async () => {
  const { fs } = fakeFs();
  const onDownload = jest.fn();
  renderPanel('blob.bin', fs, { onDownload });
  expect(await screen.findByTestId('viewer-fallback-reason')).toHaveTextContent('There is no preview for this type of file.');
  fireEvent.click(screen.getByTestId('viewer-fallback-download'));
  expect(onDownload).toHaveBeenCalled();
});

test('a file that is not there says so', async () => {
  const { fs } = fakeFs();
  renderPanel('missing.txt', fs);
  await waitFor(() => expect(screen.getByTestId('preview-error')).toHaveTextContent('not found'));
});
