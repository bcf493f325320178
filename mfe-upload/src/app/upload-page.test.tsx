import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS, type Kernel } from '@cloudclip/shared-kernel';
import { makeKernel, renderWithKernel } from '../test/test-kernel';
import { resources } from '../i18n/resources';
import { App } from './app';
import { UploadPage } from './upload-page';
import { leafKeys } from '@cloudclip/shared-kernel/testing/leaf-keys';
import { freezeClock } from '@cloudclip/shared-kernel/testing/freeze-clock';

const CONFIGS = [
  { id: 'c-1', name: 'archive', is_default: 0 },
  { id: 'c-2', name: 'disk', is_default: 1 },
];

function adminKernel(language: 'en-US' | 'zh-CN' = 'en-US', maxMb = 100): Kernel {
  const kernel = makeKernel({ language, storage: { [STORAGE_KEYS.adminToken]: 'token' } });
  kernel.api.s3Configs.list = jest.fn(async () => CONFIGS) as unknown as Kernel['api']['s3Configs']['list'];
  kernel.api.system.maxUploadSize = jest.fn(async () => maxMb);
  return kernel;
}

function mockUploads(kernel: Kernel) {
  let n = 0;
  const presign = jest.spyOn(kernel.api.files, 'presign').mockImplementation(async (body) => {
    n += 1;
    return {
      file_id: `f-${n}`,
      upload_url: '/put',
      storage_path: 'k',
      s3_url: 'u',
      slug: `slug${n}`,
      provider_type: 'Local',
      contentType: 'text/plain',
      _name: body.filename,
    } as never;
  });
  const put = jest.spyOn(kernel.api.files, 'putToStorage').mockImplementation(async (_p, body, options) => {
    options?.onUploadProgress?.({ loaded: (body as Blob).size, total: (body as Blob).size, percent: 100 });
    return { status: 200, etag: 'e', headers: () => null };
  });
  const commit = jest
    .spyOn(kernel.api.files, 'commit')
    .mockImplementation(async (body) => ({ id: body.file_id, slug: `s-${body.file_id}`, url: `/file/s-${body.file_id}` }) as never);
  const remove = jest.spyOn(kernel.api.files, 'removePending').mockResolvedValue(undefined);
  return { presign, put, commit, remove };
}

/** Lets pending loads (limit, storage configurations) finish inside act. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(async () => {
  await settle();
});

/** Renders the upload page and waits until the loads are in and the default storage (c-2) is chosen. */
async function openWithDefaultStorage(kernel: Kernel) {
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  await waitFor(() => expect(screen.getByTestId('option-storage')).toHaveValue('c-2'));
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'text/plain' });

function choose(files: File[]) {
  fireEvent.change(screen.getByTestId('file-input'), { target: { files } });
}

