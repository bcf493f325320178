import { isWholeNumber, parseNumericInput } from './numeric-input';

describe('parseNumericInput', () => {
  it('treats null, undefined and blank strings as empty', () => {
    expect(parseNumericInput(null)).toEqual({ kind: 'empty' });
    expect(parseNumericInput(undefined)).toEqual({ kind: 'empty' });
    expect(parseNumericInput(' ')).toEqual({ kind: 'empty' });
  });

  it('parses plain decimal strings and finite numbers', () => {
    expect(parseNumericInput(' -12 ')).toEqual({ kind: 'number', value: -12 });
    expect(parseNumericInput('+3')).toEqual({ kind: 'number', value: 3 });
    expect(parseNumericInput('1.5')).toEqual({ kind: 'number', value: 1.5 });
    expect(parseNumericInput('.5')).toEqual({ kind: 'number', value: 0.5 });
    expect(parseNumericInput(4)).toEqual({ kind: 'number', value: 4 });
  });

  it('folds -0 into 0', () => {
    const parsed = parseNumericInput('-0');
    expect(parsed.kind === 'number' && Object.is(parsed.value, 0)).toBe(true);
  });

  it.each(['abc', '1e3', '0x1A', '1,5', '1 2', 'Infinity'])('rejects %j', (text) => {
    expect(parseNumericInput(text)).toEqual({ kind: 'invalid' });
  });

  it('rejects non-finite numbers', () => {
    expect(parseNumericInput(Number.NaN)).toEqual({ kind: 'invalid' });
    expect(parseNumericInput(Number.NEGATIVE_INFINITY)).toEqual({ kind: 'invalid' });
  });
});

describe('isWholeNumber', () => {
  it('accepts safe integers only', () => {
    expect(isWholeNumber(3)).toBe(true);
    expect(isWholeNumber(-3)).toBe(true);
    expect(isWholeNumber(3.1)).toBe(false);
    expect(isWholeNumber(2 ** 53)).toBe(false);
  });
});
