import { parseApiTimestamp, toBoolean } from './common';

describe('toBoolean', () => {
  it('treats 1 and true as true', () => {
    expect(toBoolean(1)).toBe(true);
    expect(toBoolean(true)).toBe(true);
  });

  it('treats 0, false, null and a missing value as false', () => {
    expect(toBoolean(0)).toBe(false);
    expect(toBoolean(false)).toBe(false);
    expect(toBoolean(null)).toBe(false);
    expect(toBoolean(undefined)).toBe(false);
  });

  it('accepts the strings "1" and "true" as true and other strings as false', () => {
    expect(toBoolean('1')).toBe(true);
    expect(toBoolean('true')).toBe(true);
    expect(toBoolean('0')).toBe(false);
    expect(toBoolean('false')).toBe(false);
    expect(toBoolean('')).toBe(false);
  });

  it('treats other numbers as false', () => {
    expect(toBoolean(2)).toBe(false);
  });
});

describe('parseApiTimestamp', () => {
  it('parses ISO-8601 with Z', () => {
    expect(parseApiTimestamp('2025-07-01T08:00:00.000Z')?.toISOString()).toBe('2025-07-01T08:00:00.000Z');
  });

  it('reads the SQLite form YYYY-MM-DD HH:MM:SS as UTC', () => {
    expect(parseApiTimestamp('2025-07-01 08:00:00')?.toISOString()).toBe('2025-07-01T08:00:00.000Z');
  });

  it('reads both forms of the same instant as equal', () => {
    expect(parseApiTimestamp('2025-12-31 23:59:59')?.getTime()).toBe(parseApiTimestamp('2025-12-31T23:59:59Z')?.getTime());
  });

  it('keeps fractional seconds of the SQLite form', () => {
    expect(parseApiTimestamp('2025-07-01 08:00:00.123')?.toISOString()).toBe('2025-07-01T08:00:00.123Z');
  });

  it('reads a zone-less ISO time as UTC, not local time', () => {
    expect(parseApiTimestamp('2025-07-01T08:00:00')?.toISOString()).toBe('2025-07-01T08:00:00.000Z');
  });

  it('honours an explicit offset', () => {
    expect(parseApiTimestamp('2025-07-01T10:00:00+02:00')?.toISOString()).toBe('2025-07-01T08:00:00.000Z');
  });

  it('reads a date-only value as UTC midnight', () => {
    expect(parseApiTimestamp('2025-07-01')?.toISOString()).toBe('2025-07-01T00:00:00.000Z');
  });

  it('parses the never-expires sentinel of API keys', () => {
    expect(parseApiTimestamp('9999-12-31T23:59:59.000Z')?.getUTCFullYear()).toBe(9999);
  });

  it('accepts epoch milliseconds', () => {
    expect(parseApiTimestamp(Date.UTC(2025, 6, 1))?.toISOString()).toBe('2025-07-01T00:00:00.000Z');
  });

  it('returns null for null, undefined, empty and unparsable input', () => {
    expect(parseApiTimestamp(null)).toBeNull();
    expect(parseApiTimestamp(undefined)).toBeNull();
    expect(parseApiTimestamp('')).toBeNull();
    expect(parseApiTimestamp('   ')).toBeNull();
    expect(parseApiTimestamp('yesterday')).toBeNull();
    expect(parseApiTimestamp(Number.NaN)).toBeNull();
  });

  it('rejects out-of-range fields instead of rolling them over', () => {
    expect(parseApiTimestamp('2025-13-01 00:00:00')).toBeNull();
    expect(parseApiTimestamp('2025-02-30 00:00:00')).toBeNull();
  });
});
