import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { putSharedItem, STORAGE_KEYS, takeSharedItem, type Kernel } from '@cloudclip/shared-kernel';
import { makeKernel, renderWithKernel } from '../../../test/test-kernel';
import { EditorPage } from '../components/editor-page';

// jsdom has no structuredClone, which fake-indexeddb stores with: plain data is copied, files kept.
function copy(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(copy);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)]));
}
if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = ((value: unknown) => copy(value)) as typeof structuredClone;
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

function renderAt(path: string, language: 'en-US' | 'zh-CN' = 'en-US') {
  const kernel = makeKernel({ language });
  const navigations: { to: string; replace?: boolean }[] = [];
  kernel.bus.on('navigate').subscribe((event) => navigations.push(event));
  renderWithKernel(
    <>
      <EditorPage />
      <Address />
    </>,
    kernel,
    path,
  );
  return { kernel: kernel as Kernel, navigations };
}

/** The notice, which must be an alert (other alerts of the page, e.g. the share form's, do not count). */
async function noticeAlert() {
  const notice = await screen.findByTestId('shared-content-notice');
  expect(notice).toHaveAttribute('role', 'alert');
  return notice;
}

beforeEach(() => window.localStorage.clear());

describe('the editor opened with ?share=<id>', () => {
  it('puts the shared text in the editor, says so, and drops share from the address', async () => {
    const id = await putSharedItem({ title: 'A page', text: 'Worth reading', url: 'https://example.test/a' });
    renderAt(`/?share=${id}&from=sheet#top`);

    const editor = await screen.findByLabelText('Markdown content');
    await waitFor(() => expect(editor).toHaveValue('# A page\n\nWorth reading\n\nhttps://example.test/a'));
    const notice = screen.getByTestId('shared-content-notice');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Shared to Cloudclip — review it and share it.');
    expect(screen.queryByTestId('shared-content-restore')).toBeNull();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/\?from=sheet#top$/);
    // Saved as the draft, and taken out of the inbox: a reload finds nothing to repeat.
    expect(window.localStorage.getItem(STORAGE_KEYS.editorDraft)).toBe('# A page\n\nWorth reading\n\nhttps://example.test/a');
    expect(await takeSharedItem(id)).toBeNull();
  });

  it('keeps the draft it replaced, and puts it back on request', async () => {
    window.localStorage.setItem(STORAGE_KEYS.editorDraft, '# my unfinished notes');
    const id = await putSharedItem({ text: 'shared words' });
    renderAt(`/?share=${id}`);

    const editor = await screen.findByLabelText('Markdown content');
    await waitFor(() => expect(editor).toHaveValue('shared words'));
    expect(screen.getByTestId('shared-content-notice')).toHaveTextContent('It replaced your previous draft.');

    const restore = screen.getByRole('button', { name: 'Restore previous draft (discards the shared text)' });
    fireEvent.click(restore);
    expect(editor).toHaveValue('# my unfinished notes');
    expect(window.localStorage.getItem(STORAGE_KEYS.editorDraft)).toBe('# my unfinished notes');
    expect(screen.getByTestId('shared-content-notice')).toHaveTextContent('Your previous draft is back; the shared text was discarded.');
    expect(screen.queryByTestId('shared-content-restore')).toBeNull();
  });

  it.each([
    {
      problem: 'that sharing needs the app opened online once',
      share: async () => 'unavailable',
      text: 'Sharing needs the app to be opened once while online. Please share again.',
    },
    {
      problem: 'when the shared item is gone',
      share: async () => {
        const id = await putSharedItem({ text: 'once' });
        await takeSharedItem(id);
        return id;
      },
      text: 'That shared item is no longer available.',
    },
  ])('says $problem, and keeps the draft', async ({ share, text }) => {
    window.localStorage.setItem(STORAGE_KEYS.editorDraft, 'kept');
    renderAt(`/?share=${await share()}`);
    expect(await noticeAlert()).toHaveTextContent(text);
    expect(screen.getByLabelText('Markdown content')).toHaveValue('kept');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });

  it.each([
    ['unavailable', '需要先在联网状态下打开一次本应用，才能分享到这里。请重新分享一次。'],
    ['no-such-item', '该分享内容已不存在。'],
  ])('says in Chinese why ?share=%s cannot be opened', async (share, text) => {
    renderAt(`/?share=${share}`, 'zh-CN');
    expect(await noticeAlert()).toHaveTextContent(text);
  });

  it('hands an item with files on to the upload page', async () => {
    window.localStorage.setItem(STORAGE_KEYS.editorDraft, 'kept');
    const photo = new File(['jpg'], 'photo.jpg', { type: 'image/jpeg' });
    const id = await putSharedItem({ files: [photo] });
    const { navigations } = renderAt(`/?share=${id}`);

    await waitFor(() => expect(navigations).toHaveLength(1));
    const target = new URL(navigations[0]!.to, 'http://x.test');
    expect(target.pathname).toBe('/upload');
    expect(navigations[0]!.replace).toBe(true);
    const again = target.searchParams.get('share')!;
    expect(again).not.toBe(id);
    const item = await takeSharedItem(again);
    expect(item?.files.map((file) => file.name)).toEqual(['photo.jpg']);
    expect(screen.getByLabelText('Markdown content')).toHaveValue('kept');
    expect(screen.queryByTestId('shared-content-notice')).toBeNull();
  });

  it('can be dismissed', async () => {
    renderAt('/?share=unavailable');
    await noticeAlert();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('shared-content-notice')).toBeNull();
  });
});
