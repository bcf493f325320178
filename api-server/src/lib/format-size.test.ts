import { formatBytes } from './format-size';

describe('formatBytes', () => {
  it('uses 1024 steps with at most two decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(1234567)).toBe('1.18 MB');
  });
});
