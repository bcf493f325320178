import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, renderWithKernel, testKernel } from '../../../test/test-kernel';
import { PASTE_ROW_DEFAULTS } from '../../../test/paste-rows';
import type { PasteRow } from '../api/paste-table-request';
import { PasteEditForm } from './paste-edit-form';
import { PastePreviewModal } from './paste-preview-modal';
import { TextManagementPage } from './text-management-page';

const ENVELOPE = '{"v":1,"alg":"AES-256-GCM","iv":"AAAAAAAAAAAAAAAA","ct":"c2VjcmV0LWNpcGhlcnRleHQtYnl0ZXM"}';

const base = { remark: null, ...PASTE_ROW_DEFAULTS };

/** The admin list as the api-server sends it: a plain paste, an encrypted burn-after-reading one, a plain burning one. */
const LIST = {
  method: 'GET',
  path: '/api/admin/pastes',
  reply: {
    body: {
      code: 200,
      message: 'ok',
      data: [
        { ...base, id: 'p1', slug: 'plain', content_preview: 'Readable first line' },
        { ...base, id: 'p2', slug: 'sealed', content_preview: '', encryption: 'aes-256-gcm/v1', burn_after_reading: 1 },
        { ...base, id: 'p3', slug: 'burning', content_preview: 'Burns once read', burn_after_reading: 1 },
      ],
      pagination: { total: 3, page: 1, limit: 10, totalPages: 1 },
    },
  },
};

