import { LineIndex } from './line-index';

function indexOf(...chunks: string[]): LineIndex {
  const index = new LineIndex();
  for (const chunk of chunks) index.push(chunk);
  index.finish();
  return index;
}

function linesOf(index: LineIndex): string[] {
  return Array.from({ length: index.lineCount }, (_, i) => index.line(i).text);
}

describe('LineIndex', () => {
  it('ends lines at \\n, \\r\\n and a lone \\r, without the break in the line', () => {
    expect(linesOf(indexOf('one\ntwo\r\nthree\rfour'))).toEqual(['one', 'two', 'three', 'four']);
  });

  it('counts no empty line after a final line break, and one empty line for an empty text', () => {
    expect(indexOf('a\nb\n').lineCount).toBe(2);
    expect(indexOf('a\n\n').lineCount).toBe(2);
    expect(linesOf(indexOf('a\n\n'))).toEqual(['a', '']);
    expect(linesOf(indexOf(''))).toEqual(['']);
    expect(indexOf('a\r\n').lineCount).toBe(1);
    expect(indexOf('a\r').lineCount).toBe(1);
  });

  it('reads a \\r\\n split across two chunks as one line break', () => {
    const index = indexOf('first\r', '\nsecond\r', '\n');
    expect(linesOf(index)).toEqual(['first', 'second']);
    expect(index.lineStart(1)).toBe('first\r\n'.length);
  });

  it('reads a \\r at the end of a chunk followed by text as a line break of its own', () => {
    expect(linesOf(indexOf('first\r', 'second'))).toEqual(['first', 'second']);
    expect(linesOf(indexOf('first\r', '\r', '\nthird'))).toEqual(['first', '', 'third']);
  });

  it('builds a line that spans several chunks', () => {
    expect(linesOf(indexOf('ab', 'cd', 'ef\ng', 'h'))).toEqual(['abcdef', 'gh']);
  });

  it('shows the partial last line while streaming, and the \\r held back at a chunk end is not part of it', () => {
    const index = new LineIndex();
    index.push('done\npart');
    expect(index.lineCount).toBe(2);
    expect(index.line(1).text).toBe('part');
    index.push('ial\r');
    expect(index.line(1).text).toBe('partial');
    expect(index.done).toBe(false);
  });

  it('takes at most maxChars of a long line and says it is cut', () => {
    const index = indexOf('x'.repeat(50), 'y'.repeat(50), '\nshort');
    expect(index.line(0, 60)).toEqual({ text: 'x'.repeat(50) + 'y'.repeat(10), truncated: true });
    expect(index.line(1, 60)).toEqual({ text: 'short', truncated: false });
    expect(index.line(5)).toEqual({ text: '', truncated: false });
  });

  it('gives the same lines however the text is cut into chunks', () => {
    const text = 'α\r\nβγ\n\n\rδ\r\r\nlast line 😀\r\n\n';
    const expected = text.split(/\r\n|\r|\n/);
    expected.pop(); // the text ends with a break
    let seed = 7;
    for (let round = 0; round < 200; round += 1) {
      const chunks: string[] = [];
      let position = 0;
      while (position < text.length) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const size = 1 + (seed % 5);
        chunks.push(text.slice(position, position + size));
        position += size;
      }
      const index = indexOf(...chunks);
      expect(linesOf(index)).toEqual(expected);
      expect(index.text()).toBe(text);
    }
  });
});
