import { constantTimeEqual } from './safe-equal';

describe('constantTimeEqual', () => {
  it('accepts identical strings', () => {
    expect(constantTimeEqual('Abc-123_x', 'Abc-123_x')).toBe(true);
    expect(constantTimeEqual('', '')).toBe(true);
  });

  it('rejects strings that differ in case, length or one character', () => {
    expect(constantTimeEqual('abc', 'ABC')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('abcd', 'abce')).toBe(false);
  });
});
