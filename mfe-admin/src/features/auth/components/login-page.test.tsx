import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderWithKernel, testKernel, textOnlyKeyCheck } from '../../../test/test-kernel';
import { LoginPage } from './login-page';

describe('LoginPage', () => {
  it('requires the username and the password (kernel validation messages)', async () => {
    const kernel = testKernel({ language: 'zh-CN' });
    renderWithKernel(kernel, <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
  });

  it('requires the API key on the key tab', async () => {
    const kernel = testKernel({ language: 'en-US' });
    renderWithKernel(kernel, <LoginPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'API key login' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('Please enter your API key')).toBeInTheDocument();
  });

  it('switches between the two ways in with the arrow keys, as a tab list', async () => {
    const kernel = testKernel({ language: 'en-US' });
    renderWithKernel(kernel, <LoginPage />);
    const adminTab = screen.getByRole('tab', { name: 'Admin login' });
    expect(adminTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', adminTab.id);
    adminTab.focus();
    fireEvent.keyDown(adminTab, { key: 'ArrowRight' });
    const keyTab = screen.getByRole('tab', { name: 'API key login' });
    expect(keyTab).toHaveAttribute('aria-selected', 'true');
    expect(keyTab).toHaveFocus();
    expect(await screen.findByLabelText('API key')).toBeInTheDocument();
    fireEvent.keyDown(keyTab, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Admin login' })).toHaveFocus();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('logs the admin in and keeps the token in the kernel session', async () => {
    const { fetchImpl, calls } = fakeFetch([
      {
        method: 'POST',
        path: '/api/admin/login',
        reply: { body: { code: 200, message: 'ok', data: { username: 'root', token: 'T'.repeat(32), expiresAt: '2030-01-01T00:00:00Z' } } },
      },
    ]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    renderWithKernel(kernel, <LoginPage />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' root ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await waitFor(() => expect(kernel.session.kind).toBe('admin'));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { username: 'root', password: 'secret' } });
  });

  it('shows the server message of a failed login and the token-missing error', async () => {
    let reply = { status: 401, body: { code: 401, message: 'wrong credentials' } } as { status: number; body: unknown };
    const { fetchImpl } = fakeFetch([{ method: 'POST', path: '/api/admin/login', reply: () => reply }]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    renderWithKernel(kernel, <LoginPage />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'root' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('wrong credentials')).toBeInTheDocument();

    reply = { status: 200, body: { code: 200, message: 'ok', data: { username: 'root' } } };
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('No token found in the login response')).toBeInTheDocument();
    expect(kernel.session.kind).toBe('anonymous');
  });

  it('logs a key holder in with the key permissions', async () => {
    const { fetchImpl, calls } = fakeFetch([textOnlyKeyCheck({ id: 'id1', name: 'k' })]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    renderWithKernel(kernel, <LoginPage initialTab="apiKey" />);
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(kernel.session.kind).toBe('apiKey'));
    expect(kernel.session.snapshot.apiKeyPermissions).toEqual({ text: true, file: false, mount: false });
    expect(calls[0]?.headers.Authorization).toBe('ApiKey abc123');
  });
});
