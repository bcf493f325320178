import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NARROW_SCREEN } from '../../../hooks/use-narrow-screen';
import { PASTE_ROW_DEFAULTS } from '../../../test/paste-rows';
import { fakeFetch, renderWithKernel, testKernel } from '../../../test/test-kernel';
import { TextManagementPage } from './text-management-page';

const PASTE = { ...PASTE_ROW_DEFAULTS, id: 'p1', slug: 'phone-note', remark: null, content_preview: 'hello' };

/** Below the phone breakpoint (`phone`) or above it, for every matchMedia query the page asks. */
function screenWidth(phone: boolean) {
  const setUpMatchMedia = window.matchMedia.bind(window);
  jest
    .spyOn(window, 'matchMedia')
    .mockImplementation((query) => ({ ...setUpMatchMedia(query), matches: phone && query === NARROW_SCREEN }));
}

/** The admin's text page with one paste, which the backend lets delete. */
function renderTexts(language: 'en-US' | 'zh-CN' = 'en-US') {
  const { fetchImpl, calls } = fakeFetch([
    { method: 'GET', path: '/api/version', reply: { body: { code: 200, message: 'ok', success: true, data: { version: '1.0.0' } } } },
    {
      method: 'GET',
      path: '/api/admin/pastes',
      reply: { body: { code: 200, message: 'ok', data: [PASTE], pagination: { total: 1, page: 1, limit: 10, totalPages: 1 } } },
    },
    { method: 'DELETE', path: '/api/admin/pastes/p1', reply: { body: { code: 200, message: 'deleted', success: true } } },
  ]);
  const kernel = testKernel({ language, fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  renderWithKernel(kernel, <TextManagementPage access="full" />, { path: '/text-management' });
  return { deletes: () => calls.filter((call) => call.method === 'DELETE').map((call) => new URL(call.url).pathname) };
}

/** Opens the row's "more" menu and returns its items' names. */
async function openMoreMenu(name: string): Promise<string[]> {
  fireEvent.click(await screen.findByRole('button', { name }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

afterEach(() => jest.restoreAllMocks());

describe('the row actions of the text table on a phone', () => {
  beforeEach(() => screenWidth(true));

  it('shows preview and edit as buttons and puts copy link, QR code and delete in a "More actions" menu', async () => {
    renderTexts();
    await screen.findByText('phone-note');
    expect(screen.getByTestId('row-preview')).toBeInTheDocument();
    expect(screen.getByTestId('row-edit')).toBeInTheDocument();
    for (const moved of ['row-copy', 'row-qr', 'row-delete']) expect(screen.queryByTestId(moved)).not.toBeInTheDocument();
    expect(await openMoreMenu('More actions')).toEqual(['Copy link', 'QR code', 'Delete']);
  });

  it('opens the QR code of the paste’s link from the menu', async () => {
    renderTexts();
    await screen.findByText('phone-note');
    await openMoreMenu('More actions');
    fireEvent.click(within(screen.getByRole('menu')).getByText('QR code'));
    expect(await screen.findByRole('dialog', { name: 'Share QR code' })).toBeInTheDocument();
  });

  it('asks before deleting from the menu and deletes only once confirmed', async () => {
    const backend = renderTexts();
    await screen.findByText('phone-note');
    await openMoreMenu('More actions');
    fireEvent.click(within(screen.getByRole('menu')).getByText('Delete'));
    expect(await screen.findByTestId('confirm-ok')).toBeInTheDocument();
    expect(backend.deletes()).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(backend.deletes()).toEqual(['/api/admin/pastes/p1']));
  });

  it('names the menu and its items in Chinese on a Chinese page', async () => {
    renderTexts('zh-CN');
    await screen.findByText('phone-note');
    expect(await openMoreMenu('更多操作')).toEqual(['复制链接', '二维码', '删除']);
  });
});

describe('the row actions of the text table on a wide screen', () => {
  beforeEach(() => screenWidth(false));

  it('keeps all five actions as buttons and has no "more" menu', async () => {
    renderTexts();
    await screen.findByText('phone-note');
    for (const action of ['row-preview', 'row-edit', 'row-copy', 'row-qr', 'row-delete'])
      expect(screen.getByTestId(action)).toBeInTheDocument();
    expect(screen.queryByTestId('row-more')).not.toBeInTheDocument();
  });
});
