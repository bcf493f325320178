import { codeLanguage, isEditableText, previewKind } from './file-kind';

test('recognises every preview type by name', () => {
  expect(previewKind('a.PNG')).toBe('image');
  expect(previewKind('clip.webm')).toBe('video');
  expect(previewKind('song.mp3')).toBe('audio');
  expect(previewKind('doc.pdf')).toBe('pdf');
  expect(previewKind('README.md')).toBe('markdown');
  expect(previewKind('main.ts')).toBe('code');
  expect(previewKind('notes.txt')).toBe('code');
  expect(previewKind('archive.zip')).toBe('other');
});

test('falls back to the content type when the name says nothing', () => {
  expect(previewKind('blob', 'image/jpeg')).toBe('image');
  expect(previewKind('data', 'application/json')).toBe('code');
  expect(previewKind('data', 'application/octet-stream')).toBe('other');
});

test('maps code to highlight.js languages and knows what can be edited', () => {
  expect(codeLanguage('x.py')).toBe('python');
  expect(codeLanguage('Dockerfile')).toBe('dockerfile');
  expect(codeLanguage('x.unknown')).toBe('plaintext');
  expect(isEditableText('a.md')).toBe(true);
  expect(isEditableText('a.json')).toBe(true);
  expect(isEditableText('a.png')).toBe(false);
});
