import { checkFileSize, formatBytes, insufficientStorageError } from './file-size';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [10 * MB, '10 MB'],
    [GB, '1 GB'],
    [1.5 * GB, '1.5 GB'],
    [1.256 * GB, '1.26 GB'],
    [2048 * GB, '2048 GB'],
  ])('formats %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('moves up a unit instead of showing 1024 of the smaller one', () => {
    expect(formatBytes(MB - 1)).toBe('1 MB');
  });

  it('shows at most two decimals', () => {
    expect(formatBytes(1025)).toBe('1 KB');
    expect(formatBytes(1030)).toBe('1.01 KB');
  });

  it('shows invalid sizes as 0 B', () => {
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0 B');
  });
});

describe('checkFileSize', () => {
  it('accepts a file of exactly the limit', () => {
    expect(checkFileSize(100 * MB, 100)).toBeNull();
  });

  it('rejects a file one byte over the limit, naming the formatted maximum', () => {
    expect(checkFileSize(100 * MB + 1, 100)).toEqual({ ns: 'validation', key: 'fileTooLarge', params: { size: '100 MB' } });
  });

  it('formats large limits in GB', () => {
    expect(checkFileSize(3 * GB, 2048)?.params).toEqual({ size: '2 GB' });
  });
});

describe('insufficientStorageError', () => {
  it('names the file size, the remaining space and the capacity', () => {
    expect(insufficientStorageError(300 * MB, 200 * MB, 10 * GB)).toEqual({
      ns: 'validation',
      key: 'storageInsufficient',
      params: { fileSize: '300 MB', remaining: '200 MB', capacity: '10 GB' },
    });
  });

  it('never shows a negative remaining space', () => {
    expect(insufficientStorageError(MB, -5 * MB, GB).params.remaining).toBe('0 B');
  });
});
