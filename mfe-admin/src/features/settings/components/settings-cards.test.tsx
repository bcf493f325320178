import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderWithKernel, testKernel } from '../../../test/test-kernel';
import { AccountCard } from './account-card';
import { KeyInfoCard } from './key-info-card';
import { SystemSettingsCard } from './system-settings-card';

/** A clipboard the copy button can write to (jsdom has none), recording what it got. */
function fakeClipboard(): jest.Mock {
  const writeText = jest.fn(async () => undefined);
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/** The settings as the api-server lists them: only the upload size is stored. */
const SETTINGS_ROWS = {
  method: 'GET',
  path: '/api/admin/system-settings',
  reply: { body: { code: 200, message: 'ok', data: [{ key: 'max_upload_size', value: '100', description: null, updated_at: '' }] } },
};

describe('SystemSettingsCard', () => {
  it('loads the settings, refuses a non-positive size and saves MB with the mode and guest switch', async () => {
    const { fetchImpl, calls } = fakeFetch([
      {
        method: 'GET',
        path: '/api/admin/system-settings',
        reply: { body: { code: 200, message: 'ok', data: [{ key: 'max_upload_size', value: '100', description: null, updated_at: '' }] } },
      },
      { method: 'PUT', path: '/api/admin/system-settings', reply: { body: { code: 200, message: 'ok', success: true } } },
    ]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    kernel.session.loginAdmin('t'.repeat(32));
    renderWithKernel(kernel, <SystemSettingsCard />);
    const size = await screen.findByLabelText('Max upload size');
    expect(size).toHaveValue('100');
    fireEvent.change(size, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The maximum upload size must be a positive whole number')).toBeInTheDocument();
    fireEvent.change(size, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('radio', { name: /Proxy/ }));
    fireEvent.click(screen.getByRole('switch', { name: 'Let visitors create text shares' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      max_upload_size: 2,
      webdav_upload_mode: 'proxy',
      allow_guest_pastes: true,
      paste_storage_per_key_mb: 100,
      paste_storage_total_mb: 1024,
    });
  });

  it('shows the WebDAV address of the backend with who signs in there, and copies it with the usual "Copied"', async () => {
    const writeText = fakeClipboard();
    const { fetchImpl } = fakeFetch([SETTINGS_ROWS]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    kernel.session.loginAdmin('t'.repeat(32));
    renderWithKernel(kernel, <SystemSettingsCard />);
    const address = await screen.findByLabelText('WebDAV address');
    expect(address).toHaveValue('http://127.0.0.1:8080/dav/');
    expect(address).toHaveAttribute('readonly');
    expect(
      screen.getByText(
        'Connect to it from Finder, Windows or rclone with the administrator username and password, or with an API key that has the mount permission as both username and password',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Copy address/ }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:8080/dav/');
  });

  it('explains each WebDAV upload mode in the mode selector, in both languages', async () => {
    const english = testKernel({ language: 'en-US', fetchImpl: fakeFetch([SETTINGS_ROWS]).fetchImpl });
    english.session.loginAdmin('t'.repeat(32));
    const { unmount } = renderWithKernel(english, <SystemSettingsCard />);
    expect(await screen.findByRole('radio', { name: 'Auto One request below 10 MB, S3 multipart above' })).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: 'Proxy The server stores the whole file first, then uploads it; for clients that send no length' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Multipart Always S3 multipart, part by part' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Direct One streamed request straight to the storage' })).toBeInTheDocument();
    unmount();

    const chinese = testKernel({ language: 'zh-CN', fetchImpl: fakeFetch([SETTINGS_ROWS]).fetchImpl });
    chinese.session.loginAdmin('t'.repeat(32));
    renderWithKernel(chinese, <SystemSettingsCard />);
    expect(await screen.findByLabelText('WebDAV 地址')).toHaveValue('http://127.0.0.1:8080/dav/');
    expect(screen.getByRole('button', { name: /复制地址/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /服务器先完整接收文件，再上传到存储/ })).toBeInTheDocument();
  });

  it('shows the paste storage limits with their units and defaults, refuses a bad value and saves them in MB', async () => {
    const { fetchImpl, calls } = fakeFetch([
      {
        method: 'GET',
        path: '/api/admin/system-settings',
        reply: {
          body: {
            code: 200,
            message: 'ok',
            data: [{ key: 'paste_storage_per_key_mb', value: '50', description: null, updated_at: '' }],
          },
        },
      },
      { method: 'PUT', path: '/api/admin/system-settings', reply: { body: { code: 200, message: 'ok', success: true } } },
    ]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    kernel.session.loginAdmin('t'.repeat(32));
    renderWithKernel(kernel, <SystemSettingsCard />);
    const perKey = await screen.findByLabelText('Text storage per API key');
    const total = screen.getByLabelText('Total text storage');
    expect(perKey).toHaveValue('50');
    expect(total).toHaveValue('1');
    expect(screen.getByTestId('paste_storage_total-unit')).toHaveTextContent('GB');
    expect(screen.getByText(/Space the text shares of one API key may take together .* Default 100 MB/)).toBeInTheDocument();
    expect(screen.getByText(/Space all text shares may take together .* Default 1 GB/)).toBeInTheDocument();

    fireEvent.change(perKey, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The text storage limit must be a positive whole number')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(perKey, { target: { value: '20' } });
    fireEvent.change(total, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ paste_storage_per_key_mb: 20, paste_storage_total_mb: 3072 });
  });
});

describe('KeyInfoCard', () => {
  it('gives a key with the mount permission the WebDAV address to sign in to with itself', () => {
    const kernel = testKernel({ language: 'en-US' });
    kernel.session.loginApiKey('k'.repeat(32), { text: false, file: false, mount: true }, { id: 'k1', name: 'nas', basic_path: '/photos' });
    renderWithKernel(kernel, <KeyInfoCard />);
    expect(screen.getByLabelText('WebDAV address')).toHaveValue('http://127.0.0.1:8080/dav/');
    expect(
      screen.getByText(/with this API key as both username and password; you see only what is under its base path/),
    ).toBeInTheDocument();
  });

  it('shows no WebDAV address to a key without the mount permission', () => {
    const kernel = testKernel({ language: 'en-US' });
    kernel.session.loginApiKey('k'.repeat(32), { text: true, file: true, mount: false }, { id: 'k2', name: 'uploads', basic_path: '/' });
    renderWithKernel(kernel, <KeyInfoCard />);
    expect(screen.getByTestId('key-perm-mount')).toHaveAttribute('data-on', 'false');
    expect(screen.queryByLabelText('WebDAV address')).not.toBeInTheDocument();
  });
});

describe('AccountCard', () => {
  afterEach(() => jest.useRealTimers());

  it('needs the current password and something to change, and a different new password', async () => {
    const kernel = testKernel({ language: 'en-US' });
    renderWithKernel(kernel, <AccountCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Change account' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect((await screen.findAllByText('Enter at least a new password or a new username')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'same' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'same' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change account' }));
    expect(await screen.findByText('The new password must be different from the current one')).toBeInTheDocument();
  });

  it('logs out 3 seconds after a successful change, counting down', async () => {
    const { fetchImpl, calls } = fakeFetch([
      { method: 'POST', path: '/api/admin/change-password', reply: { body: { code: 200, message: 'ok' } } },
    ]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    kernel.session.loginAdmin('t'.repeat(32));
    renderWithKernel(kernel, <AccountCard />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-pass' } });
    fireEvent.change(screen.getByLabelText('New username'), { target: { value: 'root2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change account' }));
    expect(await screen.findByTestId('account-countdown')).toHaveTextContent('logged out in 3 s');
    expect(calls[0]?.body).toEqual({ currentPassword: 'old-pass', newUsername: 'root2' });
    expect(kernel.session.kind).toBe('admin');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 3300));
    });
    expect(kernel.session.kind).toBe('anonymous');
  }, 15000);
});
