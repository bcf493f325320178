import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FsSearchHit } from '@cloudclip/shared-kernel';
import { renderExplorerAt, type FakeAnswer, type FakeHandler, mountListing } from '../test/render-explorer';

const ADMIN = { admin_token: 'token' };
const KEY_HOLDER = {
  api_key: 'k',
  api_key_permissions: JSON.stringify({ text: false, file: true, mount: true }),
  api_key_info: JSON.stringify({ id: '1', name: 'k', basic_path: '/m/team' }),
};

const listing = (path: string) => mountListing(path, { withSubfolder: false });

const folderHit = (path: string, parent: string): FsSearchHit => ({
  name: path.split('/').filter(Boolean).pop()!,
  path,
  parent,
  isDirectory: true,
  size: 0,
  modified: null,
  mount_id: 'm1',
});
const fileHit = (path: string, size = 2048): FsSearchHit => ({
  name: path.split('/').pop()!,
  path,
  parent: `${path.slice(0, path.lastIndexOf('/'))}/`,
  isDirectory: false,
  size,
  modified: '2025-07-01T08:00:00.000Z',
  mount_id: 'm1',
});
const page = (items: FsSearchHit[], options: { total?: number; offset?: number; hasMore?: boolean; incomplete?: boolean } = {}) => ({
  items,
  pagination: { total: options.total ?? items.length, limit: 100, offset: options.offset ?? 0, hasMore: options.hasMore ?? false },
  incomplete: options.incomplete ?? false,
});

const HITS = [folderHit('/m/docs/reports/', '/m/docs/'), fileHit('/m/docs/q1/report.md')];

/** A backend: the features it lists, folder listings, file info, and `search` for `fs/search`. */
function backend(features: string[], search: FakeHandler = () => ({ data: page(HITS) })): FakeHandler {
  return (url) => {
    if (url.pathname === '/api/version') return { data: { version: '1.0.0', features } };
    if (url.pathname.endsWith('/fs/search')) return search(url);
    if (url.pathname.endsWith('/fs/get')) {
      const path = url.searchParams.get('path')!;
      return { data: { ...fileHit(path), contentType: 'application/octet-stream', preview_url: 'x', download_url: 'y' } };
    }
    return { data: listing(url.searchParams.get('path') ?? '/') };
  };
}

function renderAt(path: string, storage: Record<string, string>, handler: FakeHandler) {
  const { kernel, calls } = renderExplorerAt(path, storage, handler);
  const searches = () => calls.filter((url) => url.pathname.endsWith('/fs/search'));
  return { kernel, calls, searches };
}

