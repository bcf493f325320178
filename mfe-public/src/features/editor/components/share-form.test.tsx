import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, makeKernel, renderWithKernel } from '../../../test/test-kernel';
import { ShareForm } from './share-form';

function setup(options: { reply?: Parameters<typeof fakeFetch>[0]; storage?: Record<string, string>; content?: string } = {}) {
  const fetch = fakeFetch(
    options.reply ?? (() => ({ body: { id: 'p1', slug: 'abc123', hasPassword: false, createdAt: 'now', authorizedBy: 'admin' } })),
  );
  const kernel = makeKernel({ fetchImpl: fetch.impl, storage: options.storage ?? { admin_token: 'token' } });
  const onShared = jest.fn();
  renderWithKernel(<ShareForm content={options.content ?? '# hello'} onShared={onShared} />, kernel);
  return { fetch, kernel, onShared };
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
    const { kernel } = setup({ storage: {}, reply: () => ({ status: 401, body: { code: 401, message: 'nope', success: false } }) });
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
});