function renderList(language: 'zh-CN' | 'en-US') {
  const { fetchImpl } = fakeFetch([LIST]);
  const kernel = testKernel({ language, fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  renderWithKernel(kernel, <TextManagementPage access="full" />);
}

/** The table row of a paste, found by its link suffix. */
async function rowOf(slug: string): Promise<HTMLElement> {
  const link = await screen.findByText(slug, { selector: '[data-testid="paste-slug"]' });
  const row = link.closest('tr');
  if (!row) throw new Error(`no row for ${slug}`);
  return row;
}

describe('text management: encrypted and burn-after-reading pastes', () => {
  it('tags an encrypted paste and shows "Encrypted content" in muted text instead of a preview (en-US)', async () => {
    renderList('en-US');
    const sealed = within(await rowOf('sealed'));
    expect(sealed.getByTestId('paste-tag-encrypted')).toHaveTextContent('End-to-end encrypted');
    expect(sealed.getByTestId('paste-tag-burn')).toHaveTextContent('Burn after reading');
    const preview = sealed.getByTestId('paste-preview-encrypted');
    expect(preview).toHaveTextContent('Encrypted content');
    expect(preview).toHaveClass('ant-typography-secondary');

    const plain = within(await rowOf('plain'));
    expect(plain.getByText('Readable first line')).toBeInTheDocument();
    expect(plain.queryByTestId('paste-tag-encrypted')).toBeNull();
    expect(plain.queryByTestId('paste-tag-burn')).toBeNull();
    expect(plain.queryByTestId('paste-preview-encrypted')).toBeNull();

    const burning = within(await rowOf('burning'));
    expect(burning.getByTestId('paste-tag-burn')).toBeInTheDocument();
    expect(burning.queryByTestId('paste-tag-encrypted')).toBeNull();
    expect(burning.getByText('Burns once read')).toBeInTheDocument();
  });

  it('says the same in Chinese', async () => {
    renderList('zh-CN');
    const sealed = within(await rowOf('sealed'));
    expect(sealed.getByTestId('paste-tag-encrypted')).toHaveTextContent('端到端加密');
    expect(sealed.getByTestId('paste-tag-burn')).toHaveTextContent('阅后即焚');
    expect(sealed.getByTestId('paste-preview-encrypted')).toHaveTextContent('加密内容');
  });
});

const ROW: PasteRow = {
  id: 'p2',
  slug: 'sealed',
  remark: 'old remark',
  has_password: 0,
  expires_at: null,
  max_views: null,
  views: 0,
  created_by: 'admin-id',
  preview: '',
  created_at: '2025-07-01 08:00:00',
  encrypted: true,
  burnAfterReading: false,
  tags: [],
};

/** `GET /admin/pastes/p2` and a `PUT /admin/pastes/sealed` that accepts, for a paste with `content` and `extra` fields. */
function detailHandlers(content: string, extra: Record<string, unknown>) {
  return fakeFetch([
    {
      method: 'GET',
      path: '/api/admin/pastes/p2',
      reply: {
        body: {
          code: 200,
          message: 'ok',
          data: { ...base, id: 'p2', slug: 'sealed', remark: 'old remark', content, views: 0, plain_password: null, ...extra },
        },
      },
    },
    { method: 'PUT', path: '/api/admin/pastes/sealed', reply: { body: { code: 200, message: 'ok', data: { id: 'p2', slug: 'sealed' } } } },
  ]);
}

function renderEdit(language: 'zh-CN' | 'en-US', content: string, extra: Record<string, unknown>) {
  const { fetchImpl, calls } = detailHandlers(content, extra);
  const kernel = testKernel({ language, fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  const onSaved = jest.fn();
  renderWithKernel(kernel, <PasteEditForm row={ROW} access="full" onClose={jest.fn()} onSaved={onSaved} />);
  return { calls, onSaved };
}

describe('PasteEditForm of an encrypted paste', () => {
  it('keeps the content read-only with one line why; remark and the rest are saved with the envelope unchanged', async () => {
    const { calls, onSaved } = renderEdit('en-US', ENVELOPE, { encryption: 'aes-256-gcm/v1' });
    const content = await screen.findByLabelText('Content');
    expect(content).toHaveAttribute('readonly');
    expect(screen.getByTestId('paste-content-read-only')).toHaveTextContent('The server cannot read or change encrypted content.');
    expect(screen.getByTestId('paste-tag-encrypted')).toHaveTextContent('End-to-end encrypted');
    expect(screen.getByTestId('paste-encrypted-password-note')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'new remark' } });
    fireEvent.change(screen.getByLabelText('Max views'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      content: ENVELOPE,
      remark: 'new remark',
      expiresAt: null,
      maxViews: 3,
    });
  });

  it('says it in Chinese', async () => {
    renderEdit('zh-CN', ENVELOPE, { encryption: 'aes-256-gcm/v1', burn_after_reading: 1 });
    expect(await screen.findByTestId('paste-content-read-only')).toHaveTextContent('服务器无法读取或修改加密内容。');
    expect(screen.getByTestId('paste-tag-burn')).toHaveTextContent('阅后即焚');
  });

  it('leaves a plain paste’s content editable, without the line', async () => {
    const { calls, onSaved } = renderEdit('en-US', 'plain text', {});
    const content = await screen.findByLabelText('Content');
    expect(content).not.toHaveAttribute('readonly');
    expect(screen.queryByTestId('paste-content-read-only')).toBeNull();
    expect(screen.queryByTestId('paste-tag-encrypted')).toBeNull();
    fireEvent.change(content, { target: { value: 'changed text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ content: 'changed text' });
  });
});

describe('PastePreviewModal of an encrypted paste', () => {
  it('shows its marks and that the server cannot read it, never the ciphertext', async () => {
    const { fetchImpl } = detailHandlers(ENVELOPE, { encryption: 'aes-256-gcm/v1', burn_after_reading: 1 });
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    kernel.session.loginAdmin('t'.repeat(32));
    renderWithKernel(kernel, <PastePreviewModal row={ROW} access="full" onClose={jest.fn()} />);
    const preview = await screen.findByTestId('paste-preview');
    expect(within(preview).getByTestId('paste-preview-encrypted')).toHaveTextContent('The server cannot read or change encrypted content.');
    expect(within(preview).getByTestId('paste-tag-encrypted')).toBeInTheDocument();
    expect(within(preview).getByTestId('paste-tag-burn')).toBeInTheDocument();
    expect(preview).not.toHaveTextContent('c2VjcmV0');
  });
});
