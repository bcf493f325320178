import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel, createSafeStorage } from '@cloudclip/shared-kernel';
import { App } from './app';
import { NAMESPACE, resources } from '../i18n/resources';
import { fakeFetch, textOnlyKeyCheck } from '../test/test-kernel';
import { PASTE_ROW_DEFAULTS } from '../test/paste-rows';

const PASTE = {
  id: 'p7',
  slug: 'quarterly',
  remark: 'Quarterly report',
  content_preview: 'the numbers',
  ...PASTE_ROW_DEFAULTS,
};

const HIT = {
  kind: 'paste',
  id: 'p7',
  slug: 'quarterly',
  title: 'Quarterly report',
  snippet: 'Quarterly report',
  has_password: 0,
  created_by: null,
  created_at: '2025-07-01 08:00:00',
};

/** The panel at `path` against a backend that offers search, logged in as the admin or a text-only key. */
function renderPanel(path: string, who: 'admin' | 'key') {
  window.localStorage.clear();
  window.localStorage.setItem('language', 'en-US');
  window.history.pushState(null, '', path);
  const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({
    body: { code: 200, message: 'ok', success: true, data, ...extra },
  });
  const network = fakeFetch([
    {
      path: '/api/version',
      reply: ok({ version: '1.0.0', name: 'cloudclip', environment: 'Docker', storage: 'SQLite', features: ['search'] }),
    },
    { path: '/api/admin/search', reply: ok({ items: [HIT], pagination: { total: 1, page: 1, limit: 20, totalPages: 1 } }) },
    {
      path: '/api/admin/pastes',
      reply: (_body, url) =>
        ok(url.searchParams.get('q') === 'quarterly' ? [PASTE] : [], { pagination: { total: 1, page: 1, limit: 10, totalPages: 1 } }),
    },
    { path: '/api/user/pastes', reply: ok([], { pagination: { total: 0, limit: 10, offset: 0, hasMore: false }, key_info: null }) },
    textOnlyKeyCheck({ id: 'k1', name: 'reader' }),
    { path: '/api/admin/dashboard/stats', reply: { status: 500, body: { code: 500, message: 'no stats', success: false } } },
  ]);
  const kernel = createKernel({
    storage: createSafeStorage(window.localStorage),
    origin: 'http://127.0.0.1:8080',
    fetchImpl: network.fetchImpl,
  });
  kernel.i18n.addNamespace(NAMESPACE, resources);
  if (who === 'admin') kernel.session.loginAdmin('t'.repeat(32));
  else kernel.session.loginApiKey('k'.repeat(12), { text: true, file: false, mount: false }, { id: 'k1', name: 'reader', basic_path: '/' });
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <App kernel={kernel} basename="/admin" />
    </I18nextProvider>,
  );
  return network;
}

test('a global-search hit opens text management with the row of its link suffix', async () => {
  const network = renderPanel('/admin/settings', 'admin');
  const box = await screen.findByRole('combobox', { name: 'Search texts and files' });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: 'quarterly' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option'));
  await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/admin/text-management?q=quarterly'));
  expect(await screen.findByText('quarterly', { selector: '[data-testid="paste-slug"]' })).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Search texts (link, remark, content)' })).toHaveValue('quarterly');
  const lists = network.calls.map((call) => new URL(call.url)).filter((url) => url.pathname === '/api/admin/pastes');
  expect(lists.map((url) => url.searchParams.get('q'))).toEqual(['quarterly']);
  expect(network.calls.filter((call) => call.url.endsWith('/api/version'))).toHaveLength(1);
});

test('a key holder gets no global search, and its own texts are searched with q', async () => {
  const network = renderPanel('/admin/text-management?q=notes', 'key');
  expect(await screen.findByRole('searchbox', { name: 'Search texts (link, remark, content)' })).toHaveValue('notes');
  await waitFor(() => expect(network.calls.some((call) => new URL(call.url).pathname === '/api/user/pastes')).toBe(true));
  const list = network.calls.map((call) => new URL(call.url)).find((url) => url.pathname === '/api/user/pastes');
  expect(list?.searchParams.get('q')).toBe('notes');
  expect(screen.queryByRole('combobox', { name: 'Search texts and files' })).toBeNull();
  expect(screen.queryByTestId('global-search')).toBeNull();
});