test('tells a visitor what uploading needs and offers the login through the host', async () => {
  const kernel = makeKernel();
  const navigations: string[] = [];
  kernel.bus.on('navigate').subscribe(({ to }) => navigations.push(to));
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  const notice = screen.getByTestId('upload-access-notice');
  expect(notice).toHaveAttribute('data-reason', 'anonymous');
  expect(notice).toHaveTextContent('administrator login or an API key with file permission');
  expect(screen.queryByTestId('file-upload-panel')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Go to login' }));
  expect(navigations).toEqual(['/admin']);
});

test('a key without file permission is told that file permission is missing', async () => {
  const kernel = makeKernel({
    storage: { [STORAGE_KEYS.apiKey]: 'k', [STORAGE_KEYS.apiKeyPermissions]: JSON.stringify({ text: true, file: false, mount: false }) },
  });
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  expect(screen.getByTestId('upload-access-notice')).toHaveAttribute('data-reason', 'key-without-file-permission');
  expect(screen.getByRole('heading', { name: 'Your API key has no file permission' })).toBeInTheDocument();
});

test('preselects the default storage configuration and shows the server limit', async () => {
  const kernel = adminKernel('en-US', 2);
  await openWithDefaultStorage(kernel);
  expect(screen.getByRole('option', { name: 'disk (default)' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('upload-limit')).toHaveTextContent('Maximum 2 MB per file'));
});

test('uploads several files at once, shows their links and remembers them as recent uploads', async () => {
  const kernel = adminKernel();
  const api = mockUploads(kernel);
  await openWithDefaultStorage(kernel);
  choose([file('a.txt'), file('b.txt'), file('c.txt')]);
  expect(screen.getAllByTestId('selected-file')).toHaveLength(3);
  fireEvent.click(screen.getByTestId('start-upload'));
  await waitFor(() =>
    expect(screen.getAllByTestId('upload-item').map((item) => item.getAttribute('data-state'))).toEqual(['success', 'success', 'success']),
  );
  expect(api.presign).toHaveBeenCalledTimes(3);
  expect(api.presign.mock.calls.map(([body]) => body.s3_config_id)).toEqual(['c-2', 'c-2', 'c-2']);
  expect(screen.getAllByTestId('share-link').map((input) => (input as HTMLInputElement).value)).toContain('http://localhost/file/s-f-1');
  const recent = screen.getByTestId('recent-uploads');
  expect(within(recent).getAllByTestId('recent-item')).toHaveLength(3);
  expect(JSON.parse(kernel.storage.get(STORAGE_KEYS.recentUploads)!)).toHaveLength(3);
});

test('refuses a file over the limit before sending anything', async () => {
  const kernel = adminKernel('en-US', 1);
  const api = mockUploads(kernel);
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  await waitFor(() => expect(screen.getByTestId('upload-limit')).toHaveTextContent('1 MB'));
  choose([file('big.bin', 1024 * 1024 + 1)]);
  fireEvent.click(screen.getByTestId('start-upload'));
  const item = await screen.findByTestId('upload-item');
  expect(item).toHaveAttribute('data-state', 'error');
  expect(within(item).getByTestId('item-error')).toHaveTextContent('File size exceeds the limit, maximum allowed is 1 MB');
  expect(within(item).queryByTestId('item-retry')).toBeNull();
  expect(api.presign).not.toHaveBeenCalled();
});

test('shows option errors instead of uploading (custom link for several files, negative views)', async () => {
  const kernel = adminKernel();
  const api = mockUploads(kernel);
  await openWithDefaultStorage(kernel);
  fireEvent.change(screen.getByTestId('option-slug'), { target: { value: 'same-link' } });
  fireEvent.change(screen.getByTestId('option-max-views'), { target: { value: '-1' } });
  choose([file('a.txt'), file('b.txt')]);
  fireEvent.click(screen.getByTestId('start-upload'));
  expect(await screen.findByTestId('cu-slug-error')).toHaveTextContent('A custom link suffix can only be used for a single file');
  expect(screen.getByTestId('cu-max-views-error')).toHaveTextContent('Max views cannot be negative');
  expect(screen.getByTestId('option-slug')).toHaveAttribute('aria-invalid', 'true');
  expect(api.presign).not.toHaveBeenCalled();
});

test('a failed upload shows its error, cleans up, and succeeds on retry', async () => {
  const kernel = adminKernel();
  const api = mockUploads(kernel);
  const { ApiError } = jest.requireActual('@cloudclip/shared-kernel') as typeof import('@cloudclip/shared-kernel');
  api.put.mockImplementationOnce(async () => {
    throw new ApiError('Network error, check your connection and retry', 'network', 0);
  });
  await openWithDefaultStorage(kernel);
  choose([file('a.txt')]);
  fireEvent.click(screen.getByTestId('start-upload'));
  const item = await screen.findByTestId('upload-item');
  await waitFor(() => expect(item).toHaveAttribute('data-state', 'error'));
  expect(within(item).getByTestId('item-error')).toHaveTextContent('Network error');
  expect(api.remove).toHaveBeenCalledWith('f-1', 'admin');
  fireEvent.click(within(item).getByRole('button', { name: 'Retry the upload of a.txt' }));
  await waitFor(() => expect(screen.getByTestId('upload-item')).toHaveAttribute('data-state', 'success'));
});

test('the tabs switch with the arrow keys and keep both panels mounted', async () => {
  const kernel = adminKernel();
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  const files = screen.getByRole('tab', { name: 'Upload files' });
  expect(files).toHaveAttribute('aria-selected', 'true');
  files.focus();
  fireEvent.keyDown(files, { key: 'ArrowRight' });
  const url = screen.getByRole('tab', { name: 'Upload from URL' });
  expect(url).toHaveAttribute('aria-selected', 'true');
  expect(url).toHaveFocus();
  expect(screen.getByTestId('file-upload-panel')).not.toBeVisible();
  expect(screen.getByTestId('url-upload-panel')).toBeVisible();
});

/** A paste event as a browser sends it: files and/or text on the clipboard, aimed at `target`. */
function paste(files: File[], { target = document.body, text, html }: { target?: Element; text?: string; html?: string } = {}) {
  const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
  const types = [
    ...(files.length > 0 ? ['Files'] : []),
    ...(text !== undefined ? ['text/plain'] : []),
    ...(html !== undefined ? ['text/html'] : []),
  ];
  const data: Record<string, string | undefined> = { 'text/plain': text, 'text/html': html };
  event.clipboardData = { files, items: [], types, getData: (type: string) => data[type] ?? '' };
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

/** A drop of files (jsdom has no DragEvent: an Event with the dataTransfer the handlers read). */
function drag(type: 'dragover' | 'drop', files: File[], target: Element = document.body) {
  const event = new Event(type, { bubbles: true, cancelable: true }) as Event & { dataTransfer: unknown };
  event.dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

const selectedNames = () => screen.queryAllByTestId('selected-file').map((item) => item.querySelector('.cu-item__name')?.textContent);

test('pasted pictures join the selection with a name of their own, and wait for "Start upload"', async () => {
  freezeClock(new Date(2026, 10, 28, 15, 30, 12));
  try {
    const kernel = adminKernel();
    const api = mockUploads(kernel);
    renderWithKernel(<UploadPage />, kernel);
    await settle();
    expect(screen.getByTestId('paste-hint')).toHaveTextContent('…or paste files with Ctrl+V');
    const first = paste([new File([new Uint8Array(3)], 'image.png', { type: 'image/png' })]);
    const second = paste([new File([new Uint8Array(3)], 'image.png', { type: 'image/png' }), file('notes.txt')]);
    expect(first.defaultPrevented).toBe(true);
    expect(second.defaultPrevented).toBe(true);
    expect(selectedNames()).toEqual(['pasted-2026-11-28-153012.png', 'pasted-2026-11-28-153012-2.png', 'notes.txt']);
    expect(api.presign).not.toHaveBeenCalled();
  } finally {
    jest.useRealTimers();
  }
});

test('files pasted behind the URL tab bring the files tab back with them', async () => {
  const kernel = adminKernel();
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  fireEvent.click(screen.getByRole('tab', { name: 'Upload from URL' }));
  paste([file('shot.txt')]);
  expect(screen.getByRole('tab', { name: 'Upload files' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByTestId('file-upload-panel')).toBeVisible();
  expect(selectedNames()).toEqual(['shot.txt']);
});

test('a text paste in the URL field stays a text paste and queues nothing', async () => {
  const kernel = adminKernel();
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  fireEvent.click(screen.getByRole('tab', { name: 'Upload from URL' }));
  const field = screen.getByTestId('url-input');
  expect(paste([], { target: field, text: 'https://example.com/a.zip' }).defaultPrevented).toBe(false);
  // A spreadsheet's cells come as text, HTML and a picture: in a text field the text wins.
  expect(paste([file('cells.png')], { target: field, text: 'A1\tB1', html: '<table>…</table>' }).defaultPrevented).toBe(false);
  expect(screen.queryByTestId('selected-files')).toBeNull();
  expect(screen.getByRole('tab', { name: 'Upload from URL' })).toHaveAttribute('aria-selected', 'true');
  // Files alone are never text: they are taken even there, as is a file copied in a file manager
  // (its name as plain text, no HTML).
  expect(paste([file('only-a-file.txt')], { target: field }).defaultPrevented).toBe(true);
  expect(paste([file('report.txt')], { target: field, text: 'report.txt' }).defaultPrevented).toBe(true);
  expect(selectedNames()).toEqual(['only-a-file.txt', 'report.txt']);
});

test('files dropped anywhere on the page join the selection; the browser does not open them', async () => {
  const kernel = adminKernel();
  const api = mockUploads(kernel);
  await openWithDefaultStorage(kernel);
  const heading = screen.getByRole('heading', { level: 1 });
  expect(drag('dragover', [file('a.txt')], heading).defaultPrevented).toBe(true);
  expect(drag('drop', [file('a.txt'), file('b.txt')], heading).defaultPrevented).toBe(true);
  expect(selectedNames()).toEqual(['a.txt', 'b.txt']);
  // The drop zone keeps taking its own drops, once.
  fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [file('c.txt')], types: ['Files'] } });
  expect(selectedNames()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  fireEvent.click(screen.getByTestId('start-upload'));
  await waitFor(() =>
    expect(screen.getAllByTestId('upload-item').map((item) => item.getAttribute('data-state'))).toEqual(['success', 'success', 'success']),
  );
  expect(api.presign).toHaveBeenCalledTimes(3);
});

test('a visitor who may not upload: a dropped file is not opened by the browser, nor taken', async () => {
  renderWithKernel(<UploadPage />, makeKernel());
  await settle();
  expect(drag('drop', [file('a.txt')]).defaultPrevented).toBe(true);
  expect(paste([file('b.txt')]).defaultPrevented).toBe(false);
  expect(screen.queryByTestId('selected-files')).toBeNull();
});

test('on a touch screen the drop zone offers a box to long-press and paste files into', async () => {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...matchMedia(query),
    matches: query.includes('pointer: coarse'),
  })) as typeof window.matchMedia;
  try {
    const kernel = adminKernel('zh-CN');
    renderWithKernel(<UploadPage />, kernel);
    await settle();
    expect(screen.queryByTestId('paste-hint')).toBeNull();
    const box = screen.getByRole('textbox', { name: '在此粘贴文件' });
    expect(box).toHaveAttribute('placeholder', '…或粘贴文件：长按此处，选择“粘贴”');
    // A phone's Paste of a copied photo carries its text too (a name): the box still takes the file.
    expect(paste([file('photo.txt')], { target: box, text: 'photo' }).defaultPrevented).toBe(true);
    expect(selectedNames()).toEqual(['photo.txt']);
  } finally {
    window.matchMedia = matchMedia;
  }
});

test('validates the URL before asking the server', async () => {
  const kernel = adminKernel();
  const info = jest.spyOn(kernel.api.urlUpload, 'info');
  renderWithKernel(<UploadPage />, kernel);
  await settle();
  fireEvent.click(screen.getByRole('tab', { name: 'Upload from URL' }));
  fireEvent.change(screen.getByTestId('url-input'), { target: { value: 'ftp://example.com/a' } });
  fireEvent.click(screen.getByTestId('url-info'));
  expect(await screen.findByTestId('cu-url-error')).toHaveTextContent('Please enter a valid HTTP or HTTPS URL');
  expect(info).not.toHaveBeenCalled();
});

test('follows the kernel language and theme', async () => {
  window.history.pushState(null, '', '/upload');
  const kernel = adminKernel('zh-CN');
  renderWithKernel(<App kernel={kernel} basename="/upload" />, kernel);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('文件上传');
  await act(async () => {
    await kernel.i18n.setLanguage('en-US');
  });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('File upload');
  act(() => kernel.theme.setMode('dark'));
  expect(document.querySelector('[data-remote="cloudclip_upload"]')).toHaveAttribute('data-dark', 'true');
});

test('has the same text keys in both languages', () => {
  expect(leafKeys(resources['en-US'])).toEqual(leafKeys(resources['zh-CN']));
});
