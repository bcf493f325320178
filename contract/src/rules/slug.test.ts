import { API_KEY_CUSTOM_KEY_PATTERN, isShareSlug, NEVER_EXPIRES_AT, RANDOM_SLUG_LENGTH } from '../index';

describe('share slugs', () => {
  it.each(['abc', 'A-b_9', 'x'])('accepts %j', (slug) => {
    expect(isShareSlug(slug)).toBe(true);
  });

  it.each(['', 'a b', 'a/b', 'a.b', 'ünï', ' abc', 'abc\n'])('refuses %j', (slug) => {
    expect(isShareSlug(slug)).toBe(false);
  });

  it('uses the same character rule for custom API keys, and 6 random characters for slugs', () => {
    expect(API_KEY_CUSTOM_KEY_PATTERN.test('my_key-1')).toBe(true);
    expect(API_KEY_CUSTOM_KEY_PATTERN.test('my key')).toBe(false);
    expect(RANDOM_SLUG_LENGTH).toBe(6);
  });

  it('names the far-future instant that means "never expires"', () => {
    expect(new Date(NEVER_EXPIRES_AT).toISOString()).toBe(NEVER_EXPIRES_AT);
  });
});
