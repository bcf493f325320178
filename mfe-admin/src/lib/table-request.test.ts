import {
  filterByKeyword,
  keywordPage,
  latestRequestSignal,
  offsetOf,
  pageOf,
  searchOf,
  tableRequest,
  wholeListRequest,
} from './table-request';

describe('table request helpers', () => {
  it('maps ProTable page params to page/limit with defaults', () => {
    expect(pageOf({}, 10)).toEqual({ page: 1, size: 10 });
    expect(pageOf({ current: 3, pageSize: 20 }, 10)).toEqual({ page: 3, size: 20 });
    expect(pageOf({ current: 0, pageSize: -5 }, 50)).toEqual({ page: 1, size: 50 });
  });

  it('maps ProTable page params to limit/offset', () => {
    expect(offsetOf({}, 50)).toEqual({ limit: 50, offset: 0 });
    expect(offsetOf({ current: 4, pageSize: 10 }, 50)).toEqual({ limit: 10, offset: 30 });
  });

  it('filters rows by a keyword in any listed field, ignoring case and blanks', () => {
    const rows = [
      { a: 'Alpha', b: null },
      { a: 'beta', b: 'GAMMA' },
    ];
    expect(filterByKeyword(rows, '  ', (row) => [row.a, row.b])).toHaveLength(2);
    expect(filterByKeyword(rows, 'gam', (row) => [row.a, row.b])).toEqual([rows[1]]);
    expect(filterByKeyword(rows, 'ALP', (row) => [row.a, row.b])).toEqual([rows[0]]);
  });

  it("narrows a server page by the keyword and keeps the server's total, else counts the rows", () => {
    const rows = ['Alpha', 'beta'];
    expect(keywordPage(rows, { keyword: 'alp' }, (row) => [row], 40)).toEqual({ data: ['Alpha'], total: 40, success: true });
    expect(keywordPage(rows, {}, (row) => [row], undefined)).toEqual({ data: rows, total: 2, success: true });
  });

  it('turns a failed load into an empty unsuccessful result and reports the error', async () => {
    const onError = jest.fn();
    const failure = new Error('boom');
    await expect(tableRequest(() => Promise.reject(failure), onError)).resolves.toEqual({ data: [], total: 0, success: false });
    expect(onError).toHaveBeenCalledWith(failure);
    await expect(tableRequest(async () => ({ data: [1], total: 1, success: true }))).resolves.toEqual({
      data: [1],
      total: 1,
      success: true,
    });
  });

  it('makes a whole list one page, and a failed list an empty unsuccessful one', async () => {
    await expect(wholeListRequest(async () => ['a', 'b'])).resolves.toEqual({ data: ['a', 'b'], total: 2, success: true });
    const onError = jest.fn();
    const failure = new Error('down');
    await expect(wholeListRequest(() => Promise.reject(failure), onError)).resolves.toEqual({ data: [], total: 0, success: false });
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('sends a non-blank server search as q, trimmed, and nothing otherwise', () => {
    expect(searchOf({ q: '  report ' })).toEqual({ q: 'report' });
    expect(searchOf({ q: '   ' })).toEqual({});
    expect(searchOf({ keyword: 'page only' })).toEqual({});
  });

  it('aborts the previous request signal when a new request starts', () => {
    const next = latestRequestSignal();
    const first = next();
    expect(first.aborted).toBe(false);
    const second = next();
    expect(first.aborted).toBe(true);
    expect(second.aborted).toBe(false);
  });

  it('reports a failure, but not the failure of a request that a newer one aborted', async () => {
    const onError = jest.fn();
    const controller = new AbortController();
    controller.abort();
    await expect(tableRequest(() => Promise.reject(new Error('cancelled')), onError, controller.signal)).resolves.toEqual({
      data: [],
      total: 0,
      success: false,
    });
    expect(onError).not.toHaveBeenCalled();
    await tableRequest(() => Promise.reject(new Error('boom')), onError, new AbortController().signal);
    expect(onError).toHaveBeenCalledWith(new Error('boom'));
  });
});
