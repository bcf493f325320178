import { ALPHANUMERIC, randomString } from './random';

describe('randomString', () => {
  it('returns the requested number of alphanumeric characters', () => {
    for (const length of [1, 6, 12, 32, 100]) {
      expect(randomString(length)).toMatch(new RegExp(`^[A-Za-z0-9]{${length}}$`));
    }
  });

  it('uses only the given alphabet', () => {
    expect(randomString(200, 'ab')).toMatch(/^[ab]{200}$/);
  });

  it('covers the whole alphabet and does not repeat values', () => {
    const sample = Array.from({ length: 200 }, () => randomString(32));
    expect(new Set(sample).size).toBe(sample.length);
    expect(new Set(sample.join('')).size).toBe(ALPHANUMERIC.length);
  });
});
