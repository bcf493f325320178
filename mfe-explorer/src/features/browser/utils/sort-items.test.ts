import type { FsListItem } from '@cloudclip/shared-kernel';
import { sortItems } from './sort-items';

const items: FsListItem[] = [
  { name: 'b.txt', path: '/m/b.txt', isDirectory: false, size: 10, modified: '2025-07-01T08:00:00.000Z', etag: 'e1' },
  { name: 'a10.txt', path: '/m/a10.txt', isDirectory: false, size: 300, modified: '2025-07-03 08:00:00', etag: 'e2' },
  { name: 'a2.txt', path: '/m/a2.txt', isDirectory: false, size: 300, modified: '2025-06-01T08:00:00.000Z', etag: 'e3' },
  { name: 'zeta', path: '/m/zeta/', isDirectory: true, isVirtual: false, size: 5, modified: '2025-01-01T00:00:00.000Z' },
  { name: 'Alpha', path: '/m/Alpha/', isDirectory: true, isVirtual: false, size: 50, modified: '2025-02-01T00:00:00.000Z' },
];
const names = (list: FsListItem[]) => list.map((item) => item.name);

test('sorts by name with folders first and numbers in natural order', () => {
  expect(names(sortItems(items, 'name', 'asc'))).toEqual(['Alpha', 'zeta', 'a2.txt', 'a10.txt', 'b.txt']);
  expect(names(sortItems(items, 'name', 'desc'))).toEqual(['zeta', 'Alpha', 'b.txt', 'a10.txt', 'a2.txt']);
});

test('sorts by size, equal sizes by name', () => {
  expect(names(sortItems(items, 'size', 'asc'))).toEqual(['zeta', 'Alpha', 'b.txt', 'a2.txt', 'a10.txt']);
  expect(names(sortItems(items, 'size', 'desc'))).toEqual(['Alpha', 'zeta', 'a10.txt', 'a2.txt', 'b.txt']);
});

test('sorts by date, reading ISO and SQLite timestamps alike', () => {
  expect(names(sortItems(items, 'modified', 'asc'))).toEqual(['zeta', 'Alpha', 'a2.txt', 'b.txt', 'a10.txt']);
  expect(names(sortItems(items, 'modified', 'desc'))[2]).toBe('a10.txt');
});

test('virtual folders without size or date sort as the smallest and do not mutate the input', () => {
  const virtual: FsListItem[] = [
    { name: 'photos', path: '/photos/', isDirectory: true, isVirtual: true },
    { name: 'docs', path: '/docs/', isDirectory: true, isVirtual: false, size: 1, modified: '2025-01-01T00:00:00.000Z' },
  ];
  expect(names(sortItems(virtual, 'size', 'asc'))).toEqual(['photos', 'docs']);
  expect(names(virtual)).toEqual(['photos', 'docs']);
});
