import { createFsWorld, q, type FsWorld } from '../testing/fs-test-kit';

/** A folder with more entries than one storage page (1000) is listed whole: the continuation pages are followed. */
describe('file-system listing of a large folder', () => {
  let w: FsWorld;

  beforeEach(async () => {
    w = await createFsWorld('local');
    await w.mount('/m', { cache_ttl: 0 });
  });

  afterEach(async () => {
    await w.close();
  });

  it('lists 2,500 files and 3 folders of one folder, folders first', async () => {
    for (let index = 0; index < 2500; index += 1)
      await w.driver.putObject(`big/f${String(index).padStart(4, '0')}.txt`, 'x', { contentType: 'text/plain' });
    for (const folder of ['a', 'b', 'c']) await w.driver.putObject(`big/${folder}/inner.txt`, 'yy', { contentType: 'text/plain' });
    const response = await w.get(`/api/admin/fs/list?path=${q('/m/big/')}`, w.admin);
    expect(response.statusCode).toBe(200);
    const items = response.json().data.items as Array<{ name: string; isDirectory: boolean; size: number }>;
    expect(items).toHaveLength(2503);
    expect(items.slice(0, 3).map((item) => [item.name, item.isDirectory, item.size])).toEqual([
      ['a', true, 2],
      ['b', true, 2],
      ['c', true, 2],
    ]);
    expect(new Set(items.map((item) => item.name)).size).toBe(2503);
    expect(items[items.length - 1]!.name).toBe('f2499.txt');
  });

  it('serves a cached listing of several storage pages until a write invalidates it, then lists the new files in order', async () => {
    await w.mount('/c', { cache_ttl: 60 });
    const names = Array.from({ length: 1200 }, (_, index) => `f${String(index).padStart(4, '0')}.txt`);
    for (const name of names) await w.driver.putObject(`cached/${name}`, 'x', { contentType: 'text/plain' });
    const listed = async () =>
      ((await w.get(`/api/admin/fs/list?path=${q('/c/cached/')}`, w.admin)).json().data.items as Array<{ name: string }>).map(
        (item) => item.name,
      );
    expect(await listed()).toEqual(names);

    await w.driver.putObject('cached/f0600a.txt', 'behind the API', { contentType: 'text/plain' });
    expect(await listed()).toEqual(names);

    expect((await w.post('/api/admin/fs/update', w.admin, { path: '/c/cached/zz-new.txt', content: 'through the API' })).statusCode).toBe(
      200,
    );
    const after = await listed();
    expect(after).toEqual([...names.slice(0, 601), 'f0600a.txt', ...names.slice(601), 'zz-new.txt']);
  });
});
