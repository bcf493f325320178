import { computeWindow, gridColumns, gridRowCount, scrollTopToReveal } from './virtual-window';

test('draws only the visible rows plus overscan at the top of a long list', () => {
  const range = computeWindow({ scrollTop: 0, viewportHeight: 480, rowHeight: 48, rowCount: 5000, overscan: 5 });
  expect(range).toEqual({ start: 0, end: 16, offsetTop: 0, totalHeight: 240000 });
});

test('follows the scroll position in the middle of the list', () => {
  const range = computeWindow({ scrollTop: 48 * 1000 + 10, viewportHeight: 480, rowHeight: 48, rowCount: 5000, overscan: 5 });
  expect(range.start).toBe(995);
  expect(range.end).toBe(1016);
  expect(range.offsetTop).toBe(995 * 48);
});

test('clamps scroll positions beyond the end and before the start', () => {
  const end = computeWindow({ scrollTop: 10_000_000, viewportHeight: 480, rowHeight: 48, rowCount: 5000, overscan: 2 });
  expect(end.end).toBe(5000);
  expect(end.start).toBe(5000 - 10 - 2);
  const start = computeWindow({ scrollTop: -300, viewportHeight: 480, rowHeight: 48, rowCount: 5000, overscan: 2 });
  expect(start.start).toBe(0);
});

test('draws everything for a short list and nothing for an empty one', () => {
  expect(computeWindow({ scrollTop: 0, viewportHeight: 480, rowHeight: 48, rowCount: 3 })).toEqual({
    start: 0,
    end: 3,
    offsetTop: 0,
    totalHeight: 144,
  });
  expect(computeWindow({ scrollTop: 0, viewportHeight: 480, rowHeight: 48, rowCount: 0 })).toEqual({
    start: 0,
    end: 0,
    offsetTop: 0,
    totalHeight: 0,
  });
});

test('fits grid columns to the width and counts rows', () => {
  expect(gridColumns(358, 150, 12)).toBe(2);
  expect(gridColumns(1000, 150, 12)).toBe(6);
  expect(gridColumns(100, 150, 12)).toBe(1);
  expect(gridRowCount(5000, 6)).toBe(834);
  expect(gridRowCount(0, 6)).toBe(0);
});

test('scrolls just enough to reveal a row', () => {
  expect(scrollTopToReveal(10, 48, 0, 480)).toBe(48);
  expect(scrollTopToReveal(2, 48, 480, 480)).toBe(96);
  expect(scrollTopToReveal(5, 48, 0, 480)).toBe(0);
});
