import { requestAdminPastes, requestUserPastes } from './paste-table-request';

const adminItem = {
  id: 'p1',
  slug: 'abc',
  remark: 'Hello',
  has_password: 1 as const,
  expires_at: null,
  max_views: 5,
  view_count: 2,
  created_by: 'admin-id',
  content_preview: 'first line...',
  created_at: '2025-07-01 08:00:00',
  updated_at: '2025-07-01 08:00:00',
};

describe('requestAdminPastes', () => {
  it('asks for page 1, limit 10 by default and returns rows with the server total', async () => {
    const adminList = jest
      .fn()
      .mockResolvedValue({ code: 200, message: 'ok', data: [adminItem], pagination: { total: 31, page: 1, limit: 10, totalPages: 4 } });
    const result = await requestAdminPastes({ adminList }, {});
    expect(adminList).toHaveBeenCalledWith({ page: 1, limit: 10 }, undefined);
    expect(result).toEqual({
      success: true,
      total: 31,
      data: [expect.objectContaining({ id: 'p1', slug: 'abc', views: 2, max_views: 5, preview: 'first line...' })],
    });
  });

  it('passes the page and size ProTable asks for', async () => {
    const adminList = jest.fn().mockResolvedValue({ data: [], pagination: { total: 0, page: 3, limit: 20, totalPages: 0 } });
    await requestAdminPastes({ adminList }, { current: 3, pageSize: 20 });
    expect(adminList).toHaveBeenCalledWith({ page: 3, limit: 20 }, undefined);
  });

  it('sends the server search as q and shows its rows unfiltered with the server total', async () => {
    const adminList = jest.fn().mockResolvedValue({ data: [adminItem], pagination: { total: 1, page: 1, limit: 10, totalPages: 1 } });
    const signal = new AbortController().signal;
    const result = await requestAdminPastes({ adminList }, { q: 'HELLO there', current: 1 }, signal);
    expect(adminList).toHaveBeenCalledWith({ page: 1, limit: 10, q: 'HELLO there' }, signal);
    expect(result.data.map((row) => row.id)).toEqual(['p1']);
    expect(result.total).toBe(1);
  });

  it('sends the chosen tag with q and paging, and gives each row its tags ([] when the server sends none)', async () => {
    const adminList = jest.fn().mockResolvedValue({
      data: [
        { ...adminItem, tags: ['work'] },
        { ...adminItem, id: 'p2' },
      ],
      pagination: { total: 2, page: 2, limit: 10, totalPages: 1 },
    });
    const result = await requestAdminPastes({ adminList }, { q: 'notes', tag: 'work', current: 2 });
    expect(adminList).toHaveBeenCalledWith({ page: 2, limit: 10, q: 'notes', tag: 'work' }, undefined);
    expect(result.data.map((row) => row.tags)).toEqual([['work'], []]);
    const userList = jest
      .fn()
      .mockResolvedValue({ data: [], pagination: { total: 0, limit: 10, offset: 0, hasMore: false }, key_info: null });
    await requestUserPastes({ userList }, { tag: ' ' });
    expect(userList).toHaveBeenCalledWith({ limit: 10, offset: 0 }, undefined);
    await requestUserPastes({ userList }, { tag: 'mine' });
    expect(userList).toHaveBeenLastCalledWith({ limit: 10, offset: 0, tag: 'mine' }, undefined);
  });

  it('narrows the page shown to the keyword', async () => {
    const other = { ...adminItem, id: 'p2', slug: 'zzz', remark: null, content_preview: 'nothing' };
    const adminList = jest
      .fn()
      .mockResolvedValue({ data: [adminItem, other], pagination: { total: 2, page: 1, limit: 10, totalPages: 1 } });
    const result = await requestAdminPastes({ adminList }, { keyword: 'hello' });
    expect(result.data.map((row) => row.id)).toEqual(['p1']);
    expect(result.total).toBe(2);
  });

  it('marks encrypted and burn-after-reading rows; an encrypted row has no preview', async () => {
    const encrypted = { ...adminItem, id: 'p3', content_preview: '{"v":1,"alg":"AES-256-GCM"', encryption: 'aes-256-gcm/v1' };
    const burning = { ...adminItem, id: 'p4', burn_after_reading: 1 as const };
    const adminList = jest
      .fn()
      .mockResolvedValue({ data: [adminItem, encrypted, burning], pagination: { total: 3, page: 1, limit: 10, totalPages: 1 } });
    const result = await requestAdminPastes({ adminList }, {});
    expect(result.data.map(({ id, encrypted, burnAfterReading, preview }) => ({ id, encrypted, burnAfterReading, preview }))).toEqual([
      { id: 'p1', encrypted: false, burnAfterReading: false, preview: 'first line...' },
      { id: 'p3', encrypted: true, burnAfterReading: false, preview: '' },
      { id: 'p4', encrypted: false, burnAfterReading: true, preview: 'first line...' },
    ]);
  });

  it('propagates failures (tableRequest turns them into success: false)', async () => {
    const adminList = jest.fn().mockRejectedValue(new Error('403'));
    await expect(requestAdminPastes({ adminList }, {})).rejects.toThrow('403');
  });
});

