import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { AdminSearchHit } from '@cloudclip/shared-kernel';
import { fakeFetch, renderWithKernel, testKernel, type FakeResponse } from '../../../test/test-kernel';
import { GlobalSearch } from './global-search';

/** 25 hits: pastes with remarks, an untitled encrypted paste, files with names and a password. */
const HITS: AdminSearchHit[] = Array.from({ length: 25 }, (_, index) => {
  const common = { id: `id-${index}`, slug: `slug-${index}`, created_by: null, created_at: '2025-07-01 08:00:00' };
  if (index === 1) return { ...common, kind: 'paste', title: null, snippet: '', encrypted: true, has_password: 0 };
  if (index % 2 === 0)
    return { ...common, kind: 'paste', title: `Report ${index}`, snippet: `…the report number ${index}…`, has_password: 0 };
  return { ...common, kind: 'file', title: `report-${index}.pdf`, snippet: `report-${index}.pdf`, has_password: 1 };
});

const VERSION = (features?: string[]) => ({
  path: '/api/version',
  reply: {
    body: { code: 200, message: 'ok', data: { version: '1.0.0', name: 'cloudclip', environment: 'Docker', storage: 'SQLite', features } },
  },
});

/** `GET /api/admin/search`: every hit for "report" (20 a page), none for anything else; 500 for "boom". */
function searchReply(_body: unknown, url: URL): FakeResponse {
  const q = url.searchParams.get('q');
  if (q === 'boom') return { status: 500, body: { code: 500, message: 'Search index unavailable', success: false } };
  const matching = q === 'report' ? HITS : [];
  const page = Number(url.searchParams.get('page'));
  const limit = Number(url.searchParams.get('limit'));
  const items = matching.slice((page - 1) * limit, page * limit);
  const pagination = { total: matching.length, page, limit, totalPages: Math.ceil(matching.length / limit) };
  return { body: { code: 200, message: 'ok', success: true, data: { items, pagination } } };
}

