import '../../../test/web-crypto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deferred } from '@cloudclip/shared-kernel/testing/deferred';
import { fakeFetch, makeKernel, renderWithKernel, type FakeReply } from '../../../test/test-kernel';
import { decryptPaste } from '@cloudclip/contract/paste-crypto';
import { ShareForm, type SharedPaste } from './share-form';

const isVersion = (call: { url: string }) => call.url.endsWith('/api/version');
/** Everything Cloudclip's own server announces that this form uses. */
const OWN_SERVER = ['paste-tags', 'paste-encryption', 'burn-after-reading', 'guest-pastes'];
const versionReply = (features: string[]): FakeReply => ({ body: { code: 200, message: 'ok', data: { version: '1', features } } });

function setup(
  options: {
    reply?: Parameters<typeof fakeFetch>[0];
    storage?: Record<string, string>;
    content?: string;
    language?: 'zh-CN' | 'en-US';
    /** What `GET /api/version` lists in `features` (none by default: a backend of the plain contract). */
    features?: string[];
    /** The version answer, when a test decides when it arrives (instead of `features`). */
    version?: Promise<FakeReply>;
  } = {},
) {
  const reply =
    options.reply ?? (() => ({ body: { id: 'p1', slug: 'abc123', hasPassword: false, createdAt: 'now', authorizedBy: 'admin' } }));
  const all = fakeFetch((call) => (isVersion(call) ? (options.version ?? versionReply(options.features ?? [])) : reply(call)));
  // The share requests only: the version is asked once per page load, whatever the form does.
  const fetch = {
    get calls() {
      return all.calls.filter((call) => !isVersion(call));
    },
  };
  const kernel = makeKernel({ fetchImpl: all.impl, storage: options.storage ?? { admin_token: 'token' }, language: options.language });
  const onShared = jest.fn();
  renderWithKernel(<ShareForm content={options.content ?? '# hello'} onShared={onShared} />, kernel);
  return { fetch, kernel, onShared };
}

/** Waits until the form knows what the backend offers. */
async function featuresKnown(kernel: ReturnType<typeof makeKernel>) {
  await act(async () => {
    await kernel.serverFeatures();
  });
}

const submit = () => fireEvent.click(screen.getByTestId('share-submit'));

