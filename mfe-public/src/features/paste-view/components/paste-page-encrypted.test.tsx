import '../../../test/web-crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { fakeFetch, makeKernel, renderWithKernel, type FakeCall, type FakeReply } from '../../../test/test-kernel';
import { encryptPaste, type EncryptedPaste } from '@cloudclip/contract/paste-crypto';
import { PastePage } from './paste-page';

const SECRET = '# Launch codes\n\nThe answer is 42 — 绝密';

const base = {
  id: 'p1',
  slug: 'abc',
  remark: 'for you',
  expiresAt: null,
  maxViews: null,
  views: 1,
  createdAt: '2025-07-01T08:00:00.000Z',
  updatedAt: '2025-07-01T08:00:00.000Z',
  created_by: 'apikey:key-1',
};

let plain: EncryptedPaste;
let withPassword: EncryptedPaste;

beforeAll(async () => {
  plain = await encryptPaste(SECRET);
  withPassword = await encryptPaste(SECRET, 'open sesame');
});

function renderPaste(
  path: string,
  handler: (call: FakeCall) => FakeReply,
  options: { language?: 'zh-CN' | 'en-US'; storage?: Record<string, string> } = {},
) {
  const fetch = fakeFetch(handler);
  const kernel = makeKernel({ fetchImpl: fetch.impl, language: options.language, storage: options.storage });
  const view = renderWithKernel(
    <>
      <Link to="#cc-main">skip to content</Link>
      <Routes>
        <Route path="/paste/:slug" element={<PastePage />} />
      </Routes>
    </>,
    kernel,
    path,
  );
  return { fetch, view };
}

const openView =
  (content: string, extra: Record<string, unknown> = {}) =>
  () => ({
    body: { ...base, content, hasPassword: false, encryption: 'aes-256-gcm/v1', ...extra },
  });

const robots = () => document.head.querySelectorAll('meta[name="robots"][content="noindex"]');

