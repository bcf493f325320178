import { formatDateTime } from './date-time';

const MEDIUM_SHORT = { dateStyle: 'medium', timeStyle: 'short' } as const;

describe('formatDateTime', () => {
  it('formats ISO and SQLite timestamps in the given language, as local time', () => {
    const iso = '2026-03-04T05:06:00Z';
    const expected = new Intl.DateTimeFormat('en-US', MEDIUM_SHORT).format(new Date(iso));
    expect(formatDateTime(iso, 'en-US')).toBe(expected);
    expect(formatDateTime('2026-03-04 05:06:00', 'en-US')).toBe(expected);
    expect(formatDateTime(Date.parse(iso), 'en-US')).toBe(expected);
    expect(formatDateTime(iso, 'zh-CN')).toBe(new Intl.DateTimeFormat('zh-CN', MEDIUM_SHORT).format(new Date(iso)));
  });

  it.each(['en-US', 'zh-CN'])('writes %s out exactly as Intl does, at every hour, month and day', (language) => {
    const intl = new Intl.DateTimeFormat(language, MEDIUM_SHORT);
    // Every hour of four leap-year days, then every 37 h 13 min for about five years: all hours,
    // both halves of the day, single- and double-digit days, months and minutes.
    const times: number[] = [];
    for (let hour = 0; hour < 24 * 4; hour += 1) times.push(Date.UTC(2024, 1, 28, hour, 5));
    for (let at = Date.UTC(1999, 11, 31, 23, 59); at < Date.UTC(2005, 0, 1); at += (37 * 60 + 13) * 60_000) times.push(at);
    const mismatches = times.filter((at) => formatDateTime(at, language) !== intl.format(at));
    expect(mismatches.map((at) => [new Date(at).toISOString(), formatDateTime(at, language), intl.format(at)])).toEqual([]);
  });

  it('formats other languages with Intl', () => {
    const iso = '2026-03-04T05:06:00Z';
    expect(formatDateTime(iso, 'de-DE')).toBe(new Intl.DateTimeFormat('de-DE', MEDIUM_SHORT).format(new Date(iso)));
    expect(formatDateTime(iso, 'ja-JP')).toBe(new Intl.DateTimeFormat('ja-JP', MEDIUM_SHORT).format(new Date(iso)));
    // Each language keeps its own formatter.
    expect(formatDateTime(iso, 'de-DE')).toBe(new Intl.DateTimeFormat('de-DE', MEDIUM_SHORT).format(new Date(iso)));
  });

  it('gives an empty text for a missing or unreadable value (the caller picks the placeholder)', () => {
    expect(formatDateTime(null, 'en-US')).toBe('');
    expect(formatDateTime(undefined, 'en-US')).toBe('');
    expect(formatDateTime('', 'en-US')).toBe('');
    expect(formatDateTime('not a date', 'en-US')).toBe('');
  });
});
