import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { fakeFetch, renderWithKernel, testKernel } from '../../../test/test-kernel';
import { EarlyLoginForm } from './early-login-form';
import { LoginPage } from './login-page';

const LOGIN_OK = {
  body: { code: 200, message: 'ok', data: { username: 'root', token: 'T'.repeat(32), expiresAt: '2030-01-01T00:00:00Z' } },
};

/**
 * The boot page's `/admin` first screen as the gateway writes it (both language variants, static
 * HTML outside React), with what the visitor did there: typed values, focus and caret, a submit.
 */
function bootFirstScreen({
  username = '',
  password = '',
  focus,
  submitted = false,
}: {
  username?: string;
  password?: string;
  focus?: { field: 'username' | 'password'; start: number; end: number };
  submitted?: boolean;
}): HTMLElement {
  const variants = (['zh-CN', 'en-US'] as const).map((language) => {
    const copy = render(<I18nextProvider i18n={testKernel({ language }).i18n.i18n}>{<EarlyLoginForm />}</I18nextProvider>);
    const html = copy.container.innerHTML;
    copy.unmount();
    return `<div data-lang="${language}" data-session="signed-out">${html}</div>`;
  });
  const element = document.createElement('div');
  element.id = 'cc-first-screen';
  element.className = 'cc-first-screen';
  element.setAttribute('data-live', '');
  element.innerHTML = variants.join('');
  document.body.append(element);
  const shown = element.querySelector('[data-lang="en-US"]') as HTMLElement;
  const input = (field: string) => shown.querySelector<HTMLInputElement>(`[data-early-field="admin-${field}"]`) as HTMLInputElement;
  input('username').value = username;
  input('password').value = password;
  if (focus) {
    input(focus.field).focus();
    input(focus.field).setSelectionRange(focus.start, focus.end);
  }
  if (submitted) shown.querySelector('form')?.setAttribute('data-early-submitted', 'true');
  return element;
}

/** Runs everything the page scheduled (validation, the request, its answer) on jest's fake clock. */
async function settle(): Promise<void> {
  await act(() => jest.runAllTimersAsync());
}

/** The login page (the first screen stays in the document here: the host that removes it is not part of these tests). */
const page = () => within(screen.getByTestId('admin-login'));

const loginCalls = (calls: Array<{ method: string; url: string }>) =>
  calls.filter((call) => call.method === 'POST' && new URL(call.url).pathname === '/api/admin/login');

describe('LoginPage taking over the first screen', () => {
  beforeEach(() => {
    document.documentElement.lang = 'en-US';
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    document.getElementById('cc-first-screen')?.remove();
  });

  it('starts from what was typed, sends nothing by itself and marks the first screen adopted', async () => {
    const { fetchImpl, calls } = fakeFetch([{ method: 'POST', path: '/api/admin/login', reply: LOGIN_OK }]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    const first = bootFirstScreen({ username: 'root', password: 'secret' });
    renderWithKernel(kernel, <LoginPage />);
    expect(page().getByLabelText('Username')).toHaveValue('root');
    expect(page().getByLabelText('Password')).toHaveValue('secret');
    expect(first).toHaveAttribute('data-adopted', 'true');
    await settle();
    expect(loginCalls(calls)).toHaveLength(0);
    expect(kernel.session.kind).toBe('anonymous');
  });

  it('takes the values of the other language variant when only that one was typed into', () => {
    document.documentElement.lang = 'zh-CN';
    bootFirstScreen({ username: 'admin', password: 'pw' });
    renderWithKernel(testKernel({ language: 'zh-CN' }), <LoginPage />);
    expect(page().getByLabelText('用户名')).toHaveValue('admin');
    expect(page().getByLabelText('密码')).toHaveValue('pw');
  });

  it('logs in exactly once when the form was sent before the code arrived', async () => {
    const { fetchImpl, calls } = fakeFetch([{ method: 'POST', path: '/api/admin/login', reply: LOGIN_OK }]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    bootFirstScreen({ username: ' root ', password: 'secret', submitted: true });
    renderWithKernel(kernel, <LoginPage />);
    await settle();
    expect(kernel.session.kind).toBe('admin');
    expect(loginCalls(calls)).toHaveLength(1);
    expect(loginCalls(calls)[0]).toMatchObject({ body: { username: 'root', password: 'secret' } });
  });

  it('an early login that fails shows the usual error and keeps the values; nothing is sent again', async () => {
    const { fetchImpl, calls } = fakeFetch([
      { method: 'POST', path: '/api/admin/login', reply: { status: 401, body: { code: 401, message: 'wrong credentials' } } },
    ]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    bootFirstScreen({ username: 'root', password: 'bad', submitted: true });
    renderWithKernel(kernel, <LoginPage />);
    await settle();
    expect(screen.getByText('wrong credentials')).toBeInTheDocument();
    expect(page().getByLabelText('Username')).toHaveValue('root');
    expect(page().getByLabelText('Password')).toHaveValue('bad');
    expect(loginCalls(calls)).toHaveLength(1);
    expect(kernel.session.kind).toBe('anonymous');
  });

  it('an early submit of an empty form shows the validation messages and sends nothing', async () => {
    jest.useRealTimers();
    const { fetchImpl, calls } = fakeFetch([{ method: 'POST', path: '/api/admin/login', reply: LOGIN_OK }]);
    bootFirstScreen({ submitted: true });
    renderWithKernel(testKernel({ language: 'en-US', fetchImpl }), <LoginPage />);
    // The messages come once validation has failed, which is what decides that nothing is sent.
    expect(await screen.findByText('Please enter the username')).toBeInTheDocument();
    expect(loginCalls(calls)).toHaveLength(0);
  });

  it('carries the focus and the caret over to the page field', () => {
    bootFirstScreen({ username: 'root', password: 'secret', focus: { field: 'password', start: 2, end: 4 } });
    renderWithKernel(testKernel({ language: 'en-US' }), <LoginPage />);
    const password = page().getByLabelText('Password') as HTMLInputElement;
    expect(password).toHaveFocus();
    expect([password.selectionStart, password.selectionEnd]).toEqual([2, 4]);
  });

  it('keeps what was typed between its first render and its commit, with the caret', () => {
    const first = bootFirstScreen({ username: 'rt', focus: { field: 'username', start: 1, end: 1 } });
    const typed = first.querySelector<HTMLInputElement>('[data-lang="en-US"] [data-early-field="admin-username"]') as HTMLInputElement;
    /** Renders after the login page: the visitor types on while React has not committed yet. */
    function KeepsTyping() {
      // 'rt' becomes 'root' with the caret after the second 'o', not at the end.
      typed.value = 'root';
      typed.setSelectionRange(3, 3);
      return null;
    }
    renderWithKernel(
      testKernel({ language: 'en-US' }),
      <>
        <LoginPage />
        <KeepsTyping />
      </>,
    );
    const username = page().getByLabelText('Username') as HTMLInputElement;
    expect(username).toHaveValue('root');
    expect(username).toHaveFocus();
    expect([username.selectionStart, username.selectionEnd]).toEqual([3, 3]);
  });

  it('without a first screen (a later visit) starts empty, with no focus taken', () => {
    renderWithKernel(testKernel({ language: 'en-US' }), <LoginPage />);
    expect(page().getByLabelText('Username')).toHaveValue('');
    expect(page().getByLabelText('Password')).not.toHaveFocus();
  });
});
