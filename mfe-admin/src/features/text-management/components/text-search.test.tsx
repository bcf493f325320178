import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel, testKernel } from '../../../test/test-kernel';
import { PASTE_ROW_DEFAULTS } from '../../../test/paste-rows';
import { submitSearch } from '../../../test/submit-search';
import { searchBackend, type SearchBackendOptions } from '../../../test/search-backend';
import { TextManagementPage } from './text-management-page';

interface Paste {
  id: string;
  slug: string;
  remark: string | null;
  content_preview: string;
}

/** 15 pastes, newest first; note-3 is the only one whose remark says "report". */
const PASTES: Paste[] = Array.from({ length: 15 }, (_, index) => ({
  id: `p${index}`,
  slug: `note-${index}`,
  remark: index === 3 ? 'Quarterly report' : `remark ${index}`,
  content_preview: `content ${index}`,
}));

const base = PASTE_ROW_DEFAULTS;

/** The admin list (`GET /api/admin/pastes`, page/limit paging) over PASTES. */
const ADMIN_LIST: Omit<SearchBackendOptions<Paste>, 'features'> = {
  listPath: '/api/admin/pastes',
  rows: PASTES,
  fields: (row) => [row.slug, row.remark, row.content_preview],
  answer: (rows, total, url) => {
    const limit = Number(url.searchParams.get('limit'));
    const page = Number(url.searchParams.get('page'));
    return {
      code: 200,
      message: 'ok',
      data: rows.map((row) => ({ ...base, ...row })),
      pagination: { total, page, limit, totalPages: Math.ceil(total / limit) },
    };
  },
};

function adminBackend(features: string[] | undefined, hold?: (url: URL) => boolean) {
  return searchBackend<Paste>({ ...ADMIN_LIST, features, hold });
}

