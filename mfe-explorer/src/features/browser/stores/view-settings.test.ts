import { createSafeStorage } from '@cloudclip/shared-kernel';
import { readViewSettings, writeViewSettings } from './view-settings';

test('remembers view and sort in the file_explorer_* keys', () => {
  window.localStorage.clear();
  const storage = createSafeStorage(window.localStorage);
  expect(readViewSettings(storage)).toEqual({ view: 'list', sortField: 'name', sortOrder: 'asc' });
  writeViewSettings(storage, { view: 'grid', sortField: 'size', sortOrder: 'desc' });
  expect(window.localStorage.getItem('file_explorer_view_mode')).toBe('grid');
  expect(window.localStorage.getItem('file_explorer_sort_field')).toBe('size');
  expect(window.localStorage.getItem('file_explorer_sort_order')).toBe('desc');
  expect(readViewSettings(storage)).toEqual({ view: 'grid', sortField: 'size', sortOrder: 'desc' });
});

test('ignores unknown stored values', () => {
  window.localStorage.setItem('file_explorer_view_mode', 'table');
  window.localStorage.setItem('file_explorer_sort_field', 'owner');
  window.localStorage.setItem('file_explorer_sort_order', 'up');
  expect(readViewSettings(createSafeStorage(window.localStorage))).toEqual({ view: 'list', sortField: 'name', sortOrder: 'asc' });
});
