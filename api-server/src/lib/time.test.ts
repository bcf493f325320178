import { addDays, isExpired, parseTimestamp } from './time';

describe('timestamps', () => {
  it('parses ISO timestamps and the SQLite clock form as UTC', () => {
    expect(parseTimestamp('2025-07-01T08:00:00.000Z')?.toISOString()).toBe('2025-07-01T08:00:00.000Z');
    expect(parseTimestamp('2025-07-01 08:00:00')?.toISOString()).toBe('2025-07-01T08:00:00.000Z');
    expect(parseTimestamp('not a date')).toBeNull();
    expect(parseTimestamp(null)).toBeNull();
  });

  it('adds whole days', () => {
    expect(addDays(new Date('2025-12-31T23:30:00.000Z'), 1).toISOString()).toBe('2026-01-01T23:30:00.000Z');
  });

  it('treats a time at or before now as expired, null as never, unparsable as expired', () => {
    const now = new Date('2025-07-01T08:00:00.000Z');
    expect(isExpired('2025-07-01T08:00:00.000Z', now)).toBe(true);
    expect(isExpired('2025-07-01 07:59:59', now)).toBe(true);
    expect(isExpired('9999-12-31T23:59:59.000Z', now)).toBe(false);
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired('garbage', now)).toBe(true);
  });
});
