import { lineWindow, scrollTopForLine } from './virtual-window';

describe('lineWindow', () => {
  const base = { viewportHeight: 400, lineHeight: 20, overscan: 5 };

  it('renders the visible lines and a few around them, at their own offset', () => {
    expect(lineWindow({ ...base, scrollTop: 0, lineCount: 1000 })).toEqual({ scrollHeight: 20000, first: 0, end: 25, top: 0 });
    // Line 50 at the top of the viewport: lines 45..75 rendered, the first at 45 × 20 px.
    expect(lineWindow({ ...base, scrollTop: 1000, lineCount: 1000 })).toEqual({ scrollHeight: 20000, first: 45, end: 75, top: 900 });
    // Half a line scrolled: line 50 partly visible.
    expect(lineWindow({ ...base, scrollTop: 1010, lineCount: 1000 })).toMatchObject({ first: 45, end: 76, top: 900 });
  });

  it('stops at the last line, and clamps a scroll position past the end', () => {
    const bottom = lineWindow({ ...base, scrollTop: 20000 - 400, lineCount: 1000 });
    expect(bottom.end).toBe(1000);
    expect(lineWindow({ ...base, scrollTop: 999999, lineCount: 1000 })).toEqual(bottom);
    expect(lineWindow({ ...base, scrollTop: 0, lineCount: 3 })).toEqual({ scrollHeight: 60, first: 0, end: 3, top: 0 });
    expect(lineWindow({ ...base, scrollTop: 0, lineCount: 0 })).toEqual({ scrollHeight: 0, first: 0, end: 0, top: 0 });
  });

  it('scales a scroll range taller than the browser allows, and still reaches the last line', () => {
    const lineCount = 5_000_000; // 100,000,000 px of lines
    const max = 1_000_000;
    const top = lineWindow({ ...base, scrollTop: 0, lineCount, maxScrollHeight: max });
    expect(top).toMatchObject({ scrollHeight: max, first: 0, end: 25, top: 0 });

    const bottom = lineWindow({ ...base, scrollTop: max - 400, lineCount, maxScrollHeight: max });
    expect(bottom.end).toBe(lineCount);
    // The last line's bottom edge is the viewport's bottom edge.
    expect(bottom.top + (bottom.end - bottom.first) * 20).toBeCloseTo(max, 6);

    const middle = lineWindow({ ...base, scrollTop: (max - 400) / 2, lineCount, maxScrollHeight: max });
    expect(middle.first + 5).toBe(Math.floor((lineCount * 20 - 400) / 2 / 20));
    expect(middle.end - middle.first).toBeLessThanOrEqual(31);
  });

  it('finds the scroll position that puts a line at the top, scaled or not', () => {
    for (const [lineCount, max] of [
      [1000, 15_000_000],
      [5_000_000, 1_000_000],
    ] as const) {
      for (const line of [0, 1, 17, Math.floor(lineCount / 3)]) {
        const scrollTop = scrollTopForLine(line, lineCount, 20, 400, max);
        const window = lineWindow({ ...base, scrollTop, lineCount, maxScrollHeight: max, overscan: 0 });
        expect(window.first).toBe(line);
      }
      expect(scrollTopForLine(lineCount, lineCount, 20, 400, max)).toBe(Math.min(lineCount * 20, max) - 400);
    }
  });
});
