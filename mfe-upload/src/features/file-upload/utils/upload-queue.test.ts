import { nextToStart, queueReducer, SPEED_WINDOW_MS, type UploadItem } from './upload-queue';

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);

function queue(...names: string[]): UploadItem[] {
  return queueReducer([], { type: 'add', items: names.map((name) => ({ id: name, file: file(name) })) });
}

const stateOf = (items: UploadItem[], id: string) => items.find((item) => item.id === id)!;

test('new files are pending with no progress; a refused file is an error that offers no retry', () => {
  const items = queueReducer([], {
    type: 'add',
    items: [
      { id: 'a', file: file('a.txt') },
      { id: 'b', file: file('b.bin'), refusal: 'exceeds limit, maximum allowed is 1 MB' },
    ],
  });
  expect(stateOf(items, 'a')).toMatchObject({ state: 'pending', phase: 'preparing', percent: 0, name: 'a.txt', size: 1000 });
  expect(stateOf(items, 'b')).toMatchObject({ state: 'error', refused: true, error: 'exceeds limit, maximum allowed is 1 MB' });
  expect(stateOf(queueReducer(items, { type: 'retry', id: 'b' }), 'b').state).toBe('error');
});

test('moves through pending → uploading (phases, progress) → success', () => {
  let items = queue('a');
  items = queueReducer(items, { type: 'start', id: 'a', at: 0 });
  expect(stateOf(items, 'a')).toMatchObject({ state: 'uploading', phase: 'preparing' });
  items = queueReducer(items, { type: 'phase', id: 'a', phase: 'uploading' });
  items = queueReducer(items, { type: 'progress', id: 'a', loaded: 250, total: 1000, at: 100 });
  expect(stateOf(items, 'a')).toMatchObject({ phase: 'uploading', loaded: 250, percent: 25 });
  const result = { id: 'f1', slug: 'abc', filename: 'a', size: 1000, path: '/file/abc', password: null };
  items = queueReducer(items, { type: 'succeed', id: 'a', result });
  expect(stateOf(items, 'a')).toMatchObject({ state: 'success', phase: 'completed', percent: 100, result });
});

test('measures speed over windows of at least SPEED_WINDOW_MS', () => {
  let items = queueReducer(queue('a'), { type: 'start', id: 'a', at: 1000 });
  items = queueReducer(items, { type: 'progress', id: 'a', loaded: 100, total: 1000, at: 1000 + SPEED_WINDOW_MS / 2 });
  expect(stateOf(items, 'a').speed).toBe(0);
  items = queueReducer(items, { type: 'progress', id: 'a', loaded: 500, total: 1000, at: 2000 });
  expect(stateOf(items, 'a').speed).toBe(500);
  items = queueReducer(items, { type: 'progress', id: 'a', loaded: 750, total: 1000, at: 2500 });
  expect(stateOf(items, 'a').speed).toBe(500);
});

test('a cancelled item ignores late events and can be retried from the start', () => {
  let items = queueReducer(queue('a'), { type: 'start', id: 'a', at: 0 });
  items = queueReducer(items, { type: 'progress', id: 'a', loaded: 600, total: 1000, at: 10 });
  items = queueReducer(items, { type: 'cancel', id: 'a', message: 'upload cancelled' });
  expect(stateOf(items, 'a')).toMatchObject({ state: 'cancelled', error: 'upload cancelled' });
  const late = queueReducer(queueReducer(items, { type: 'progress', id: 'a', loaded: 900, total: 1000, at: 20 }), {
    type: 'fail',
    id: 'a',
    error: 'x',
  });
  expect(late).toBe(items);
  items = queueReducer(items, { type: 'retry', id: 'a' });
  expect(stateOf(items, 'a')).toMatchObject({ state: 'pending', loaded: 0, percent: 0, error: null });
});

test('a failed item can be retried; a successful one cannot, and cannot be cancelled', () => {
  let items = queueReducer(queue('a', 'b'), { type: 'start', id: 'a', at: 0 });
  items = queueReducer(items, { type: 'fail', id: 'a', error: 'Network error' });
  expect(stateOf(items, 'a')).toMatchObject({ state: 'error', error: 'Network error' });
  items = queueReducer(items, { type: 'retry', id: 'a' });
  expect(stateOf(items, 'a').state).toBe('pending');

  items = queueReducer(items, { type: 'start', id: 'b', at: 0 });
  items = queueReducer(items, {
    type: 'succeed',
    id: 'b',
    result: { id: 'x', slug: 's', filename: 'b', size: 1, path: '/file/s', password: null },
  });
  expect(queueReducer(items, { type: 'retry', id: 'b' })).toBe(items);
  expect(queueReducer(items, { type: 'cancel', id: 'b', message: 'c' })).toBe(items);
});

test('a pending item can be cancelled before it starts, and then never starts', () => {
  let items = queueReducer(queue('a'), { type: 'cancel', id: 'a', message: 'upload cancelled' });
  expect(stateOf(items, 'a').state).toBe('cancelled');
  items = queueReducer(items, { type: 'start', id: 'a', at: 0 });
  expect(stateOf(items, 'a').state).toBe('cancelled');
  expect(nextToStart(items, 2)).toEqual([]);
});

test('starts at most `concurrency` items at once, in order', () => {
  let items = queue('a', 'b', 'c');
  expect(nextToStart(items, 2).map((item) => item.id)).toEqual(['a', 'b']);
  items = queueReducer(items, { type: 'start', id: 'a', at: 0 });
  expect(nextToStart(items, 2).map((item) => item.id)).toEqual(['b']);
  items = queueReducer(items, { type: 'start', id: 'b', at: 0 });
  expect(nextToStart(items, 2)).toEqual([]);
});

test('running items are neither removed nor cleared; finished ones are', () => {
  let items = queueReducer(queue('a', 'b', 'c'), { type: 'start', id: 'a', at: 0 });
  items = queueReducer(items, { type: 'cancel', id: 'c', message: 'x' });
  expect(queueReducer(items, { type: 'remove', id: 'a' })).toHaveLength(3);
  expect(queueReducer(items, { type: 'clear-finished' }).map((item) => item.id)).toEqual(['a', 'b']);
});