/** Types a query and presses Enter (which searches without waiting for the typing pause). */
async function searchFor(text: string) {
  const input = await screen.findByRole('searchbox', { name: 'Search by name below this folder' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return input;
}

const hit = (path: string) => screen.getAllByTestId('search-hit').find((row) => row.getAttribute('data-path') === path)!;

test('a backend without mount-search: no search field, no search request, and a hint that says why (issue 41)', async () => {
  const { calls, searches } = renderAt('/mount-explorer/m', ADMIN, backend(['search']));
  await screen.findByTestId('file-row');
  await waitFor(() => expect(calls.some((url) => url.pathname === '/api/version')).toBe(true));
  await act(async () => undefined);
  expect(screen.queryByTestId('mount-search')).toBeNull();
  expect(screen.queryByRole('searchbox')).toBeNull();
  expect(screen.getByTestId('mount-search-unsupported')).toHaveTextContent('This server does not support searching by name.');
  expect(searches()).toHaveLength(0);
});

test('says so in Chinese too', async () => {
  const { kernel } = renderAt('/mount-explorer/m', { ...ADMIN, language: 'zh-CN' }, backend([]));
  await screen.findByTestId('file-row');
  await act(async () => {
    await kernel.serverFeatures();
  });
  expect(await screen.findByTestId('mount-search-unsupported')).toHaveTextContent('此服务器不支持按名称搜索。');
});

test('while the answer is not in, neither the field nor the hint is shown; the listing is', async () => {
  let answer!: (features: string[]) => void;
  const version = new Promise<string[]>((resolve) => (answer = resolve));
  const plain = backend(['mount-search']);
  renderAt('/mount-explorer/m', ADMIN, (url) =>
    url.pathname === '/api/version' ? version.then((features) => ({ data: { version: '1.0.0', features } })) : plain(url),
  );
  await screen.findByTestId('file-row');
  expect(screen.queryByTestId('mount-search')).toBeNull();
  expect(screen.queryByTestId('mount-search-unsupported')).toBeNull();
  await act(async () => answer(['mount-search']));
  expect(await screen.findByRole('searchbox', { name: 'Search by name below this folder' })).toBeInTheDocument();
  expect(screen.queryByTestId('mount-search-unsupported')).toBeNull();
});

test('an admin searches below the folder shown; folder and file hits replace the listing', async () => {
  const { searches } = renderAt('/mount-explorer/m/docs', ADMIN, backend(['search', 'mount-search']));
  await screen.findByTestId('file-row');
  await searchFor('  report ');
  await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
  const sent = searches()[0]!;
  expect(sent.pathname).toBe('/api/admin/fs/search');
  expect(Object.fromEntries(sent.searchParams)).toEqual({ q: 'report', path: '/m/docs/', limit: '100', offset: '0' });
  expect(screen.queryByTestId('file-list')).toBeNull();
  expect(screen.getByTestId('search-count')).toHaveTextContent('2 found below /m/docs/');
  const folder = hit('/m/docs/reports/');
  expect(folder).toHaveAttribute('data-kind', 'folder');
  expect(within(folder).getByTestId('search-hit-parent')).toHaveTextContent('/m/docs/');
  const file = hit('/m/docs/q1/report.md');
  expect(file).toHaveAttribute('data-kind', 'file');
  expect(within(file).getByTestId('search-hit-size')).toHaveTextContent('2 KB');
  expect(within(file).getByRole('link', { name: 'Open the folder /m/docs/q1/' })).toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Search results, 2 entries' })).toBeInTheDocument();
});

test('a folder hit opens that folder, and its listing returns with an empty field', async () => {
  renderAt('/mount-explorer/m/docs', ADMIN, backend(['mount-search']));
  await screen.findByTestId('file-row');
  const input = await searchFor('report');
  await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
  fireEvent.click(within(hit('/m/docs/reports/')).getByTestId('search-hit-open'));
  await waitFor(() => expect(window.location.pathname).toBe('/mount-explorer/m/docs/reports'));
  await screen.findByTestId('file-row');
  expect(screen.queryByTestId('search-results')).toBeNull();
  expect(input).toHaveValue('');
});

test("a hit's folder link opens the folder that holds it", async () => {
  renderAt('/mount-explorer/m/docs', ADMIN, backend(['mount-search']));
  await searchFor('report');
  await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
  fireEvent.click(within(hit('/m/docs/q1/report.md')).getByTestId('search-hit-parent'));
  await waitFor(() => expect(window.location.pathname).toBe('/mount-explorer/m/docs/q1'));
  await waitFor(() => expect(screen.getByTestId('explorer')).toHaveAttribute('data-directory', '/m/docs/q1/'));
});

test('a file hit opens the preview in place, above the results, and closing it keeps the results', async () => {
  const { calls } = renderAt('/mount-explorer/m/docs', ADMIN, backend(['mount-search']));
  await searchFor('report');
  await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
  fireEvent.click(within(hit('/m/docs/q1/report.md')).getByTestId('search-hit-open'));
  const panel = await screen.findByTestId('preview-panel');
  expect(within(panel).getByRole('heading', { name: 'report.md' })).toBeInTheDocument();
  await waitFor(() =>
    expect(calls.some((url) => url.pathname === '/api/admin/fs/get' && url.searchParams.get('path') === '/m/docs/q1/report.md')).toBe(true),
  );
  expect(window.location.pathname).toBe('/mount-explorer/m/docs');
  expect(screen.getAllByTestId('search-hit')).toHaveLength(2);
  fireEvent.click(within(panel).getByTestId('preview-close'));
  expect(screen.queryByTestId('preview-panel')).toBeNull();
  expect(screen.getAllByTestId('search-hit')).toHaveLength(2);
});

test('the next page is asked for when the list is scrolled to its end', async () => {
  const first = Array.from({ length: 30 }, (_, index) => fileHit(`/m/f-${String(index).padStart(2, '0')}.txt`));
  const second = Array.from({ length: 30 }, (_, index) => fileHit(`/m/g-${String(index).padStart(2, '0')}.txt`));
  const { searches } = renderAt(
    '/mount-explorer/m',
    ADMIN,
    backend(['mount-search'], (url) =>
      url.searchParams.get('offset') === '0'
        ? { data: page(first, { total: 60, hasMore: true }) }
        : { data: page(second, { total: 60, offset: 30 }) },
    ),
  );
  await searchFor('txt');
  const scroller = await screen.findByTestId('search-scroller');
  expect(scroller).toHaveAttribute('data-total-rows', '30');
  expect(searches()).toHaveLength(1);
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, writable: true, value: 60 * 30 });
  fireEvent.scroll(scroller);
  await waitFor(() => expect(scroller).toHaveAttribute('data-total-rows', '60'));
  expect(searches()).toHaveLength(2);
  expect(Object.fromEntries(searches()[1]!.searchParams)).toMatchObject({ q: 'txt', path: '/m/', offset: '30' });
  expect(screen.getByTestId('search-count')).toHaveTextContent('60 found below /m/');
});

test('says so when the index of a mount is still being built', async () => {
  renderAt(
    '/mount-explorer/m',
    ADMIN,
    backend(['mount-search'], () => ({ data: page(HITS, { incomplete: true }) })),
  );
  await searchFor('report');
  expect(await screen.findByTestId('search-incomplete')).toHaveTextContent(
    'The index of this mount is still being built; results may be incomplete.',
  );
});