/** Shows where the remote's router is, so a test sees the navigation a hit makes. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch({
  features = ['search'],
  language = 'en-US',
  keyHolder = false,
}: { features?: string[]; language?: 'zh-CN' | 'en-US'; keyHolder?: boolean } = {}) {
  const network = fakeFetch([VERSION(features), { path: '/api/admin/search', reply: searchReply }]);
  const kernel = testKernel({ language, fetchImpl: network.fetchImpl });
  if (keyHolder)
    kernel.session.loginApiKey('k'.repeat(12), { text: true, file: true, mount: false }, { id: 'k1', name: 'ci', basic_path: '/' });
  else kernel.session.loginAdmin('t'.repeat(32));
  renderWithKernel(
    kernel,
    <>
      <GlobalSearch pathOf={(module) => `/${module}`} />
      <Where />
    </>,
  );
  const searches = () =>
    network.calls.filter((call) => new URL(call.url).pathname === '/api/admin/search').map((call) => new URL(call.url));
  return { kernel, network, searches };
}

const input = () => screen.findByRole('combobox', { name: 'Search texts and files' });
const options = () => screen.queryAllByRole('option');
const key = (element: HTMLElement, name: string) => fireEvent.keyDown(element, { key: name });

async function searchFor(text: string) {
  const box = await input();
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  key(box, 'Enter');
  return box;
}

describe('global search', () => {
  it('searches both kinds on Enter and lists each hit with its kind, title, snippet, marks and time', async () => {
    const { searches } = renderSearch();
    const box = await searchFor('report');
    await waitFor(() => expect(options()).toHaveLength(20));
    expect(Object.fromEntries(searches()[0]?.searchParams ?? [])).toEqual({ q: 'report', type: 'all', page: '1', limit: '20' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('global-search')).toHaveAttribute('data-state', 'results');
    expect(within(screen.getByTestId('global-search')).getByRole('status')).toHaveTextContent('Results: 25');

    const [first, second, third] = options();
    expect(first).toHaveAttribute('data-kind', 'paste');
    expect(within(first as HTMLElement).getByTestId('global-search-kind')).toHaveTextContent('Text');
    expect(first).toHaveTextContent('Report 0');
    expect(first).toHaveTextContent('…the report number 0…');
    expect(first).toHaveTextContent('slug-0');
    expect(first).toHaveTextContent('2025');
    // An untitled encrypted paste shows its link suffix and the encrypted mark, no snippet.
    expect(second).toHaveTextContent('slug-1');
    expect(within(second as HTMLElement).getByTestId('global-search-encrypted')).toHaveTextContent('End-to-end encrypted');
    expect(within(third as HTMLElement).getByTestId('global-search-kind')).toHaveTextContent('Text');
    const file = options()[3] as HTMLElement;
    expect(file).toHaveAttribute('data-kind', 'file');
    expect(within(file).getByTestId('global-search-kind')).toHaveTextContent('File');
    expect(within(file).getByLabelText('Password protected')).toBeInTheDocument();
  });

  it('loads the next page with "More results" and appends it', async () => {
    const { searches } = renderSearch();
    await searchFor('report');
    await waitFor(() => expect(options()).toHaveLength(20));
    fireEvent.click(screen.getByTestId('global-search-more'));
    await waitFor(() => expect(options()).toHaveLength(25));
    expect(searches().map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(options()[24]).toHaveAttribute('data-slug', 'slug-24');
    expect(screen.queryByTestId('global-search-more')).toBeNull();
  });

  it('searches once the typing pauses', async () => {
    const { searches } = renderSearch();
    const box = await input();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'report' } });
    await waitFor(() => expect(options()).toHaveLength(20));
    expect(searches()).toHaveLength(1);
  });

  it('moves through the hits with the arrow keys and opens the chosen one with Enter', async () => {
    renderSearch();
    const box = await searchFor('report');
    await waitFor(() => expect(options()).toHaveLength(20));
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    key(box, 'ArrowUp');
    const chosen = options()[2] as HTMLElement;
    expect(chosen).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', chosen.id);
    key(box, 'ArrowDown');
    key(box, 'Enter');
    expect(screen.getByTestId('where')).toHaveTextContent('/file-management?q=slug-3');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a text hit in text management searched for its link suffix when clicked', async () => {
    renderSearch();
    await searchFor('report');
    await waitFor(() => expect(options()).toHaveLength(20));
    fireEvent.click(options()[0] as HTMLElement);
    expect(screen.getByTestId('where')).toHaveTextContent('/text-management?q=slug-0');
  });

  it('closes the results with Escape and opens them again with ArrowDown', async () => {
    renderSearch();
    const box = await searchFor('report');
    await waitFor(() => expect(options()).toHaveLength(20));
    key(box, 'Escape');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    key(box, 'ArrowDown');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('says when nothing matches', async () => {
    renderSearch();
    await searchFor('nothing here');
    expect(await screen.findByTestId('global-search-empty')).toHaveTextContent('No text or file matches “nothing here”');
    expect(options()).toHaveLength(0);
  });

  it('shows the server’s reason when the search fails', async () => {
    renderSearch();
    await searchFor('boom');
    expect(await screen.findByTestId('global-search-error')).toHaveTextContent('Search index unavailable');
    expect(screen.getByTestId('global-search')).toHaveAttribute('data-state', 'error');
  });

  it('refuses a query of too many words without sending it, in Chinese', async () => {
    const { searches } = renderSearch({ language: 'zh-CN' });
    const box = await screen.findByRole('combobox', { name: '搜索文本和文件' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'a b c d e f g h i' } });
    key(box, 'Enter');
    expect(await screen.findByTestId('global-search-error')).toHaveTextContent('搜索内容最多包含 8 个词（以空格分隔）');
    expect(searches()).toHaveLength(0);
  });

  it('is not shown when the backend does not offer search', async () => {
    const { kernel } = renderSearch({ features: [] });
    // The panel's answer about the features has arrived (the same promise the component waits for).
    await act(async () => {
      await kernel.serverFeatures();
    });
    expect(screen.queryByTestId('global-search')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('is not shown to a key holder', async () => {
    const { kernel } = renderSearch({ keyHolder: true });
    await act(async () => {
      expect((await kernel.serverFeatures()).has('search')).toBe(true);
    });
    expect(screen.queryByTestId('global-search')).toBeNull();
  });
});

describe('global search on a phone', () => {
  beforeEach(() => {
    // The shared jsdom set-up's matchMedia, with the phone breakpoint matching.
    const setUpMatchMedia = window.matchMedia.bind(window);
    jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query) => ({ ...setUpMatchMedia(query), matches: query === '(max-width: 767px)' }));
  });
  afterEach(() => jest.restoreAllMocks());

  it('is an icon button that opens a full-width search; opening a hit closes it', async () => {
    renderSearch();
    const button = await screen.findByRole('button', { name: 'Search' });
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(button);
    const box = await searchFor('report');
    await waitFor(() => expect(options()).toHaveLength(20));
    fireEvent.click(options()[1] as HTMLElement);
    expect(screen.getByTestId('where')).toHaveTextContent('/text-management?q=slug-1');
    await waitFor(() => expect(box).not.toBeInTheDocument());
  });
});
