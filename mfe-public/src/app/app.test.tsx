import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { App } from './app';
import { resources } from '../i18n/resources';
import { fakeFetch, makeKernel, type FakeReply } from '../test/test-kernel';

function renderAt(
  path: string,
  language: 'zh-CN' | 'en-US',
  reply: () => FakeReply = () => ({ status: 404, body: { code: 404, message: 'not found', success: false } }),
) {
  window.localStorage.clear();
  window.history.pushState(null, '', path);
  const fetch = fakeFetch(reply);
  const kernel = makeKernel({ language, fetchImpl: fetch.impl });
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <App kernel={kernel} basename="/" />
    </I18nextProvider>,
  );
  return { kernel, fetch };
}

test('renders the editor on / in Chinese by default', async () => {
  renderAt('/', 'zh-CN');
  const page = await screen.findByTestId('area-page');
  expect(page).toHaveAttribute('data-area', 'public');
  expect(page).toHaveAttribute('data-page', 'home');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Markdown 编辑器');
});

test('renders a paste under /paste/:slug', async () => {
  const { fetch } = renderAt('/paste/Ab1', 'en-US', () => ({
    body: {
      id: 'p1',
      slug: 'Ab1',
      content: 'shared words',
      remark: null,
      hasPassword: false,
      expiresAt: null,
      maxViews: null,
      views: 1,
      createdAt: '2025-07-01 08:00:00',
      created_by: null,
    },
  }));
  expect(await screen.findByText('shared words')).toBeInTheDocument();
  expect(screen.getByTestId('area-page')).toHaveAttribute('data-page', 'paste');
  expect(fetch.calls[0]!.url).toBe('http://127.0.0.1:8080/api/paste/Ab1');
});

test('shows a clear page for a missing paste, and follows the kernel language and theme', async () => {
  const { kernel } = renderAt('/paste/gone1', 'zh-CN');
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('分享不存在');
  await act(async () => {
    await kernel.i18n.setLanguage('en-US');
  });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Share not found');
  act(() => kernel.theme.setMode('dark'));
  expect(document.querySelector('[data-remote]')).toHaveAttribute('data-dark', 'true');
});

test('renders the file view under /file/:slug', async () => {
  renderAt('/file/f1', 'en-US', () => ({ status: 410, body: { code: 410, message: 'expired', success: false, data: null } }));
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('File no longer available');
  expect(screen.getByTestId('area-page')).toHaveAttribute('data-page', 'file');
});

test('has the same text keys in both languages', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, child]) => keys(child, `${prefix}${key}.`))
      : [prefix];
  expect(keys(resources['en-US'])).toEqual(keys(resources['zh-CN']));
});
