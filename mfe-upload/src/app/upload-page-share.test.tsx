import { StrictMode } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS, putSharedItem, takeSharedItem, type Kernel, type SharedItem } from '@cloudclip/shared-kernel';
import { makeKernel, renderWithKernel } from '../test/test-kernel';
import { UploadPage } from './upload-page';

// jsdom has no IndexedDB: the share inbox is replaced at the kernel's edge.
jest.mock('@cloudclip/shared-kernel', () => ({
  ...jest.requireActual('@cloudclip/shared-kernel'),
  takeSharedItem: jest.fn(),
  putSharedItem: jest.fn(),
}));

const take = takeSharedItem as jest.MockedFunction<typeof takeSharedItem>;
const put = putSharedItem as jest.MockedFunction<typeof putSharedItem>;

function adminKernel(language: 'en-US' | 'zh-CN' = 'en-US', maxMb = 1): Kernel {
  const kernel = makeKernel({ language, storage: { [STORAGE_KEYS.adminToken]: 'token' } });
  kernel.api.s3Configs.list = jest.fn(async () => [
    { id: 'c-1', name: 'disk', is_default: 1 },
  ]) as unknown as Kernel['api']['s3Configs']['list'];
  kernel.api.system.maxUploadSize = jest.fn(async () => maxMb);
  return kernel;
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'text/plain' });

function sharedItem(files: File[], extra: Partial<SharedItem> = {}): SharedItem {
  return { id: 'item-1', createdAt: Date.now(), title: '', text: '', url: '', files, ...extra };
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function openAt(address: string) {
  window.history.replaceState({ usr: null, key: 'k', idx: 0 }, '', address);
}

const selectedNames = () => screen.queryAllByTestId('selected-file').map((item) => item.querySelector('.cu-item__name')?.textContent);

beforeEach(() => {
  take.mockReset();
  put.mockReset();
});

afterEach(async () => {
  await settle();
  openAt('/upload');
});

test('files shared to the app wait in the selection like chosen ones; a too large one gets the usual error', async () => {
  openAt('/upload?share=item-1&from=phone#top');
  take.mockResolvedValue(sharedItem([file('photo.txt'), file('huge.bin', 1024 * 1024 + 1)]));
  const kernel = adminKernel();
  const presign = jest.spyOn(kernel.api.files, 'presign');
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  const notice = await screen.findByTestId('shared-files-notice');
  expect(notice).toHaveAttribute('role', 'status');
  expect(notice).toHaveTextContent('2 files shared to Cloudclip are ready to upload.');
  expect(take).toHaveBeenCalledTimes(1);
  expect(take).toHaveBeenCalledWith('item-1');
  expect(selectedNames()).toEqual(['photo.txt', 'huge.bin']);
  // The address no longer names the item (a reload does not take it again); the rest stays.
  expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/upload?from=phone#top');
  expect(window.history.state).toEqual({ usr: null, key: 'k', idx: 0 });
  // Nothing is sent before "Start upload", as after choosing files.
  expect(presign).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.getByTestId('upload-limit')).toHaveTextContent('1 MB'));
  fireEvent.click(screen.getByTestId('start-upload'));
  const items = await screen.findAllByTestId('upload-item');
  const huge = items.find((item) => item.textContent?.includes('huge.bin'))!;
  expect(huge).toHaveAttribute('data-state', 'error');
  expect(within(huge).getByTestId('item-error')).toHaveTextContent('File size exceeds the limit, maximum allowed is 1 MB');
  expect(screen.queryByTestId('shared-text-left-out')).toBeNull();
});

test('one shared file, in Chinese', async () => {
  openAt('/upload?share=item-1');
  take.mockResolvedValue(sharedItem([file('a.txt')]));
  renderWithKernel(<UploadPage />, adminKernel('zh-CN'));
  await settle();
  expect(await screen.findByTestId('shared-files-notice')).toHaveTextContent('1 个分享到 Cloudclip 的文件已准备好上传。');
  expect(screen.getByTestId('paste-hint')).toHaveTextContent('…或按 Ctrl+V 粘贴文件');
});

