import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { App, preloadPage } from './app';
import { resources } from '../i18n/resources';
import { publicFile, serveFileText } from '../test/public-file';
import { fakeFetch, makeKernel, type FakeReply } from '../test/test-kernel';
import { leafKeys } from '@cloudclip/shared-kernel/testing/leaf-keys';

function renderApp(kernel: ReturnType<typeof makeKernel>) {
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <App kernel={kernel} basename="/" />
    </I18nextProvider>,
  );
}

/** A fresh visit of `path` whose API answers with `reply`. */
function visit(path: string, language: 'zh-CN' | 'en-US', reply: () => FakeReply) {
  window.localStorage.clear();
  window.history.pushState(null, '', path);
  const fetch = fakeFetch(reply);
  const kernel = makeKernel({ language, fetchImpl: fetch.impl });
  return { kernel, fetch };
}

function renderAt(
  path: string,
  language: 'zh-CN' | 'en-US',
  reply: () => FakeReply = () => ({ status: 404, body: { code: 404, message: 'not found', success: false } }),
) {
  const visited = visit(path, language, reply);
  renderApp(visited.kernel);
  return visited;
}

/** The details of text file F1, with its links. */
const textFileReply = (): FakeReply => ({
  body: {
    code: 200,
    message: 'ok',
    success: true,
    data: publicFile({
      proxy_preview_url: 'http://127.0.0.1:8080/api/file-view/F1',
      proxy_download_url: 'http://127.0.0.1:8080/api/file-download/F1',
    }),
  },
});

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
  expect(fetch.calls[0]!.url).toBe('http://127.0.0.1:8080/api/paste/Ab1?burn=ask');
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
  expect(leafKeys(resources['en-US'])).toEqual(leafKeys(resources['zh-CN']));
});

test("a text file's text is asked for as soon as its details are in, before the page renders, and only once", async () => {
  // The preview's text is fetched without the kernel (no credentials): the page's global fetch.
  const { mock: textFetch, restore } = serveFileText('hello from the file');
  try {
    const { kernel, fetch: api } = visit('/file/F1', 'en-US', textFileReply);
    await preloadPage('/file/F1', kernel);
    // Generous waits: the first import of the page's modules is slow on a busy 2-core machine.
    await waitFor(() => expect(textFetch).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(textFetch.mock.calls[0]![0]).toBe('http://127.0.0.1:8080/api/file-view/F1');
    renderApp(kernel);
    expect(await screen.findByText('hello from the file', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(textFetch).toHaveBeenCalledTimes(1);
    expect(api.calls.map((call) => call.url)).toEqual(['http://127.0.0.1:8080/api/public/files/F1']);
  } finally {
    restore();
  }
});

test("a text file's page renders with its text in the first render when the text came in with the page", async () => {
  const { restore } = serveFileText('text that came early');
  try {
    const { kernel } = visit('/file/F1', 'en-US', textFileReply);
    // The remote's preload waits for the text (it is in at once here).
    await preloadPage('/file/F1', kernel);
    renderApp(kernel);
    // In the first commit: no "loading" page or preview first, the page with its text.
    expect(screen.getByTestId('file-text')).toHaveTextContent('text that came early');
    expect(screen.queryByText('Loading the preview…')).toBeNull();
  } finally {
    restore();
  }
});

test('a paste page renders its paste in the first render when the paste came in with the page', async () => {
  const { kernel, fetch: api } = visit('/paste/Ab1', 'en-US', () => ({
    body: {
      id: 'p1',
      slug: 'Ab1',
      content: 'early words',
      remark: 'early remark',
      hasPassword: false,
      views: 1,
      createdAt: '2025-07-01 08:00:00',
    },
  }));
  await preloadPage('/paste/Ab1', kernel);
  renderApp(kernel);
  // In the first commit: the paste's own parts, no "loading" page first.
  expect(screen.getByTestId('paste-remark')).toHaveTextContent('early remark');
  expect(screen.getByTestId('paste-slug')).toHaveTextContent('Ab1');
  expect(await screen.findByText('early words')).toBeInTheDocument();
  expect(api.calls).toHaveLength(1);
});
