import { constantTimeEqual } from './safe-equal';

describe('constantTimeEqual', () => {
  it.each(['Abc-123_x', ''])('accepts two identical strings %j', (value) => {
    expect(constantTimeEqual(value, value)).toBe(true);
  });

  it.each([
    ['case', 'abc', 'ABC'],
    ['length', 'abc', 'abcd'],
    ['one character', 'abcd', 'abce'],
  ])('rejects strings that differ in %s: %j, %j', (_difference, a, b) => {
    expect(constantTimeEqual(a, b)).toBe(false);
  });
});
