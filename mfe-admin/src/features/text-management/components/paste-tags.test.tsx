import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, renderWithKernel, testKernel, textOnlyKeyCheck } from '../../../test/test-kernel';
import { PASTE_ROW_DEFAULTS } from '../../../test/paste-rows';
import type { PasteRow } from '../api/paste-table-request';
import { PasteEditForm } from './paste-edit-form';
import { TextManagementPage } from './text-management-page';

const base = { ...PASTE_ROW_DEFAULTS, remark: null, views: 0, content_preview: 'text' };

const version = (features: string[]) => ({
  path: '/api/version',
  reply: { body: { code: 200, message: 'ok', data: { version: '1', features } } },
});

/** 25 pastes; the first carries two tags. */
const ROWS = Array.from({ length: 25 }, (_, index) => ({
  ...base,
  id: `p${index}`,
  slug: `note-${index}`,
  tags: index === 0 ? ['work', '笔记'] : [],
}));

function adminList(url: URL) {
  const page = Number(url.searchParams.get('page'));
  const tag = url.searchParams.get('tag');
  const rows = tag ? ROWS.filter((row) => row.tags.includes(tag)) : ROWS;
  return {
    body: {
      code: 200,
      message: 'ok',
      data: rows.slice((page - 1) * 10, page * 10),
      pagination: { total: rows.length, page, limit: 10, totalPages: Math.ceil(rows.length / 10) },
    },
  };
}

const COUNTS = {
  code: 200,
  message: 'ok',
  data: [
    { tag: 'work', count: 1 },
    { tag: '笔记', count: 1 },
  ],
};