describe('ShareForm', () => {
  it('shows the "only letters, digits, - and _" message while typing a bad suffix, and sends nothing', () => {
    const { fetch } = setup();
    fireEvent.change(screen.getByLabelText('Custom link suffix'), { target: { value: 'my notes' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The link suffix may only contain letters, digits, hyphens (-) and underscores (_)',
    );
    expect(screen.getByLabelText('Custom link suffix')).toHaveAttribute('aria-invalid', 'true');
    submit();
    expect(fetch.calls).toHaveLength(0);
  });

  it('shows the "invalid format" message for a suffix of spaces on submit', () => {
    const { fetch } = setup();
    fireEvent.change(screen.getByLabelText('Custom link suffix'), { target: { value: '   ' } });
    submit();
    expect(screen.getByTestId(/-slug-error$/)).toHaveTextContent('Invalid link suffix format');
    expect(fetch.calls).toHaveLength(0);
  });

  it('refuses negative max views inline', () => {
    const { fetch } = setup();
    fireEvent.change(screen.getByLabelText('Max views'), { target: { value: '-1' } });
    expect(screen.getByText('Max views cannot be negative (0 means unlimited)')).toBeInTheDocument();
    submit();
    expect(fetch.calls).toHaveLength(0);
  });

  it('clears the inline error once the value is fixed', () => {
    setup();
    const input = screen.getByLabelText('Custom link suffix');
    fireEvent.change(input, { target: { value: 'bad!' } });
    expect(screen.queryByRole('alert')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'good-1' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for content before sharing an empty document', () => {
    const { fetch } = setup({ content: '  ' });
    submit();
    expect(screen.getByTestId('share-content-error')).toHaveTextContent('Write something to share first');
    expect(fetch.calls).toHaveLength(0);
  });

  it('sends the validated request and reports the created paste', async () => {
    const { fetch, onShared } = setup();
    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'note' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.change(screen.getByLabelText('Expires after'), { target: { value: 'never' } });
    fireEvent.change(screen.getByLabelText('Max views'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Custom link suffix'), { target: { value: 'abc123' } });
    submit();
    await waitFor(() => expect(onShared).toHaveBeenCalled());
    expect(fetch.calls[0]).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.1:8080/api/paste',
      body: { content: '# hello', remark: 'note', password: 'pw', maxViews: 2, slug: 'abc123' },
    });
    expect(fetch.calls[0]!.headers.Authorization).toBe('Bearer token');
  });

  it('shows the server message of a 409 at the suffix field', async () => {
    setup({ reply: () => ({ status: 409, body: { code: 409, message: 'slug exists', success: false, data: null } }) });
    fireEvent.change(screen.getByLabelText('Custom link suffix'), { target: { value: 'taken' } });
    submit();
    expect(await screen.findByText('slug exists')).toBeInTheDocument();
  });

  it('shows the server’s message when the paste storage limit is reached (400), in the language it was asked for', async () => {
    const message =
      'Not enough text storage left for this API key: this text needs 100 KB, 24 KB is left (limit 1 MB). Delete text shares you no longer need or ask the administrator to raise the limit';
    const { fetch } = setup({ reply: () => ({ status: 400, body: { code: 400, message, success: false, data: null } }) });
    submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetch.calls[0]!.headers['Accept-Language']).toBe('en-US');
  });

  it('falls back to "link suffix already taken" for a 409 without message', async () => {
    setup({ reply: () => ({ status: 409, body: { code: 409, success: false } }) });
    fireEvent.change(screen.getByLabelText('Custom link suffix'), { target: { value: 'taken' } });
    submit();
    expect(await screen.findByText('This link suffix is already taken, try another')).toBeInTheDocument();
  });

  it('keeps the draft and says a login is needed after a 401, with a login link through the bus', async () => {
    const { kernel } = setup({
      storage: {},
      features: OWN_SERVER,
      reply: () => ({ status: 401, body: { code: 401, message: 'nope', success: false } }),
    });
    await featuresKnown(kernel);
    expect(screen.getByText(/sharing works only if this server allows guest pastes/)).toBeInTheDocument();
    const navigate = jest.fn();
    kernel.bus.on('navigate').subscribe(navigate);
    submit();
    const notice = await screen.findByTestId('share-access-notice');
    expect(notice).toHaveAttribute('data-reason', 'login');
    expect(notice).toHaveTextContent('Your draft is kept in this browser.');
    fireEvent.click(screen.getByTestId('share-login-link'));
    expect(navigate).toHaveBeenCalledWith({ to: '/admin' });
  });

  it('says what is missing for a key without the text permission and does not offer sharing', () => {
    setup({ storage: { api_key: 'k', api_key_permissions: JSON.stringify({ text: false, file: true, mount: false }) } });
    expect(screen.getByTestId('share-access-notice')).toHaveAttribute('data-reason', 'permission');
    expect(screen.getByTestId('share-submit')).toBeDisabled();
  });

  describe('end-to-end encryption and burn after reading', () => {
    const SECRET = '# Quarterly numbers\n\nrevenue 4711 — 机密';

    /** Shares SECRET with end-to-end encryption and one field filled in; returns once the paste is shared. */
    async function shareEncrypted(label: string, value: string) {
      const shared = setup({ content: SECRET, features: OWN_SERVER });
      await featuresKnown(shared.kernel);
      fireEvent.click(screen.getByTestId('share-encrypt'));
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
      submit();
      await waitFor(() => expect(shared.onShared).toHaveBeenCalled());
      return shared;
    }

    it('sends only the envelope, with the encryption flag, and hands the key (not the server) the means to read it', async () => {
      const { fetch, onShared } = await shareEncrypted('Remark', 'numbers');
      expect(fetch.calls).toHaveLength(1);
      const raw = JSON.stringify(fetch.calls[0]!.body);
      for (const part of ['Quarterly', '4711', '机密']) expect(raw).not.toContain(part);
      const body = fetch.calls[0]!.body as { content: string; encryption: string; remark: string; burnAfterReading?: boolean };
      expect(body).toMatchObject({ encryption: 'aes-256-gcm/v1', remark: 'numbers' });
      expect(body).not.toHaveProperty('burnAfterReading');
      const shared = onShared.mock.calls[0]![0] as SharedPaste;
      expect(shared.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(raw).not.toContain(shared.key);
      await expect(decryptPaste(body.content, shared.key)).resolves.toBe(SECRET);
    });

    it('stretches the share password into the key: the envelope needs both', async () => {
      const { fetch, onShared } = await shareEncrypted('Password', 'pw-1');
      const body = fetch.calls[0]!.body as { content: string; password: string };
      expect(body.password).toBe('pw-1');
      const { key } = onShared.mock.calls[0]![0] as SharedPaste;
      await expect(decryptPaste(body.content, key, 'pw-1')).resolves.toBe(SECRET);
      await expect(decryptPaste(body.content, key)).rejects.toMatchObject({ code: 'passwordRequired' });
    });

    it('sends burnAfterReading: true (and the plaintext) when only burn after reading is chosen', async () => {
      const { fetch, kernel, onShared } = setup({ content: SECRET, features: OWN_SERVER });
      await featuresKnown(kernel);
      fireEvent.click(screen.getByTestId('share-burn'));
      submit();
      await waitFor(() => expect(onShared).toHaveBeenCalled());
      expect(fetch.calls[0]!.body).toEqual({ content: SECRET, burnAfterReading: true, expiresAt: expect.any(String) });
      expect((onShared.mock.calls[0]![0] as SharedPaste).key).toBeUndefined();
    });

    it('explains both options in Chinese, and that remark and expiry stay visible to the server', async () => {
      const { kernel } = setup({ language: 'zh-CN', features: OWN_SERVER });
      await featuresKnown(kernel);
      expect(screen.getByLabelText('在浏览器中加密（端到端）')).toHaveAttribute('data-testid', 'share-encrypt');
      expect(screen.getByLabelText('阅后即焚')).toHaveAttribute('data-testid', 'share-burn');
      expect(screen.getByTestId('share-encrypt-hint')).toHaveTextContent('备注和过期时间服务器仍然可见');
      expect(screen.getByText('第一个人打开后立即删除。')).toBeInTheDocument();
    });

    it('explains both options in English', async () => {
      const { kernel } = setup({ features: OWN_SERVER });
      await featuresKnown(kernel);
      expect(screen.getByLabelText('Encrypt in the browser (end-to-end)')).not.toBeChecked();
      expect(screen.getByLabelText('Burn after reading')).not.toBeChecked();
      expect(screen.getByTestId('share-encrypt-hint')).toHaveTextContent(
        'The server stores only ciphertext; the key stays in the link after #. Remark and expiry remain visible to the server.',
      );
    });

    it('reports a failed encrypted share like any other failure (the editor keeps the draft)', async () => {
      const { kernel, onShared } = setup({
        features: OWN_SERVER,
        reply: () => ({ status: 500, body: { code: 500, message: 'disk full', success: false } }),
      });
      await featuresKnown(kernel);
      fireEvent.click(screen.getByTestId('share-encrypt'));
      submit();
      expect(await screen.findByTestId('share-error')).toHaveTextContent('disk full');
      expect(onShared).not.toHaveBeenCalled();
    });
  });

  describe('additions the server must announce (issue 41: no false promises against other backends)', () => {
    const PLAIN_CONTRACT: string[] = [];

    it('against a backend of the plain contract: encryption and burn after reading cannot be chosen, the hints say why, and nothing of them is sent', async () => {
      const { fetch, kernel, onShared } = setup({ content: '# hi', features: PLAIN_CONTRACT });
      await featuresKnown(kernel);
      expect(screen.getByLabelText('Encrypt in the browser (end-to-end)')).toBeDisabled();
      expect(screen.getByTestId('share-encrypt-hint')).toHaveTextContent('This server does not support end-to-end encryption.');
      expect(screen.getByLabelText('Burn after reading')).toBeDisabled();
      expect(screen.getByTestId('share-burn-hint')).toHaveTextContent('This server does not support burn after reading.');
      expect(screen.queryByLabelText('Tags')).not.toBeInTheDocument();
      expect(screen.getByTestId('share-tags-unsupported')).toHaveTextContent('This server does not support tags.');
      fireEvent.click(screen.getByTestId('share-encrypt'));
      fireEvent.click(screen.getByTestId('share-burn'));
      submit();
      await waitFor(() => expect(onShared).toHaveBeenCalled());
      expect(fetch.calls[0]!.body).toEqual({ content: '# hi', expiresAt: expect.any(String) });
      const shared = onShared.mock.calls[0]![0] as SharedPaste;
      expect(shared.key).toBeUndefined();
    });

    it('says the same in Chinese', async () => {
      const { kernel } = setup({ language: 'zh-CN', features: PLAIN_CONTRACT });
      await featuresKnown(kernel);
      expect(screen.getByTestId('share-encrypt-hint')).toHaveTextContent('此服务器不支持端到端加密。');
      expect(screen.getByTestId('share-burn-hint')).toHaveTextContent('此服务器不支持阅后即焚。');
      expect(screen.getByTestId('share-tags-unsupported')).toHaveTextContent('此服务器不支持标签。');
    });

    it('offers each addition on its own, only where it is announced', async () => {
      const { kernel } = setup({ features: ['burn-after-reading'] });
      await featuresKnown(kernel);
      expect(screen.getByLabelText('Burn after reading')).toBeEnabled();
      expect(screen.getByTestId('share-burn-hint')).toHaveTextContent('Deleted right after the first person opens it.');
      expect(screen.getByLabelText('Encrypt in the browser (end-to-end)')).toBeDisabled();
      expect(screen.getByTestId('share-encrypt-hint')).toHaveTextContent('This server does not support end-to-end encryption.');
    });

    it('offers encryption and burn after reading where announced, with no "not supported" hint', async () => {
      const { kernel } = setup({ features: OWN_SERVER });
      await featuresKnown(kernel);
      expect(screen.getByLabelText('Encrypt in the browser (end-to-end)')).toBeEnabled();
      expect(screen.getByLabelText('Burn after reading')).toBeEnabled();
      expect(screen.getByLabelText('Tags')).toBeInTheDocument();
      expect(screen.queryByText(/This server does not support/)).not.toBeInTheDocument();
    });

    it('renders the form at once while the answer is not in, but lets no one choose an addition before it is', async () => {
      const version = deferred<FakeReply>();
      const { kernel } = setup({ version: version.promise });
      expect(screen.getByTestId('share-submit')).toBeEnabled();
      expect(screen.getByLabelText('Encrypt in the browser (end-to-end)')).toBeDisabled();
      expect(screen.getByLabelText('Burn after reading')).toBeDisabled();
      expect(screen.getByTestId('share-encrypt-hint')).toHaveTextContent('Checking whether this server supports it…');
      expect(screen.getByTestId('share-burn-hint')).toHaveTextContent('Checking whether this server supports it…');
      version.resolve(versionReply(OWN_SERVER));
      await featuresKnown(kernel);
      expect(screen.getByLabelText('Encrypt in the browser (end-to-end)')).toBeEnabled();
      expect(screen.getByLabelText('Burn after reading')).toBeEnabled();
    });

    it('asks a visitor to log in instead of offering a guest paste the server cannot take, in both languages', async () => {
      const { fetch, kernel } = setup({ storage: {}, features: PLAIN_CONTRACT });
      await featuresKnown(kernel);
      const notice = screen.getByTestId('share-access-notice');
      expect(notice).toHaveAttribute('data-reason', 'guests');
      expect(notice).toHaveTextContent('This server does not support guest pastes.');
      expect(notice).toHaveTextContent('Sharing needs a login');
      expect(screen.queryByText(/sharing works only if this server allows guest pastes/)).not.toBeInTheDocument();
      expect(screen.getByTestId('share-submit')).toBeDisabled();
      submit();
      expect(fetch.calls).toHaveLength(0);
      await act(async () => kernel.i18n.setLanguage('zh-CN'));
      expect(screen.getByTestId('share-access-notice')).toHaveTextContent('此服务器不支持游客分享。');
    });

    it('lets a visitor try where the server has guest pastes (an admin may have them on)', async () => {
      const { kernel } = setup({ storage: {}, features: ['guest-pastes'] });
      await featuresKnown(kernel);
      expect(screen.queryByTestId('share-access-notice')).not.toBeInTheDocument();
      expect(screen.getByText(/sharing works only if this server allows guest pastes/)).toBeInTheDocument();
      expect(screen.getByTestId('share-submit')).toBeEnabled();
    });
  });

  describe('tags', () => {
    const tagBox = () => screen.getByLabelText('Tags');
    const chips = () =>
      screen
        .queryAllByTestId('share-tags-chip')
        .map((chip) => within(chip).getByText(/./, { selector: 'span:not([aria-hidden])' }).textContent);
    const enter = (text: string) => {
      fireEvent.change(tagBox(), { target: { value: text } });
      fireEvent.keyDown(tagBox(), { key: 'Enter' });
    };

    it('shows no tag field and sends no tags against a backend without "paste-tags"', async () => {
      const { fetch, kernel, onShared } = setup({ features: ['search'] });
      await featuresKnown(kernel);
      expect(screen.queryByLabelText('Tags')).not.toBeInTheDocument();
      expect(screen.queryByTestId('share-tags-input')).not.toBeInTheDocument();
      submit();
      await waitFor(() => expect(onShared).toHaveBeenCalled());
      expect(fetch.calls[0]!.body).not.toHaveProperty('tags');
    });

    it('adds a chip on Enter and on a comma, removes one with its button, and sends what is left', async () => {
      const { fetch, kernel, onShared } = setup({ features: ['paste-tags'] });
      await featuresKnown(kernel);
      enter('  work  log ');
      expect(chips()).toEqual(['work log']);
      expect(tagBox()).toHaveValue('');
      fireEvent.change(tagBox(), { target: { value: '笔记,' } });
      fireEvent.change(tagBox(), { target: { value: 'a, b,' } });
      expect(chips()).toEqual(['work log', '笔记', 'a', 'b']);
      fireEvent.click(screen.getByRole('button', { name: 'Remove tag a' }));
      expect(chips()).toEqual(['work log', '笔记', 'b']);
      expect(tagBox()).toHaveFocus();
      fireEvent.change(tagBox(), { target: { value: 'still typed' } });
      submit();
      await waitFor(() => expect(onShared).toHaveBeenCalled());
      expect(fetch.calls[0]!.body).toMatchObject({ content: '# hello', tags: ['work log', '笔记', 'b', 'still typed'] });
    });

    it('refuses a tag that is too long with the validator’s message, keeps the text and sends nothing', async () => {
      const { fetch, kernel } = setup({ features: ['paste-tags'] });
      await featuresKnown(kernel);
      const long = 'x'.repeat(33);
      enter(long);
      expect(screen.getByRole('alert')).toHaveTextContent('A tag can be at most 32 characters long');
      expect(tagBox()).toHaveValue(long);
      expect(tagBox()).toHaveAttribute('aria-invalid', 'true');
      expect(chips()).toEqual([]);
      submit();
      expect(fetch.calls).toHaveLength(0);
      expect(tagBox()).toHaveFocus();
    });

    it('refuses an eleventh tag and a control character', async () => {
      const { kernel } = setup({ features: ['paste-tags'] });
      await featuresKnown(kernel);
      fireEvent.change(tagBox(), { target: { value: 'a,b,c,d,e,f,g,h,i,j,' } });
      expect(chips()).toHaveLength(10);
      enter('k');
      expect(screen.getByRole('alert')).toHaveTextContent('A paste can have at most 10 tags');
      expect(chips()).toHaveLength(10);
      fireEvent.click(screen.getByRole('button', { name: 'Remove tag j' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      enter('bell\u0007');
      expect(screen.getByRole('alert')).toHaveTextContent('A tag cannot contain commas or control characters');
    });

    it('says that tags are not encrypted when end-to-end encryption is on, in both languages', async () => {
      const { kernel } = setup({ features: ['paste-tags', 'paste-encryption'], language: 'zh-CN' });
      await featuresKnown(kernel);
      expect(screen.queryByTestId('share-tags-not-encrypted')).not.toBeInTheDocument();
      fireEvent.click(screen.getByTestId('share-encrypt'));
      expect(screen.getByTestId('share-tags-not-encrypted')).toHaveTextContent('标签不会被加密，服务器可以读取。');
      expect(screen.getByLabelText('标签')).toHaveAttribute('data-testid', 'share-tags-input');
    });

    it('keeps the tags after a failed share', async () => {
      const { fetch, kernel } = setup({
        features: ['paste-tags'],
        reply: () => ({ status: 500, body: { code: 500, message: 'storage down', success: false, data: null } }),
      });
      await featuresKnown(kernel);
      enter('keep me');
      fireEvent.change(tagBox(), { target: { value: 'typed' } });
      submit();
      expect(await screen.findByText('storage down')).toBeInTheDocument();
      expect(fetch.calls[0]!.body).toMatchObject({ tags: ['keep me', 'typed'] });
      expect(chips()).toEqual(['keep me', 'typed']);
    });
  });
});