test('says when nothing is found', async () => {
  renderAt(
    '/mount-explorer/m',
    ADMIN,
    backend(['mount-search'], () => ({ data: page([]) })),
  );
  await searchFor('nothing');
  expect(await screen.findByTestId('search-empty')).toHaveTextContent('Nothing below /m/ has “nothing” in its name.');
  expect(screen.queryByTestId('search-incomplete')).toBeNull();
});

test('a refused query is explained in the user language and not sent', async () => {
  const { kernel, searches } = renderAt('/mount-explorer/m', ADMIN, backend(['mount-search']));
  const input = await searchFor('a b c d e f g h i');
  expect(await screen.findByTestId('search-problem')).toHaveTextContent('The search can have at most 8 words (separated by spaces)');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('The search can have at most 8 words (separated by spaces)');
  await act(async () => kernel.i18n.setLanguage('zh-CN'));
  expect(screen.getByTestId('search-problem')).toHaveTextContent('搜索内容最多包含 8 个词（以空格分隔）');
  expect(searches()).toHaveLength(0);
});

test('a failed search offers a retry that searches again', async () => {
  let failures = 1;
  renderAt(
    '/mount-explorer/m',
    ADMIN,
    backend(['mount-search'], () => (failures-- > 0 ? { status: 500, message: 'Index unavailable' } : { data: page(HITS) })),
  );
  await searchFor('report');
  expect(await screen.findByTestId('search-error')).toHaveTextContent('Index unavailable');
  fireEvent.click(screen.getByTestId('search-retry'));
  await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
});

test('Escape in the field, or clearing it, returns to the listing', async () => {
  renderAt('/mount-explorer/m', ADMIN, backend(['mount-search']));
  await screen.findByTestId('file-row');
  const input = await searchFor('report');
  await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
  fireEvent.keyDown(input, { key: 'Escape' });
  expect(screen.queryByTestId('search-results')).toBeNull();
  expect(screen.getByTestId('file-row')).toHaveAttribute('data-name', 'b.txt');
  expect(input).toHaveValue('');

  await searchFor('report');
  await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
  fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
  expect(screen.queryByTestId('search-results')).toBeNull();
  expect(screen.getByTestId('file-row')).toBeInTheDocument();
});

test('arrow keys move from the field through the hits, and Escape there returns to the field', async () => {
  renderAt('/mount-explorer/m', ADMIN, backend(['mount-search']));
  const input = await searchFor('report');
  await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  const folderOpen = within(hit('/m/docs/reports/')).getByTestId('search-hit-open');
  expect(folderOpen).toHaveFocus();
  fireEvent.keyDown(folderOpen, { key: 'ArrowDown' });
  expect(within(hit('/m/docs/q1/report.md')).getByTestId('search-hit-open')).toHaveFocus();
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(screen.queryByTestId('search-results')).toBeNull();
  expect(input).toHaveFocus();
});

test('searches after a pause in typing, and a late answer to an earlier query never replaces newer results', async () => {
  let releaseFirst: (answer: FakeAnswer) => void = () => undefined;
  const { searches } = renderAt(
    '/mount-explorer/m',
    ADMIN,
    backend(['mount-search'], (url) =>
      url.searchParams.get('q') === 'rep'
        ? new Promise<FakeAnswer>((resolve) => {
            releaseFirst = resolve;
          })
        : { data: page([fileHit('/m/report.md')]) },
    ),
  );
  const input = await screen.findByRole('searchbox');
  fireEvent.change(input, { target: { value: 'rep' } });
  await waitFor(() => expect(searches()).toHaveLength(1), { timeout: 3000 });
  expect(screen.getByTestId('search-loading')).toHaveTextContent('Searching…');
  fireEvent.change(input, { target: { value: 'report' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(1));
  await act(async () => releaseFirst({ data: page(HITS) }));
  expect(screen.getAllByTestId('search-hit').map((row) => row.getAttribute('data-path'))).toEqual(['/m/report.md']);
});

test('a key holder searches through /api/user/fs below the folder shown', async () => {
  const { searches } = renderAt('/mount-explorer/m/team', KEY_HOLDER, backend(['mount-search']));
  await searchFor('report');
  await waitFor(() => expect(searches()).toHaveLength(1));
  expect(searches()[0]!.pathname).toBe('/api/user/fs/search');
  expect(searches()[0]!.searchParams.get('path')).toBe('/m/team/');
});

test('on a phone the search is a button that opens the field, and Escape closes it again', async () => {
  renderAt('/mount-explorer/m', ADMIN, backend(['mount-search']));
  const toggle = await screen.findByRole('button', { name: 'Search' });
  expect(screen.getByTestId('mount-search')).toHaveAttribute('data-open', 'false');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(toggle);
  expect(screen.getByTestId('mount-search')).toHaveAttribute('data-open', 'true');
  const input = screen.getByRole('searchbox');
  fireEvent.keyDown(input, { key: 'Escape' });
  expect(screen.getByTestId('mount-search')).toHaveAttribute('data-open', 'false');
});