function renderAdmin(features: string[]) {
  const backend = fakeFetch([
    version(features),
    { method: 'GET', path: '/api/admin/pastes', reply: (_body, url) => adminList(url) },
    { method: 'GET', path: '/api/admin/paste-tags', reply: { body: COUNTS } },
  ]);
  const kernel = testKernel({ language: 'en-US', fetchImpl: backend.fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  renderWithKernel(kernel, <TextManagementPage access="full" />);
  const lists = () => backend.calls.filter((call) => new URL(call.url).pathname.endsWith('/pastes')).map((call) => new URL(call.url));
  return { calls: backend.calls, lists };
}

/** Opens the tag filter and picks an option by its label. */
async function pickTag(label: string) {
  const filter = screen.getByRole('combobox', { name: 'Filter by tag' });
  fireEvent.mouseDown(filter);
  const option = await screen.findByText(label, { selector: '.ant-select-item-option-content' });
  fireEvent.click(option);
}

describe('text management: paste tags', () => {
  it('shows each paste’s tags, and filters by tag from page 1 with the server’s total', async () => {
    const { lists } = renderAdmin(['search', 'paste-tags']);
    const first = (await screen.findByText('note-0', { selector: '[data-testid="paste-slug"]' })).closest('tr')!;
    expect(
      within(first)
        .getAllByTestId('paste-tag')
        .map((tag) => tag.textContent),
    ).toEqual(['work', '笔记']);
    expect(screen.getByRole('columnheader', { name: 'Tags' })).toBeInTheDocument();

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('note-10', { selector: '[data-testid="paste-slug"]' });
    expect(lists().at(-1)?.searchParams.get('page')).toBe('2');

    await pickTag('work (1)');
    await waitFor(() => expect(lists().at(-1)?.searchParams.get('tag')).toBe('work'));
    expect(lists().at(-1)?.searchParams.get('page')).toBe('1');
    await waitFor(() => expect(screen.queryByText('note-10', { selector: '[data-testid="paste-slug"]' })).toBeNull());
    expect(screen.getByText('note-0', { selector: '[data-testid="paste-slug"]' })).toBeInTheDocument();
  });

  it('shows nothing about tags and sends no tag against a backend without "paste-tags"', async () => {
    const { calls, lists } = renderAdmin(['search']);
    await screen.findByText('note-0', { selector: '[data-testid="paste-slug"]' });
    expect(screen.queryByRole('combobox', { name: 'Filter by tag' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Tags' })).toBeNull();
    expect(screen.queryByTestId('paste-tag')).toBeNull();
    expect(lists().every((url) => !url.searchParams.has('tag'))).toBe(true);
    expect(calls.some((call) => call.url.includes('paste-tags'))).toBe(false);
  });

  it('lets a key holder filter by its own tags (GET /api/user/paste-tags, tag on /api/user/pastes)', async () => {
    const backend = fakeFetch([
      version(['paste-tags']),
      textOnlyKeyCheck({ id: 'k1', name: 'ci' }),
      {
        method: 'GET',
        path: '/api/user/pastes',
        reply: (_body, url) => ({
          body: {
            code: 200,
            message: 'ok',
            success: true,
            data: url.searchParams.get('tag') === 'mine' ? [ROWS[0]] : ROWS.slice(0, 10),
            pagination: { total: 1, limit: 10, offset: 0, hasMore: false },
            key_info: null,
          },
        }),
      },
      { method: 'GET', path: '/api/user/paste-tags', reply: { body: { code: 200, message: 'ok', data: [{ tag: 'mine', count: 4 }] } } },
    ]);
    const kernel = testKernel({ language: 'en-US', fetchImpl: backend.fetchImpl });
    kernel.session.loginApiKey('Key123456789', { text: true, file: false, mount: false }, { id: 'k1', name: 'ci', basic_path: '/' });
    renderWithKernel(kernel, <TextManagementPage access="user" />);
    await screen.findByText('note-0', { selector: '[data-testid="paste-slug"]' });
    await pickTag('mine (4)');
    await waitFor(() =>
      expect(backend.calls.some((call) => call.url.includes('/api/user/pastes?') && call.url.includes('tag=mine'))).toBe(true),
    );
    expect(backend.calls.some((call) => call.url.includes('/api/user/paste-tags'))).toBe(true);
    expect(backend.calls.some((call) => call.url.includes('/api/admin/'))).toBe(false);
  });
});

const ROW: PasteRow = {
  id: 'p1',
  slug: 'tagged',
  remark: null,
  has_password: 0,
  expires_at: null,
  max_views: null,
  views: 0,
  created_by: 'admin-id',
  preview: 'text',
  created_at: '2025-07-01 08:00:00',
  encrypted: false,
  burnAfterReading: false,
  tags: ['work', 'old'],
};

function renderEdit(features: string[]) {
  const backend = fakeFetch([
    version(features),
    {
      method: 'GET',
      path: '/api/admin/pastes/p1',
      reply: {
        body: {
          code: 200,
          message: 'ok',
          data: { ...base, id: 'p1', slug: 'tagged', content: 'text', plain_password: null, tags: ['work', 'old'] },
        },
      },
    },
    { method: 'GET', path: '/api/admin/paste-tags', reply: { body: COUNTS } },
    { method: 'PUT', path: '/api/admin/pastes/tagged', reply: { body: { code: 200, message: 'ok', data: { id: 'p1', slug: 'tagged' } } } },
  ]);
  const kernel = testKernel({ language: 'en-US', fetchImpl: backend.fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  const onSaved = jest.fn();
  renderWithKernel(kernel, <PasteEditForm row={ROW} access="full" onClose={jest.fn()} onSaved={onSaved} />);
  const put = () => backend.calls.find((call) => call.method === 'PUT');
  return { kernel, onSaved, put };
}

/** The chips of the edit form's tag field. */
const chips = () =>
  Array.from(screen.getByTestId('paste-edit-tag-field').querySelectorAll('.ant-select-selection-item-content')).map(
    (chip) => chip.textContent,
  );

describe('PasteEditForm: tags', () => {
  it('adds a tag on a comma and saves the whole list', async () => {
    const { onSaved, put } = renderEdit(['paste-tags']);
    await screen.findByTestId('paste-edit-tag-field');
    await waitFor(() => expect(chips()).toEqual(['work', 'old']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Tags' }), { target: { value: 'new one,' } });
    await waitFor(() => expect(chips()).toEqual(['work', 'old', 'new one']));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(put()?.body).toMatchObject({ content: 'text', tags: ['work', 'old', 'new one'] });
  });

  it('sends [] when every tag was removed', async () => {
    const { onSaved, put } = renderEdit(['paste-tags']);
    await screen.findByTestId('paste-edit-tag-field');
    await waitFor(() => expect(chips()).toHaveLength(2));
    for (const remove of screen.getByTestId('paste-edit-tag-field').querySelectorAll('.ant-select-selection-item-remove')) {
      fireEvent.click(remove);
    }
    await waitFor(() => expect(chips()).toEqual([]));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(put()?.body).toMatchObject({ tags: [] });
  });

  it('refuses a tag that is too long with the validator’s message and saves nothing', async () => {
    const { put } = renderEdit(['paste-tags']);
    await screen.findByTestId('paste-edit-tag-field');
    await waitFor(() => expect(chips()).toHaveLength(2));
    fireEvent.change(screen.getByRole('combobox', { name: 'Tags' }), { target: { value: `${'x'.repeat(33)},` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A tag can be at most 32 characters long')).toBeInTheDocument();
    expect(put()).toBeUndefined();
  });

  it('has no tag field and sends no tags against a backend without "paste-tags"', async () => {
    const { kernel, onSaved, put } = renderEdit([]);
    await screen.findByLabelText('Content');
    await act(async () => {
      await kernel.serverFeatures();
    });
    expect(screen.queryByTestId('paste-edit-tag-field')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(put()?.body).not.toHaveProperty('tags');
  });
});
