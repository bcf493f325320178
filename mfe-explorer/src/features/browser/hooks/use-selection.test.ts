import { act, renderHook } from '@testing-library/react';
import type { FsListItem } from '@cloudclip/shared-kernel';
import { useSelection } from './use-selection';

const file = (name: string): FsListItem => ({
  name,
  path: `/m/${name}`,
  isDirectory: false,
  size: 1,
  modified: '2025-07-01T08:00:00.000Z',
  etag: name,
});
const mount: FsListItem = { name: 'mount', path: '/mount/', isDirectory: true, isVirtual: true };

test('toggles entries, selects all but mounts, and a second select-all clears', () => {
  const items = [mount, file('a.txt'), file('b.txt')];
  const { result } = renderHook(() => useSelection(items, '/m/'));
  act(() => result.current.toggle(items[1]!));
  expect(result.current.selectedItems.map((item) => item.name)).toEqual(['a.txt']);
  act(() => result.current.toggleAll());
  expect([...result.current.selected]).toEqual(['/m/a.txt', '/m/b.txt']);
  act(() => result.current.toggleAll());
  expect(result.current.selected.size).toBe(0);
});

test('another folder starts with nothing selected', () => {
  const items = [file('a.txt')];
  const { result, rerender } = renderHook(({ directory }) => useSelection(items, directory), { initialProps: { directory: '/m/' } });
  act(() => result.current.toggle(items[0]!));
  expect(result.current.selected.size).toBe(1);
  rerender({ directory: '/m/sub/' });
  expect(result.current.selected.size).toBe(0);
});
