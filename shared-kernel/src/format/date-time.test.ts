import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('formats ISO and SQLite timestamps in the given language, as local time', () => {
    const iso = '2026-03-04T05:06:00Z';
    const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    expect(formatDateTime(iso, 'en-US')).toBe(expected);
    expect(formatDateTime('2026-03-04 05:06:00', 'en-US')).toBe(expected);
    expect(formatDateTime(Date.parse(iso), 'en-US')).toBe(expected);
    expect(formatDateTime(iso, 'zh-CN')).toBe(
      new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
    // Each language keeps its own formatter.
    expect(formatDateTime(iso, 'en-US')).toBe(expected);
  });

  it('gives an empty text for a missing or unreadable value (the caller picks the placeholder)', () => {
    expect(formatDateTime(null, 'en-US')).toBe('');
    expect(formatDateTime(undefined, 'en-US')).toBe('');
    expect(formatDateTime('', 'en-US')).toBe('');
    expect(formatDateTime('not a date', 'en-US')).toBe('');
  });
});
