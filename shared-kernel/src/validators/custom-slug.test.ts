import { validateCustomSlug } from './custom-slug';

describe('validateCustomSlug', () => {
  it('accepts an empty suffix as "no custom suffix"', () => {
    expect(validateCustomSlug('')).toEqual({ valid: true, value: null, error: null });
    expect(validateCustomSlug(undefined).value).toBeNull();
    expect(validateCustomSlug(null).valid).toBe(true);
  });

  it('accepts letters, digits, hyphens and underscores', () => {
    expect(validateCustomSlug('My-note_2025')).toEqual({ valid: true, value: 'My-note_2025', error: null });
    expect(validateCustomSlug('-').valid).toBe(true);
    expect(validateCustomSlug('_').valid).toBe(true);
  });

  it('trims surrounding whitespace and returns the trimmed suffix', () => {
    expect(validateCustomSlug('  abc  ').value).toBe('abc');
  });

  it('rejects a custom link with spaces with the "only allowed chars" message', () => {
    const result = validateCustomSlug('my link');
    expect(result.valid).toBe(false);
    expect(result.error?.key).toBe('customSlugInvalidChars');
  });

  it.each(['a/b', 'a.b', 'über', '中文', 'a+b', 'a%20', 'a\tb'])('rejects %j with the "only allowed chars" message', (slug) => {
    expect(validateCustomSlug(slug).error?.key).toBe('customSlugInvalidChars');
  });

  it('rejects a whitespace-only suffix with the "invalid format" message', () => {
    expect(validateCustomSlug('   ').error?.key).toBe('customSlugInvalidFormat');
    expect(validateCustomSlug('\t\n').error?.key).toBe('customSlugInvalidFormat');
  });

  it('rejects a non-string value at run time with the "invalid format" message', () => {
    expect(validateCustomSlug(42 as unknown as string).error?.key).toBe('customSlugInvalidFormat');
  });

  it('tags errors with the validation namespace', () => {
    expect(validateCustomSlug('a b').error).toEqual({ ns: 'validation', key: 'customSlugInvalidChars', params: {} });
  });
});
