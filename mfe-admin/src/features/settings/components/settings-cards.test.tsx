import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderWithKernel, testKernel } from '../../../test/test-kernel';
import { AccountCard } from './account-card';
import { SystemSettingsCard } from './system-settings-card';

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
