import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { type Language } from '@cloudclip/shared-kernel';
import { shellTestKernel } from '../../../testing/shell-kernel';
import { SessionNotice } from './session-notice';

function renderNotice(language: Language = 'en-US', stored: Record<string, string> = {}) {
  const kernel = shellTestKernel(language, stored);
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <SessionNotice kernel={kernel} />
    </I18nextProvider>,
  );
  return { kernel };
}

describe('SessionNotice', () => {
  it('shows nothing while the session is fine', () => {
    renderNotice();
    expect(screen.queryByTestId('session-notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells the user the admin session expired when the bus fires admin-token-expired', () => {
    const { kernel } = renderNotice();
    act(() => kernel.bus.emit('admin-token-expired', { reason: 'unauthorized' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your admin session has expired, please log in again.');
  });

  it('says it in Chinese for a zh-CN user', () => {
    const { kernel } = renderNotice('zh-CN');
    act(() => kernel.bus.emit('admin-token-expired', { reason: 'check-failed' }));
    expect(screen.getByRole('alert')).toHaveTextContent('管理员登录已过期，请重新登录。');
  });

  it('appears when the session store expires the stored admin token', () => {
    const { kernel } = renderNotice('en-US', { admin_token: 'T0k' });
    act(() => kernel.session.expireAdminToken('unauthorized'));
    expect(screen.getByTestId('session-notice')).toHaveAttribute('data-notice', 'adminExpired');
  });

  it('tells the user the API key is invalid when the bus fires api-key-invalid', () => {
    const { kernel } = renderNotice();
    act(() => kernel.bus.emit('api-key-invalid', { reason: 'unauthorized' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The API key is invalid or has expired, please log in again.');
  });

  it('shows the latest notice', () => {
    const { kernel } = renderNotice();
    act(() => kernel.bus.emit('api-key-invalid', { reason: 'unauthorized' }));
    act(() => kernel.bus.emit('admin-token-expired', { reason: 'unauthorized' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Your admin session has expired');
  });

  it('ignores other bus events', () => {
    const { kernel } = renderNotice();
    act(() => kernel.bus.emit('auth-changed', { type: 'logout', isAuthenticated: false }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes away when dismissed', () => {
    const { kernel } = renderNotice();
    act(() => kernel.bus.emit('admin-token-expired', { reason: 'unauthorized' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('appears when the admin route check finds the token rejected by the server', async () => {
    const fetchImpl = (async () =>
      ({
        status: 401,
        statusText: 'Unauthorized',
        ok: false,
        headers: { get: () => 'application/json' },
        text: async () => JSON.stringify({ code: 401, message: 'invalid', success: false }),
      }) as unknown as Response) as typeof fetch;
    const kernel = shellTestKernel('en-US', { admin_token: 'Expired' }, fetchImpl);
    render(
      <I18nextProvider i18n={kernel.i18n.i18n}>
        <SessionNotice kernel={kernel} />
      </I18nextProvider>,
    );
    await act(async () => {
      await kernel.auth.checkAdminToken({ force: true });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Your admin session has expired, please log in again.');
    expect(kernel.storage.get('admin_token')).toBeNull();
  });
});
