import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeFetch, makeKernel, renderWithKernel, type FakeCall, type FakeReply } from '../../../test/test-kernel';
import { PastePage } from './paste-page';
import { renderPastePage } from './render-paste-page';
import { earlyPasteLoad } from '../api/paste-api';

const base = {
  slug: 'abc',
  remark: 'my remark',
  expiresAt: null,
  maxViews: null,
  views: 0,
  createdAt: '2025-07-01T08:00:00.000Z',
  created_by: 'apikey:key-1',
};

function renderPaste(handler: (call: FakeCall) => FakeReply, storage: Record<string, string> = {}) {
  const fetch = fakeFetch(handler);
  const kernel = makeKernel({ fetchImpl: fetch.impl, storage });
  renderPastePage(kernel);
  return fetch;
}

describe('PastePage', () => {
  it('shows the text asked for while its code was loading, without asking (and counting a view) again; a later visit asks anew', async () => {
    const fetch = fakeFetch(() => ({ body: { ...base, id: 'p1', content: 'early text', hasPassword: false, views: 1 } }));
    const kernel = makeKernel({ fetchImpl: fetch.impl });
    earlyPasteLoad.start(kernel, 'abc');
    earlyPasteLoad.start(kernel, 'abc');
    const page = (
      <Routes>
        <Route path="/paste/:slug" element={<PastePage />} />
      </Routes>
    );
    const first = renderWithKernel(page, kernel, '/paste/abc');
    expect(await screen.findByText('early text')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'GET')).toHaveLength(1);
    first.unmount();
    renderWithKernel(page, kernel, '/paste/abc');
    expect(await screen.findByText('early text')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('asks for the password, shows the server message for a wrong one and reveals the text for the right one', async () => {
    const fetch = renderPaste((call) => {
      if (call.method === 'GET') return { body: { ...base, hasPassword: true, requiresPassword: true } };
      const password = (call.body as { password: string }).password;
      if (password !== 'right') return { status: 401, body: { code: 401, message: '密码错误', success: false, data: null } };
      return { body: { ...base, id: 'p1', content: 'secret text', hasPassword: true, plain_password: 'right', views: 1 } };
    });
    const input = await screen.findByLabelText('Password');
    fireEvent.change(input, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByTestId('password-error')).toHaveTextContent('密码错误');
    fireEvent.change(input, { target: { value: 'right' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('secret text')).toBeInTheDocument();
    expect(screen.getByTestId('raw-link')).toHaveAttribute('href', 'http://127.0.0.1:8080/api/raw/abc?password=right');
    expect(fetch.calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('says "wrong password" when the server gives no message', async () => {
    renderPaste((call) =>
      call.method === 'GET'
        ? { body: { ...base, hasPassword: true, requiresPassword: true } }
        : { status: 401, body: { code: 401, success: false } },
    );
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByTestId('password-error')).toHaveTextContent('Wrong password');
  });

  it('shows an expired page for 410', async () => {
    renderPaste(() => ({ status: 410, body: { code: 410, message: 'expired', success: false, data: null } }));
    expect(await screen.findByTestId('status-page')).toHaveAttribute('data-status', 'gone');
  });

  it('offers edit and delete to the key that created the paste, and deletes by the id of the view', async () => {
    const fetch = renderPaste(
      (call) =>
        call.method === 'DELETE'
          ? { body: { code: 200, message: 'ok', success: true } }
          : { body: { ...base, id: 'p1', content: 'mine', hasPassword: false, views: 1 } },
      {
        api_key: 'k',
        api_key_permissions: JSON.stringify({ text: true, file: false, mount: false }),
        api_key_info: JSON.stringify({ id: 'key-1', name: 'k', basic_path: '/' }),
      },
    );
    await screen.findByText('mine');
    fireEvent.click(screen.getByTestId('paste-delete'));
    fireEvent.click(screen.getByTestId('delete-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('status-page')).toHaveAttribute('data-status', 'deleted'));
    expect(fetch.calls.at(-1)).toMatchObject({ method: 'DELETE', url: 'http://127.0.0.1:8080/api/user/pastes/p1' });
  });

  it('finds the id through the admin list when the view has none (reference backend)', async () => {
    const fetch = renderPaste(
      (call) => {
        if (call.method === 'DELETE') return { body: { code: 200, message: 'ok' } };
        if (call.url.includes('/admin/pastes?'))
          return {
            body: {
              code: 200,
              message: 'ok',
              data: [{ id: 'p9', slug: 'abc' }],
              pagination: { total: 1, page: 1, limit: 100, totalPages: 1 },
            },
          };
        return { body: { ...base, content: 'theirs', hasPassword: false, views: 1 } };
      },
      { admin_token: 't' },
    );
    await screen.findByText('theirs');
    fireEvent.click(screen.getByTestId('paste-delete'));
    fireEvent.click(screen.getByTestId('delete-dialog-confirm'));
    await waitFor(() => expect(fetch.calls.at(-1)).toMatchObject({ method: 'DELETE', url: 'http://127.0.0.1:8080/api/admin/pastes/p9' }));
  });

  it('shows no edit or delete to other visitors', async () => {
    renderPaste(() => ({ body: { ...base, id: 'p1', content: 'public', hasPassword: false, views: 1 } }));
    await screen.findByText('public');
    expect(screen.queryByTestId('paste-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('paste-delete')).not.toBeInTheDocument();
  });
});
