import { textStats } from './text-stats';

describe('textStats', () => {
  it('counts English words and characters without line breaks', () => {
    expect(textStats("Hello world, it's\nfine")).toEqual({ words: 4, characters: 21 });
  });

  it('counts every Chinese character as a word', () => {
    expect(textStats('你好 world')).toEqual({ words: 3, characters: 8 });
  });

  it('counts code points, not UTF-16 units', () => {
    expect(textStats('😀')).toEqual({ words: 0, characters: 1 });
  });

  it('is zero for an empty document', () => {
    expect(textStats('')).toEqual({ words: 0, characters: 0 });
  });
});