describe('PastePage, end-to-end encrypted', () => {
  it('decrypts with the key after # and shows the text like any paste, with the badge, noindex and no content in the title', async () => {
    const { view } = renderPaste(`/paste/abc#${plain.key}`, openView(plain.envelope));
    expect(await screen.findByText('The answer is 42 — 绝密')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Launch codes' })).toBeInTheDocument();
    expect(screen.getByTestId('paste-encrypted-badge')).toHaveTextContent('End-to-end encrypted');
    const raw = screen.getByTestId('raw-link');
    expect(raw).toHaveTextContent('Raw data (encrypted)');
    expect(raw).toHaveAttribute('title', 'The raw link serves the encrypted data, not the text');
    expect(robots()).toHaveLength(1);
    expect(document.title).not.toContain('Launch');
    for (const meta of Array.from(document.head.querySelectorAll('meta'))) expect(meta.content).not.toContain('Launch');
    view.unmount();
    expect(robots()).toHaveLength(0);
  });

  it('keeps the text when an in-page link (the shell’s skip link) changes the fragment', async () => {
    renderPaste(`/paste/abc#${plain.key}`, openView(plain.envelope));
    await screen.findByText('The answer is 42 — 绝密');
    fireEvent.click(screen.getByText('skip to content'));
    expect(screen.getByText('The answer is 42 — 绝密')).toBeInTheDocument();
    expect(screen.queryByTestId('paste-decrypt-error')).not.toBeInTheDocument();
  });

  it('says the key is missing when the link has none, and keeps the rest of the page', async () => {
    renderPaste('/paste/abc', openView(plain.envelope));
    const alert = await screen.findByTestId('paste-decrypt-error');
    expect(alert).toHaveAttribute('data-reason', 'missingKey');
    expect(alert).toHaveTextContent('the link has no key (the part after #)');
    expect(screen.getByTestId('paste-remark')).toHaveTextContent('for you');
    expect(screen.queryByText(/Launch codes/)).not.toBeInTheDocument();
    expect(robots()).toHaveLength(1);
  });

  it('says the key does not open the paste for another or a changed key', async () => {
    const other = await encryptPaste('x');
    const { view } = renderPaste(`/paste/abc#${other.key}`, openView(plain.envelope));
    expect(await screen.findByTestId('paste-decrypt-error')).toHaveAttribute('data-reason', 'badKey');
    expect(screen.getByTestId('paste-decrypt-error')).toHaveTextContent('The key in the link does not open this paste');
    view.unmount();
    renderPaste(`/paste/abc#${plain.key.slice(0, 30)}`, openView(plain.envelope));
    expect(await screen.findByTestId('paste-decrypt-error')).toHaveAttribute('data-reason', 'badKey');
  });

  it('says so in Chinese for an envelope of a later version', async () => {
    const later = JSON.stringify({ v: 2, alg: 'XChaCha20-Poly1305', nonce: 'AAAA', ct: 'AAAA' });
    renderPaste(`/paste/abc#${plain.key}`, openView(later), { language: 'zh-CN' });
    const alert = await screen.findByTestId('paste-decrypt-error');
    expect(alert).toHaveAttribute('data-reason', 'unsupportedVersion');
    expect(alert).toHaveTextContent('这份分享的加密格式无法被当前版本的网站打开');
    expect(screen.getByTestId('paste-encrypted-badge')).toHaveTextContent('端到端加密');
  });

  it('decrypts with the share password after the password step (link and password both needed)', async () => {
    const { fetch } = renderPaste(`/paste/abc#${withPassword.key}`, (call) => {
      if (call.method === 'GET') return { body: { ...base, hasPassword: true, requiresPassword: true, encryption: 'aes-256-gcm/v1' } };
      return {
        body: { ...base, content: withPassword.envelope, hasPassword: true, plain_password: 'open sesame', encryption: 'aes-256-gcm/v1' },
      };
    });
    const input = await screen.findByTestId('password-input');
    expect(robots()).toHaveLength(1);
    fireEvent.change(input, { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('The answer is 42 — 绝密')).toBeInTheDocument();
    expect(fetch.calls.map((call) => call.method)).toEqual(['GET', 'POST']);
  });

  it('says the password does not match when it opens the server gate but not the envelope, and decrypts with the right one entered there', async () => {
    renderPaste(`/paste/abc#${withPassword.key}`, (call) => {
      if (call.method === 'GET') return { body: { ...base, hasPassword: true, requiresPassword: true, encryption: 'aes-256-gcm/v1' } };
      return {
        body: { ...base, content: withPassword.envelope, hasPassword: true, plain_password: 'changed', encryption: 'aes-256-gcm/v1' },
      };
    });
    fireEvent.change(await screen.findByTestId('password-input'), { target: { value: 'changed' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    const alert = await screen.findByTestId('paste-decrypt-error');
    expect(alert).toHaveAttribute('data-reason', 'wrongPassword');
    expect(alert).toHaveTextContent('The password and the key in the link do not open this paste');
    fireEvent.change(screen.getByTestId('paste-decrypt-password'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByTestId('paste-decrypt-submit'));
    expect(await screen.findByText('The answer is 42 — 绝密')).toBeInTheDocument();
    expect(screen.queryByTestId('paste-decrypt-error')).not.toBeInTheDocument();
  });

  it('asks for the password when the envelope needs one the paste was not unlocked with', async () => {
    renderPaste(`/paste/abc#${withPassword.key}`, openView(withPassword.envelope));
    expect(await screen.findByTestId('paste-decrypt-error')).toHaveAttribute('data-reason', 'passwordRequired');
    fireEvent.change(screen.getByTestId('paste-decrypt-password'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByTestId('paste-decrypt-submit'));
    expect(await screen.findByText('The answer is 42 — 绝密')).toBeInTheDocument();
  });

  it('lets the owner edit remark and limits but sends the envelope back unchanged', async () => {
    const { fetch } = renderPaste(
      `/paste/abc#${plain.key}`,
      (call) =>
        call.method === 'PUT'
          ? { body: { code: 200, message: 'ok', success: true, data: { id: 'p1', slug: 'abc' } } }
          : openView(plain.envelope)(),
      {
        storage: {
          api_key: 'k',
          api_key_permissions: JSON.stringify({ text: true, file: false, mount: false }),
          api_key_info: JSON.stringify({ id: 'key-1', name: 'k', basic_path: '/' }),
        },
      },
    );
    await screen.findByText('The answer is 42 — 绝密');
    fireEvent.click(screen.getByTestId('paste-edit'));
    expect(screen.getByTestId('paste-edit-encrypted')).toBeInTheDocument();
    expect(screen.queryByTestId('paste-edit-editor')).not.toBeInTheDocument();
    fireEvent.change(screen.getByTestId('edit-remark'), { target: { value: 'new remark' } });
    fireEvent.click(screen.getByTestId('paste-edit-save'));
    await waitFor(() => expect(fetch.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(fetch.calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ content: plain.envelope, remark: 'new remark' });
    expect(await screen.findByText('The answer is 42 — 绝密')).toBeInTheDocument();
  });
});

describe('PastePage, burn after reading', () => {
  it('says the paste is deleted from the server and this is the only copy, with no way back to the server', async () => {
    const { view } = renderPaste(`/paste/abc#${plain.key}`, openView(plain.envelope, { burnAfterReading: true, burned: true }));
    expect(await screen.findByText('The answer is 42 — 绝密')).toBeInTheDocument();
    expect(screen.getByTestId('paste-burned-notice')).toHaveTextContent('deleted from the server, and this page holds the only copy');
    expect(screen.getByTestId('copy-content')).toBeInTheDocument();
    expect(screen.queryByTestId('raw-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('copy-paste-link')).not.toBeInTheDocument();
    expect(robots()).toHaveLength(1);
    view.unmount();
    expect(robots()).toHaveLength(0);
  });

  it('says so in Chinese for a plain burn paste', async () => {
    renderPaste(
      '/paste/abc',
      () => ({ body: { ...base, content: 'once only', hasPassword: false, burnAfterReading: true, burned: true } }),
      {
        language: 'zh-CN',
      },
    );
    expect(await screen.findByText('once only')).toBeInTheDocument();
    expect(screen.getByTestId('paste-burned-notice')).toHaveTextContent('本页面是唯一的副本');
    expect(screen.queryByTestId('paste-encrypted-badge')).not.toBeInTheDocument();
  });

  describe('asking before it is opened', () => {
    const pending = (extra: Record<string, unknown> = {}) => ({
      body: { ...base, hasPassword: false, requiresConfirmation: true, burnAfterReading: true, views: 0, ...extra },
    });

    it('asks first (GET ?burn=ask shows no content), then opens it with POST confirmBurn and shows the only copy', async () => {
      const { fetch } = renderPaste(`/paste/abc#${plain.key}`, (call) =>
        call.method === 'POST'
          ? openView(plain.envelope, { burnAfterReading: true, burned: true })()
          : pending({ encryption: 'aes-256-gcm/v1' }),
      );
      expect(await screen.findByTestId('paste-burn-confirm')).toHaveTextContent('deletes it from the server at once');
      expect(fetch.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET http://127.0.0.1:8080/api/paste/abc?burn=ask']);
      expect(robots()).toHaveLength(1);
      fireEvent.click(screen.getByTestId('paste-burn-open'));
      expect(await screen.findByText('The answer is 42 — 绝密')).toBeInTheDocument();
      expect(screen.getByTestId('paste-burned-notice')).toBeInTheDocument();
      expect(fetch.calls.at(-1)).toMatchObject({ method: 'POST', url: 'http://127.0.0.1:8080/api/paste/abc', body: { confirmBurn: true } });
    });

    it('will not open an encrypted burn paste whose link has no key (it would be deleted unread), in Chinese too', async () => {
      const { fetch } = renderPaste('/paste/abc', () => pending({ encryption: 'aes-256-gcm/v1' }), { language: 'zh-CN' });
      expect(await screen.findByTestId('paste-burn-no-key')).toHaveTextContent('链接中没有密钥');
      expect(screen.queryByTestId('paste-burn-open')).not.toBeInTheDocument();
      expect(fetch.calls.every((call) => call.method === 'GET')).toBe(true);
    });

    it('shows the gone page when another reader opened it first', async () => {
      renderPaste('/paste/abc', (call) =>
        call.method === 'POST' ? { status: 404, body: { code: 404, message: 'not found', success: false, data: null } } : pending(),
      );
      fireEvent.click(await screen.findByTestId('paste-burn-open'));
      await waitFor(() => expect(screen.getByTestId('area-page')).toHaveAttribute('data-state', 'not-found'));
    });
  });
});
