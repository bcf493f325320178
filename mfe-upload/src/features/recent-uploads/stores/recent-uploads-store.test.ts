import { STORAGE_KEYS } from '@cloudclip/shared-kernel';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';
import { RecentUploadsStore, type RecentUpload } from './recent-uploads-store';

const entry = (slug: string, uploadedAt = 1): RecentUpload => ({
  slug,
  filename: `${slug}.txt`,
  size: 10,
  path: `/file/${slug}`,
  hasPassword: false,
  uploadedAt,
});

test('keeps the newest 3, newest first', () => {
  const store = new RecentUploadsStore(memoryStorage());
  for (const slug of ['a', 'b', 'c', 'd']) store.add(entry(slug));
  expect(store.list().map((item) => item.slug)).toEqual(['d', 'c', 'b']);
});

test('survives a new store on the same storage (a reload)', () => {
  const storage = memoryStorage();
  new RecentUploadsStore(storage).add(entry('a'));
  expect(new RecentUploadsStore(storage).list()).toEqual([entry('a')]);
  expect(JSON.parse(storage.get(STORAGE_KEYS.recentUploads)!)).toHaveLength(1);
});

test('the same share uploaded again moves to the top instead of appearing twice', () => {
  const store = new RecentUploadsStore(memoryStorage());
  store.add(entry('a', 1));
  store.add(entry('b', 2));
  store.add(entry('a', 3));
  expect(store.list().map((item) => [item.slug, item.uploadedAt])).toEqual([
    ['a', 3],
    ['b', 2],
  ]);
});

test('ignores broken or foreign content in the key', () => {
  expect(new RecentUploadsStore(memoryStorage({ [STORAGE_KEYS.recentUploads]: '{not json' })).list()).toEqual([]);
  expect(new RecentUploadsStore(memoryStorage({ [STORAGE_KEYS.recentUploads]: '{"a":1}' })).list()).toEqual([]);
  const mixed = JSON.stringify([entry('ok'), { slug: 5 }, null]);
  expect(new RecentUploadsStore(memoryStorage({ [STORAGE_KEYS.recentUploads]: mixed })).list()).toEqual([entry('ok')]);
});

test('never stores a password; remove and clear work', () => {
  const storage = memoryStorage();
  const store = new RecentUploadsStore(storage);
  store.add({ ...entry('a'), hasPassword: true, password: 'secret' } as RecentUpload);
  store.add(entry('b'));
  expect(storage.get(STORAGE_KEYS.recentUploads)).not.toContain('secret');
  expect(store.remove('a').map((item) => item.slug)).toEqual(['b']);
  expect(store.clear()).toEqual([]);
  expect(storage.get(STORAGE_KEYS.recentUploads)).toBeNull();
});
