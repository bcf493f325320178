import '../../../test/fake-indexed-db';
import '../../../test/web-crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { formatDateTime } from '@cloudclip/shared-kernel';
import { fakeFetch, makeKernel, type FakeCall, type FakeReply } from '../../../test/test-kernel';
import { encryptPaste } from '@cloudclip/contract/paste-crypto';
import { forgetOfflinePaste, offlinePaste, offlinePastes } from '../offline/offline-pastes';
import { renderPastePage } from './render-paste-page';

const base = {
  id: 'p1',
  slug: 'abc',
  remark: 'trip',
  expiresAt: null,
  maxViews: null,
  views: 1,
  createdAt: '2025-07-01T08:00:00.000Z',
  created_by: 'apikey:key-1',
  hasPassword: false,
};

/** The key that created the paste: it may edit and delete it when online. */
const OWNER = {
  api_key: 'k',
  api_key_permissions: JSON.stringify({ text: true, file: false, mount: false }),
  api_key_info: JSON.stringify({ id: 'key-1', name: 'k', basic_path: '/' }),
};

const OFFLINE = (): FakeReply => {
  throw new TypeError('Failed to fetch');
};

function renderPaste(path: string, handler: (call: FakeCall) => FakeReply, language: 'en-US' | 'zh-CN' = 'en-US') {
  const fetch = fakeFetch(handler);
  const kernel = makeKernel({ fetchImpl: fetch.impl, language, storage: OWNER });
  const view = renderPastePage(kernel, path);
  return { fetch, view };
}

/** Opens the paste online (which saves it) and leaves the page. */
async function openOnline(path: string, reply: FakeReply, shown: string) {
  const { view } = renderPaste(path, () => reply);
  await screen.findByText(shown);
  await waitFor(async () => expect(await offlinePaste('abc')).not.toBeNull());
  view.unmount();
}

/** Opens /paste/abc online (so a copy is saved), then again with the server failing with `status`. */
async function reopenFailing(status: number, message: string) {
  await openOnline('/paste/abc', { body: { ...base, content: 'Bring the tent' } }, 'Bring the tent');
  renderPaste('/paste/abc', () => ({ status, body: { code: status, message, success: false, data: null } }));
}

beforeEach(async () => {
  for (const entry of await offlinePastes()) await forgetOfflinePaste(entry.slug);
});

describe('PastePage offline', () => {
  it('shows the copy saved when the paste was last opened when the server cannot be reached, without edit or delete', async () => {
    await openOnline('/paste/abc', { body: { ...base, content: 'Bring the tent' } }, 'Bring the tent');
    const savedAt = (await offlinePaste('abc'))!.savedAt;

    const { fetch } = renderPaste('/paste/abc', OFFLINE);
    expect(await screen.findByText('Bring the tent')).toBeInTheDocument();
    expect(screen.getByTestId('offline-copy-notice')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('offline-copy-notice')).toHaveTextContent(
      `You are offline. This is the copy saved on ${formatDateTime(savedAt, 'en-US')}.`,
    );
    expect(screen.getByTestId('paste-meta')).toHaveTextContent('trip');
    expect(screen.queryByTestId('paste-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('paste-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('raw-link')).not.toBeInTheDocument();
    expect(fetch.calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('offers edit and delete on the same paste when it came from the server', async () => {
    renderPaste('/paste/abc', () => ({ body: { ...base, content: 'online text' } }));
    await screen.findByText('online text');
    expect(screen.getByTestId('paste-edit')).toBeInTheDocument();
    expect(screen.queryByTestId('offline-copy-notice')).not.toBeInTheDocument();
  });

  it('says so in Chinese', async () => {
    await openOnline('/paste/abc', { body: { ...base, content: 'Bring the tent' } }, 'Bring the tent');
    const savedAt = (await offlinePaste('abc'))!.savedAt;
    renderPaste('/paste/abc', OFFLINE, 'zh-CN');
    expect(await screen.findByTestId('offline-copy-notice')).toHaveTextContent(
      `当前处于离线状态，这是 ${formatDateTime(savedAt, 'zh-CN')} 保存的副本。`,
    );
  });

  it('decrypts the saved ciphertext of an encrypted paste with the key in the link', async () => {
    const sealed = await encryptPaste('# Secret plan\n\nMeet at noon');
    const reply = { body: { ...base, content: sealed.envelope, encryption: 'aes-256-gcm/v1' } };
    await openOnline(`/paste/abc#${sealed.key}`, reply, 'Meet at noon');
    expect((await offlinePaste('abc'))!.paste.content).toBe(sealed.envelope);
    const stored = JSON.stringify(await offlinePastes());
    expect(stored).not.toMatch(/Meet at noon|Secret plan/);
    expect(stored).not.toContain(sealed.key);

    renderPaste(`/paste/abc#${sealed.key}`, OFFLINE);
    expect(await screen.findByText('Meet at noon')).toBeInTheDocument();
    expect(screen.getByTestId('offline-copy-notice')).toBeInTheDocument();
  });

  it('shows the usual error when there is no saved copy', async () => {
    renderPaste('/paste/abc', OFFLINE);
    await waitFor(() => expect(screen.getByTestId('area-page')).toHaveAttribute('data-state', 'error'));
    expect(screen.queryByTestId('offline-copy-notice')).not.toBeInTheDocument();
  });

  it('removes the saved copy when the server says the paste is gone (404), and shows the not-found page', async () => {
    await reopenFailing(404, 'not found');
    await waitFor(() => expect(screen.getByTestId('area-page')).toHaveAttribute('data-state', 'not-found'));
    await waitFor(async () => expect(await offlinePaste('abc')).toBeNull());
    expect(screen.queryByText('Bring the tent')).not.toBeInTheDocument();
  });

  it('removes it for 410 (expired or views used up) too', async () => {
    await reopenFailing(410, 'expired');
    await waitFor(() => expect(screen.getByTestId('area-page')).toHaveAttribute('data-state', 'gone'));
    await waitFor(async () => expect(await offlinePaste('abc')).toBeNull());
  });

  it('keeps the copy when the server answers with another error (it is there, just failing)', async () => {
    await reopenFailing(500, 'boom');
    await waitFor(() => expect(screen.getByTestId('area-page')).toHaveAttribute('data-state', 'error'));
    expect(await offlinePaste('abc')).not.toBeNull();
  });

  it('never saves a password-protected paste, so offline it is not shown', async () => {
    const { view } = renderPaste('/paste/abc', (call) =>
      call.method === 'GET'
        ? { body: { ...base, hasPassword: true, requiresPassword: true } }
        : { body: { ...base, content: 'for the password only', hasPassword: true, plain_password: 'pw' } },
    );
    const input = await screen.findByLabelText('Password');
    fireEvent.change(input, { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await screen.findByText('for the password only');
    // Give a save (if there were one) the time to land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await offlinePastes()).toEqual([]);
    view.unmount();

    renderPaste('/paste/abc', OFFLINE);
    await waitFor(() => expect(screen.getByTestId('area-page')).toHaveAttribute('data-state', 'error'));
  });

  it('never saves a burn-after-reading paste', async () => {
    renderPaste('/paste/abc', () => ({ body: { ...base, content: 'once only', burnAfterReading: true, burned: true } }));
    await screen.findByText('once only');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await offlinePastes()).toEqual([]);
  });
});
