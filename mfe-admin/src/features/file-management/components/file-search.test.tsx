import { screen, waitFor } from '@testing-library/react';
import { renderWithKernel, testKernel } from '../../../test/test-kernel';
import { submitSearch } from '../../../test/submit-search';
import { searchBackend } from '../../../test/search-backend';
import { FileManagementPage } from './file-management-page';

interface Share {
  id: string;
  slug: string;
  filename: string;
  remark: string | null;
}

/** 60 file shares (more than the first page of 50); only f7 is called invoice.pdf. */
const FILES: Share[] = Array.from({ length: 60 }, (_, index) => ({
  id: `f${index}`,
  slug: `file-${index}`,
  filename: index === 7 ? 'invoice.pdf' : `photo-${index}.png`,
  remark: null,
}));

const base = {
  storage_path: 'x',
  s3_url: 'x',
  mimetype: 'image/png',
  size: 1024,
  s3_config_id: 'c1',
  s3_config_name: 'Local',
  has_password: 0 as const,
  expires_at: null,
  max_views: null,
  views: 0,
  use_proxy: 1 as const,
  created_by: 'admin-id',
  created_at: '2025-07-01 08:00:00',
  updated_at: '2025-07-01 08:00:00',
};

function renderFiles(features: string[] | undefined, { access = 'full', path = '/file-management' } = {}) {
  const admin = access === 'full';
  const backend = searchBackend<Share>({
    features,
    listPath: admin ? '/api/admin/files' : '/api/user/files',
    rows: FILES,
    fields: (row) => [row.slug, row.filename, row.remark],
    answer: (rows, total, url) => {
      const pagination = { total, limit: Number(url.searchParams.get('limit')), offset: Number(url.searchParams.get('offset')) };
      const data = { files: rows.map((row) => ({ ...base, ...row })), pagination: admin ? pagination : { ...pagination, hasMore: false } };
      return { code: 200, message: 'ok', success: true, data, ...(admin ? {} : { key_info: null }) };
    },
  });
  const kernel = testKernel({ language: 'en-US', fetchImpl: backend.fetchImpl });
  if (admin) kernel.session.loginAdmin('t'.repeat(32));
  else kernel.session.loginApiKey('k'.repeat(12), { text: false, file: true, mount: false }, { id: 'k1', name: 'ci', basic_path: '/' });
  renderWithKernel(kernel, <FileManagementPage access={admin ? 'full' : 'user'} />, { path });
  return backend;
}

const names = () => screen.queryAllByTestId('file-name').map((cell) => cell.textContent);

describe('file management search', () => {
  it('sends the keyword as q (offset 0) to a backend that offers search and shows its matches', async () => {
    const backend = renderFiles(['search']);
    await screen.findByText('photo-0.png');
    const box = await screen.findByRole('searchbox', { name: 'Search files (file name, link, remark)' });
    submitSearch(box, 'invoice');
    await waitFor(() => expect(names()).toEqual(['invoice.pdf']));
    expect(backend.lastRequest('q', 'offset')).toEqual({ path: '/api/admin/files', q: 'invoice', offset: '0' });
  });

  it('sends q to a key holder’s own list', async () => {
    const backend = renderFiles(['search'], { access: 'user' });
    await screen.findByText('photo-0.png');
    const box = await screen.findByRole('searchbox', { name: /Search files/ });
    submitSearch(box, 'invoice');
    await waitFor(() => expect(names()).toEqual(['invoice.pdf']));
    expect(backend.requests.at(-1)?.url.pathname).toBe('/api/user/files');
    expect(backend.queries().at(-1)).toBe('invoice');
  });

  it('opens with ?q= of the address as the first search', async () => {
    const backend = renderFiles(['search'], { path: '/file-management?q=file-59' });
    await waitFor(() => expect(names()).toEqual(['photo-59.png']));
    expect(backend.queries()).toEqual(['file-59']);
  });

  it('narrows only the page shown against a backend without search (invoice.pdf is on page 1; file-55 is not)', async () => {
    const backend = renderFiles(undefined);
    await screen.findByText('photo-0.png');
    const box = await screen.findByRole('searchbox', { name: 'Search this page (file name, link, remark)' });
    submitSearch(box, 'file-55');
    await waitFor(() => expect(names()).toEqual([]));
    submitSearch(box, 'INVOICE');
    await waitFor(() => expect(names()).toEqual(['invoice.pdf']));
    expect(backend.queries().every((q) => q === null)).toBe(true);
  });
});
