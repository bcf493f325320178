import { codeBlockMarkdown, codeLanguage, fileKind } from './file-kind';

describe('fileKind', () => {
  it.each([
    ['image/png', 'a.png', 'image'],
    ['image/svg+xml', 'a.svg', 'image'],
    ['video/mp4', 'a.mp4', 'video'],
    ['audio/mpeg', 'a.mp3', 'audio'],
    ['application/pdf', 'a.pdf', 'pdf'],
    ['text/markdown', 'readme.md', 'markdown'],
    ['text/plain', 'notes.markdown', 'markdown'],
    ['text/plain', 'notes.txt', 'text'],
    ['application/json', 'data.json', 'text'],
    ['application/octet-stream', 'main.ts', 'text'],
    ['text/html', 'page.html', 'text'],
    ['application/zip', 'a.zip', 'other'],
    ['application/octet-stream', 'blob.bin', 'other'],
  ])('%s %s → %s', (mime, name, kind) => {
    expect(fileKind(mime, name)).toBe(kind);
  });
});

describe('codeLanguage', () => {
  it('maps extensions to highlight.js languages', () => {
    expect(codeLanguage('a.ts')).toBe('typescript');
    expect(codeLanguage('Makefile')).toBe('makefile');
    expect(codeLanguage('page.html')).toBe('xml');
    expect(codeLanguage('x.unknown', 'application/json')).toBe('json');
    expect(codeLanguage('x.unknown')).toBe('plaintext');
  });
});

describe('codeBlockMarkdown', () => {
  it('uses a fence longer than any backtick run of the text', () => {
    expect(codeBlockMarkdown('a\n', 'js')).toBe('```js\na\n```\n');
    expect(codeBlockMarkdown('x ```` y', 'md')).toBe('`````md\nx ```` y\n`````\n');
  });
});
