import type { FsListItem } from '@cloudclip/shared-kernel';
import { dialogReducer, NO_DIALOG, type DialogState } from './dialog-state';

const item: FsListItem = { name: 'a.txt', path: '/m/a.txt', isDirectory: false, size: 1, modified: '2025-07-01T08:00:00.000Z', etag: 'e' };

test('opening a dialog replaces the open one and forgets an earlier error', () => {
  const failed: DialogState = { open: { type: 'delete', items: [item] }, busy: false, error: 'storage offline' };
  expect(dialogReducer(failed, { type: 'open', dialog: { type: 'rename', item } })).toEqual({
    open: { type: 'rename', item },
    busy: false,
    error: null,
  });
});

test('a removal keeps its dialog open while busy, shows a failure there, and closes when done', () => {
  const open = dialogReducer(NO_DIALOG, { type: 'open', dialog: { type: 'delete', items: [item] } });
  const busy = dialogReducer(open, { type: 'start' });
  expect(busy).toEqual({ ...open, busy: true });
  expect(dialogReducer(busy, { type: 'fail', error: 'denied' })).toEqual({ ...open, busy: false, error: 'denied' });
  expect(dialogReducer(busy, { type: 'done' })).toBe(NO_DIALOG);
  expect(dialogReducer(open, { type: 'close' })).toBe(NO_DIALOG);
});