function renderPage(
  backend: ReturnType<typeof adminBackend>,
  { language = 'en-US', path = '/text-management' }: { language?: 'zh-CN' | 'en-US'; path?: string } = {},
) {
  const kernel = testKernel({ language, fetchImpl: backend.fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  renderWithKernel(kernel, <TextManagementPage access="full" />, { path });
}

const slugs = () => screen.queryAllByTestId('paste-slug').map((link) => link.textContent);
const searchBox = (name: string | RegExp) => screen.findByRole('searchbox', { name });
describe('text management search, against a backend that offers search', () => {
  it('sends the keyword as q from page 1 and shows the server’s rows and total', async () => {
    const backend = adminBackend(['search']);
    renderPage(backend);
    await screen.findByText('note-0');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('note-10');
    expect(backend.requests.at(-1)?.url.searchParams.get('page')).toBe('2');

    const box = await searchBox('Search texts (link, remark, content)');
    expect(box).toHaveAttribute('data-mode', 'server');
    submitSearch(box, '  report ');
    await waitFor(() => expect(slugs()).toEqual(['note-3']));
    expect(backend.lastRequest('q', 'page')).toEqual({ path: '/api/admin/pastes', q: 'report', page: '1' });
    // The server's total (1) is the pager's: no second page any more.
    expect(screen.queryByTitle('2')).toBeNull();
  });

  it('searches once the typing pauses, without Enter', async () => {
    const backend = adminBackend(['search']);
    renderPage(backend);
    await screen.findByText('note-0');
    fireEvent.change(await searchBox(/Search texts/), { target: { value: 'note-1' } });
    await waitFor(() => expect(backend.queries()).toContain('note-1'));
    await waitFor(() => expect(slugs()).toEqual(['note-1', 'note-10', 'note-11', 'note-12', 'note-13', 'note-14']));
  });

  it('aborts a search still on its way when a newer one replaces it, and shows only the newer answer', async () => {
    const backend = adminBackend(['search'], (url) => url.searchParams.get('q') === 'note');
    renderPage(backend);
    await screen.findByText('note-0');
    const box = await searchBox(/Search texts/);
    submitSearch(box, 'note');
    await waitFor(() => expect(backend.queries()).toContain('note'));
    const stale = backend.requests.find((request) => request.url.searchParams.get('q') === 'note');
    submitSearch(box, 'report');
    await waitFor(() => expect(slugs()).toEqual(['note-3']));
    expect(stale?.signal?.aborted).toBe(true);
    act(() => backend.release());
    expect(slugs()).toEqual(['note-3']);
    expect(screen.queryByText(/cancel/i)).toBeNull();
  });

  it('applies ?q= of the address to the first request (a global-search hit opens its row)', async () => {
    const backend = adminBackend(['search']);
    renderPage(backend, { path: '/text-management?q=note-14' });
    await waitFor(() => expect(slugs()).toEqual(['note-14']));
    expect(backend.queries()).toEqual(['note-14']);
    expect(await searchBox(/Search texts/)).toHaveValue('note-14');
  });

  it('refuses a query of too many words in the user’s language, sends nothing and keeps the table', async () => {
    const backend = adminBackend(['search']);
    renderPage(backend);
    await screen.findByText('note-0');
    const before = backend.requests.length;
    const box = await searchBox(/Search texts/);
    submitSearch(box, 'a b c d e f g h i');
    expect(await screen.findByTestId('table-search-error')).toHaveTextContent('The search can have at most 8 words (separated by spaces)');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(backend.requests).toHaveLength(before);
    expect(slugs()).toHaveLength(10);
  });

  it('says why in Chinese, and a fixed query clears the message', async () => {
    const backend = adminBackend(['search']);
    renderPage(backend, { language: 'zh-CN' });
    await screen.findByText('note-0');
    const box = await searchBox('搜索文本（链接、备注、内容）');
    submitSearch(box, 'x'.repeat(201));
    expect(await screen.findByTestId('table-search-error')).toHaveTextContent('搜索内容不能超过 200 个字符');
    submitSearch(box, 'report');
    await waitFor(() => expect(slugs()).toEqual(['note-3']));
    expect(screen.queryByTestId('table-search-error')).toBeNull();
  });

  it('shows the server’s reason for a query it refuses and keeps the rows shown', async () => {
    const backend = searchBackend<Paste>({
      ...ADMIN_LIST,
      features: ['search'],
      refuse: (q) => (q === 'forbidden' ? 'This search is refused' : null),
    });
    renderPage(backend);
    await screen.findByText('note-0');
    const box = await searchBox(/Search texts/);
    submitSearch(box, 'forbidden');
    expect(await screen.findByText('This search is refused')).toBeInTheDocument();
    expect(backend.queries()).toContain('forbidden');
    expect(slugs()).toHaveLength(10);
    expect(slugs()[0]).toBe('note-0');
  });
});

describe('text management search, against a backend without search', () => {
  it('never sends q and narrows the page shown, as before', async () => {
    const backend = adminBackend(undefined);
    renderPage(backend);
    await screen.findByText('note-0');
    const box = await searchBox('Search this page (link, remark, content)');
    expect(box).toHaveAttribute('data-mode', 'page');
    submitSearch(box, 'REPORT');
    await waitFor(() => expect(slugs()).toEqual(['note-3']));
    expect(backend.queries().every((q) => q === null)).toBe(true);
    expect(backend.requests.every((request) => request.url.searchParams.get('page') === '1')).toBe(true);
  });

  it('narrows the page by ?q= of the address without sending it', async () => {
    const backend = adminBackend(undefined);
    renderPage(backend, { path: '/text-management?q=note-1' });
    await waitFor(() => expect(slugs()).toEqual(['note-1']));
    expect(backend.queries()).toEqual([null]);
  });
});

describe('text management search for a key holder', () => {
  it('sends q to the key’s own list', async () => {
    const backend = searchBackend<Paste>({
      features: ['search'],
      listPath: '/api/user/pastes',
      rows: PASTES,
      fields: (row) => [row.slug, row.remark, row.content_preview],
      answer: (rows, total, url) => ({
        code: 200,
        message: 'ok',
        data: rows.map((row) => ({ ...base, ...row, views: 0 })),
        pagination: { total, limit: Number(url.searchParams.get('limit')), offset: 0, hasMore: false },
        key_info: null,
      }),
    });
    const kernel = testKernel({ language: 'en-US', fetchImpl: backend.fetchImpl });
    kernel.session.loginApiKey('k'.repeat(12), { text: true, file: false, mount: false }, { id: 'k1', name: 'ci', basic_path: '/' });
    renderWithKernel(kernel, <TextManagementPage access="user" />, { path: '/text-management' });
    await screen.findByText('note-0');
    const box = await searchBox(/Search texts/);
    submitSearch(box, 'report');
    await waitFor(() => expect(slugs()).toEqual(['note-3']));
    expect(backend.lastRequest('q', 'offset')).toEqual({ path: '/api/user/pastes', q: 'report', offset: '0' });
    expect(within(screen.getByTestId('text-management')).getByTestId('table-search')).toBe(box);
  });
});
