import { removeFiles, requestAdminFiles, requestUserFiles } from './file-table-request';

const file = { id: 'f1', filename: 'report.pdf', slug: 'rep', remark: null, mimetype: 'application/pdf', size: 10 } as never;

describe('file table adapters', () => {
  it('admin: limit 50, offset 0 by default; total from data.pagination', async () => {
    const adminList = jest.fn().mockResolvedValue({ files: [file], pagination: { total: 120, limit: 50, offset: 0 } });
    const result = await requestAdminFiles({ adminList }, {});
    expect(adminList).toHaveBeenCalledWith({ limit: 50, offset: 0 }, undefined);
    expect(result).toEqual({ data: [file], total: 120, success: true });
  });

  it('admin: page 3 of 50 is offset 100', async () => {
    const adminList = jest.fn().mockResolvedValue({ files: [], pagination: { total: 0, limit: 50, offset: 100 } });
    await requestAdminFiles({ adminList }, { current: 3, pageSize: 50 });
    expect(adminList).toHaveBeenCalledWith({ limit: 50, offset: 100 }, undefined);
  });

  it('user: reads the files and total inside data of the E body', async () => {
    const userList = jest.fn().mockResolvedValue({
      code: 200,
      message: 'ok',
      data: { files: [file], pagination: { total: 1, limit: 50, offset: 0, hasMore: false } },
      key_info: null,
    });
    await expect(requestUserFiles({ userList }, { keyword: 'REPORT' })).resolves.toEqual({ data: [file], total: 1, success: true });
    await expect(requestUserFiles({ userList }, { keyword: 'nope' })).resolves.toMatchObject({ data: [], total: 1 });
  });

  it('sends the server search as q to both lists and keeps every row the server sends', async () => {
    const adminList = jest.fn().mockResolvedValue({ files: [file], pagination: { total: 7, limit: 50, offset: 0 } });
    await expect(requestAdminFiles({ adminList }, { q: 'nothing-like-it' })).resolves.toEqual({ data: [file], total: 7, success: true });
    expect(adminList).toHaveBeenCalledWith({ limit: 50, offset: 0, q: 'nothing-like-it' }, undefined);
    const userList = jest
      .fn()
      .mockResolvedValue({ data: { files: [file], pagination: { total: 1, limit: 50, offset: 0, hasMore: false } } });
    await requestUserFiles({ userList }, { q: ' rep ', current: 2, pageSize: 10 });
    expect(userList).toHaveBeenCalledWith({ limit: 10, offset: 10, q: 'rep' }, undefined);
  });

  it('deletes several files one by one and counts the failures', async () => {
    const remove = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('404')).mockResolvedValueOnce(undefined);
    const result = await removeFiles(remove, ['a', 'b', 'c']);
    expect(remove.mock.calls.map((call) => call[0])).toEqual(['a', 'b', 'c']);
    expect(result.removed).toBe(2);
    expect(result.failed).toBe(1);
    expect((result.firstError as Error).message).toBe('404');
  });
});