describe('requestUserPastes', () => {
  it('uses the server’s content_preview when the row has one', async () => {
    const userList = jest.fn().mockResolvedValue({
      code: 200,
      message: 'ok',
      data: [{ ...adminItem, content: 'y'.repeat(5000), content_preview: `${'y'.repeat(200)}...`, views: 1 }],
      pagination: { total: 1, limit: 10, offset: 0, hasMore: false },
      key_info: null,
    });
    const result = await requestUserPastes({ userList }, {});
    expect(result.data[0]?.preview).toBe(`${'y'.repeat(200)}...`);
  });

  it('asks for limit 10, offset 0 by default and cuts the full content into a preview (legacy rows without content_preview)', async () => {
    const content = 'x'.repeat(250);
    const { content_preview: _preview, ...legacyItem } = adminItem;
    const userList = jest.fn().mockResolvedValue({
      code: 200,
      message: 'ok',
      data: [{ ...legacyItem, content, views: 7 }],
      pagination: { total: 12, limit: 10, offset: 0, hasMore: true },
      key_info: null,
    });
    const result = await requestUserPastes({ userList }, {});
    expect(userList).toHaveBeenCalledWith({ limit: 10, offset: 0 }, undefined);
    expect(result.total).toBe(12);
    expect(result.data[0]?.views).toBe(7);
    expect(result.data[0]?.preview).toBe(`${'x'.repeat(200)}...`);
  });

  it('never cuts an encrypted paste’s envelope into a preview (the legacy content field holds it)', async () => {
    const { content_preview: _preview, ...legacyItem } = adminItem;
    const envelope = '{"v":1,"alg":"AES-256-GCM","iv":"AAAAAAAAAAAAAAAA","ct":"BBBB"}';
    const userList = jest.fn().mockResolvedValue({
      data: [{ ...legacyItem, content: envelope, views: 0, encryption: 'aes-256-gcm/v1', burn_after_reading: 1 }],
      pagination: { total: 1, limit: 10, offset: 0, hasMore: false },
      key_info: null,
    });
    const result = await requestUserPastes({ userList }, {});
    expect(result.data[0]).toMatchObject({ encrypted: true, burnAfterReading: true, preview: '' });
  });

  it('turns page 2 of 10 into offset 10', async () => {
    const userList = jest
      .fn()
      .mockResolvedValue({ data: [], pagination: { total: 0, limit: 10, offset: 10, hasMore: false }, key_info: null });
    await requestUserPastes({ userList }, { current: 2, pageSize: 10 });
    expect(userList).toHaveBeenCalledWith({ limit: 10, offset: 10 }, undefined);
  });
});
