import { bulletGlyph } from './model';

describe('bulletGlyph', () => {
  it('keeps an ordinary bullet character', () => {
    expect(bulletGlyph('–')).toBe('–');
    expect(bulletGlyph('•', 'Arial')).toBe('•');
  });

  it('draws a Wingdings bullet as the Unicode shape it stands for', () => {
    expect(bulletGlyph('§', 'Wingdings')).toBe('▪');
    expect(bulletGlyph('ü', 'Wingdings')).toBe('✓');
    expect(bulletGlyph('x', 'Symbol')).toBe('•');
  });

  it('never draws a private-use glyph (an empty box without the symbol font)', () => {
    expect(bulletGlyph('\uf0a7')).toBe('▪');
    expect(bulletGlyph('\ue00c')).toBe('•');
  });
});
