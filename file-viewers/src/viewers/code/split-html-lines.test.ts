import { splitHighlightedLines } from './split-html-lines';

describe('splitHighlightedLines', () => {
  it('closes a token that spans lines at each line end and opens it again on the next', () => {
    const html = 'a <span class="hljs-comment">/* one\ntwo\nthree */</span> b\nc';
    expect(splitHighlightedLines(html)).toEqual([
      'a <span class="hljs-comment">/* one</span>',
      '<span class="hljs-comment">two</span>',
      '<span class="hljs-comment">three */</span> b',
      'c',
    ]);
  });

  it('keeps nested tokens balanced and escaped text as it is', () => {
    const html = '<span class="hljs-string">`x ${<span class="hljs-subst">a\r\n&lt;b&gt;</span>}`</span>';
    expect(splitHighlightedLines(html)).toEqual([
      '<span class="hljs-string">`x ${<span class="hljs-subst">a</span></span>',
      '<span class="hljs-string"><span class="hljs-subst">&lt;b&gt;</span>}`</span>',
    ]);
  });

  it('gives one piece per line, empty lines included', () => {
    expect(splitHighlightedLines('a\n\nb\n')).toEqual(['a', '', 'b', '']);
  });
});
