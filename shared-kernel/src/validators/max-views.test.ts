import { validateMaxViews } from './max-views';

describe('validateMaxViews', () => {
  it('accepts 0 views as unlimited', () => {
    expect(validateMaxViews(0)).toEqual({ valid: true, value: 0, error: null });
    expect(validateMaxViews('0').value).toBe(0);
  });

  it('treats an empty field as 0 (unlimited)', () => {
    expect(validateMaxViews('').value).toBe(0);
    expect(validateMaxViews('  ').value).toBe(0);
    expect(validateMaxViews(null).value).toBe(0);
    expect(validateMaxViews(undefined).value).toBe(0);
  });

  it('accepts positive integers given as numbers or numeric strings', () => {
    expect(validateMaxViews(1).value).toBe(1);
    expect(validateMaxViews('25').value).toBe(25);
    expect(validateMaxViews(' 7 ').value).toBe(7);
    expect(validateMaxViews('2.0').value).toBe(2);
  });

  it('rejects -1 views as negative', () => {
    expect(validateMaxViews(-1)).toEqual({ valid: false, value: null, error: { ns: 'validation', key: 'maxViewsNegative', params: {} } });
    expect(validateMaxViews('-1').error?.key).toBe('maxViewsNegative');
  });

  it('rejects 1.5 views as not an integer', () => {
    expect(validateMaxViews(1.5).error?.key).toBe('maxViewsNotInteger');
    expect(validateMaxViews('1.5').error?.key).toBe('maxViewsNotInteger');
  });

  it.each(['abc', '1e3', '0x10', '1 000', '--1'])('rejects the non-number %j', (input) => {
    expect(validateMaxViews(input).error?.key).toBe('maxViewsNotInteger');
  });

  it('rejects NaN and Infinity', () => {
    expect(validateMaxViews(Number.NaN).error?.key).toBe('maxViewsNotInteger');
    expect(validateMaxViews(Number.POSITIVE_INFINITY).error?.key).toBe('maxViewsNotInteger');
  });

  it('rejects a number too large to be an exact integer', () => {
    expect(validateMaxViews('99999999999999999999').error?.key).toBe('maxViewsNotInteger');
  });
});