test('one shared file, in English', async () => {
  openAt('/upload?share=item-1');
  take.mockResolvedValue(sharedItem([file('a.txt')]));
  renderWithKernel(<UploadPage />, adminKernel());
  await settle();
  expect(await screen.findByTestId('shared-files-notice')).toHaveTextContent('1 file shared to Cloudclip is ready to upload.');
});

test.each([
  ['en-US', 'Sharing needs the app to be opened once while online. Please share again.'],
  ['zh-CN', '分享功能需要先在联网状态下打开一次本应用，请重新分享。'],
] as const)('?share=unavailable says the app must be opened online once (%s)', async (language, message) => {
  openAt('/upload?share=unavailable');
  renderWithKernel(<UploadPage />, adminKernel(language));
  await settle();
  const alert = screen.getByRole('alert');
  expect(alert).toHaveAttribute('data-testid', 'shared-files-alert');
  expect(alert).toHaveTextContent(message);
  expect(take).not.toHaveBeenCalled();
  expect(window.location.search).toBe('');
  expect(screen.queryByTestId('selected-files')).toBeNull();
});

test.each([
  ['en-US', 'Those shared files are no longer available.'],
  ['zh-CN', '这些分享的文件已不可用。'],
] as const)('an item that is gone says so (%s)', async (language, message) => {
  openAt('/upload?share=taken-before');
  take.mockResolvedValue(null);
  renderWithKernel(<UploadPage />, adminKernel(language));
  await settle();
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(window.location.search).toBe('');
  expect(screen.queryByTestId('shared-files-notice')).toBeNull();
  fireEvent.click(screen.getByTestId('shared-files-dismiss'));
  expect(screen.queryByRole('alert')).toBeNull();
});

test('browser storage that cannot be read counts as gone', async () => {
  openAt('/upload?share=item-2');
  take.mockRejectedValue(new Error('blocked'));
  renderWithKernel(<UploadPage />, adminKernel());
  await settle();
  expect(await screen.findByRole('alert')).toHaveTextContent('Those shared files are no longer available.');
});

test('text shared with the files is not uploaded; it can be opened in the editor', async () => {
  openAt('/upload?share=item-1');
  take.mockResolvedValue(sharedItem([file('a.txt')], { title: 'Trip', text: 'see the photos', url: 'https://example.com/trip' }));
  put.mockResolvedValue('text-7');
  const kernel = adminKernel();
  const navigations: string[] = [];
  kernel.bus.on('navigate').subscribe(({ to }) => navigations.push(to));
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  expect(await screen.findByTestId('shared-text-left-out')).toHaveTextContent('The text shared with the files was not uploaded.');
  expect(selectedNames()).toEqual(['a.txt']);
  fireEvent.click(screen.getByRole('button', { name: 'Open the text in the editor' }));
  await settle();
  expect(put).toHaveBeenCalledWith({ title: 'Trip', text: 'see the photos', url: 'https://example.com/trip' });
  expect(navigations).toEqual(['/?share=text-7']);
});

test('a visitor who may not upload yet: the shared files stay in the inbox and the address keeps them', async () => {
  openAt('/upload?share=item-1');
  take.mockResolvedValue(sharedItem([file('a.txt')]));
  renderWithKernel(<UploadPage />, makeKernel());
  await settle();
  expect(take).not.toHaveBeenCalled();
  expect(window.location.search).toBe('?share=item-1');
  expect(screen.getByTestId('upload-access-notice')).toBeInTheDocument();
});

test('React strict mode (effects run twice) takes the item once and adds its files once', async () => {
  openAt('/upload?share=item-1');
  take.mockResolvedValue(sharedItem([file('a.txt'), file('b.txt')]));
  renderWithKernel(
    <StrictMode>
      <UploadPage />
    </StrictMode>,
    adminKernel(),
  );
  await settle();
  expect(await screen.findByTestId('shared-files-notice')).toHaveTextContent('2 files shared to Cloudclip are ready to upload.');
  expect(take).toHaveBeenCalledTimes(1);
  expect(selectedNames()).toEqual(['a.txt', 'b.txt']);
});
