import { createSearchApi } from './search';
import { BASE, createHarness, envelope } from './test-harness';

const HIT = {
  kind: 'paste' as const,
  id: 'p1',
  slug: 'abc',
  title: 'Meeting notes',
  snippet: '…the quarterly report…',
  has_password: 0 as const,
  created_by: null,
  created_at: '2025-07-01 08:00:00',
};

describe('search endpoints', () => {
  it('asks GET /admin/search with q, page 1 and limit 20 by default and returns data', async () => {
    const h = createHarness('admin');
    const data = { items: [HIT], pagination: { total: 1, page: 1, limit: 20, totalPages: 1 } };
    h.reply(envelope(data));
    expect(await createSearchApi(h.client).admin({ q: 'report' })).toEqual(data);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/admin/search?q=report&page=1&limit=20` });
    expect(h.last().headers.Authorization).toMatch(/^Bearer /);
  });

  it('sends the trimmed query (encoded), the kind and the page asked for', async () => {
    const h = createHarness('admin');
    h.reply(envelope({ items: [], pagination: { total: 0, page: 3, limit: 5, totalPages: 0 } }));
    await createSearchApi(h.client).admin({ q: '  季度 report&x ', type: 'file', page: 3, limit: 5 });
    const url = new URL(h.last().url);
    expect(url.pathname).toBe('/api/admin/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: '季度 report&x', type: 'file', page: '3', limit: '5' });
  });

  it('rejects with the server message of a refused query', async () => {
    const h = createHarness('admin');
    h.reply({ status: 400, body: { code: 400, message: 'The search is too long', success: false, data: null } });
    await expect(createSearchApi(h.client).admin({ q: 'x' })).rejects.toMatchObject({ status: 400, message: 'The search is too long' });
  });
});
