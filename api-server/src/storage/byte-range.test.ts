import { formatRangeHeader, parseContentRange, parseRangeHeader, resolveRange } from './byte-range';

describe('byte ranges', () => {
  it('parses the three single-range forms and ignores everything else', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ start: 100 });
    expect(parseRangeHeader('bytes=-50')).toEqual({ suffixLength: 50 });
    for (const ignored of [undefined, '', 'bytes=5-1', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=a-b']) {
      expect(parseRangeHeader(ignored)).toBeUndefined();
    }
  });

  it('resolves a range against the object size, clipping the end and refusing unsatisfiable ones', () => {
    expect(resolveRange({ start: 2, end: 500 }, 10)).toEqual({ start: 2, end: 9 });
    expect(resolveRange({ suffixLength: 500 }, 10)).toEqual({ start: 0, end: 9 });
    expect(resolveRange({ start: 10 }, 10)).toBeNull();
    expect(resolveRange({ suffixLength: 0 }, 10)).toBeNull();
    expect(resolveRange({ start: 0 }, 0)).toBeNull();
  });

  it('formats request ranges and parses Content-Range', () => {
    expect(formatRangeHeader({ start: 3 })).toBe('bytes=3-');
    expect(formatRangeHeader({ suffixLength: 4 })).toBe('bytes=-4');
    expect(parseContentRange('bytes 0-9/100')).toEqual({ start: 0, end: 9, size: 100 });
    expect(parseContentRange('garbage')).toBeUndefined();
  });
});
