import { isEditableText } from './editable-text';

test('offers the editor for text kinds only', () => {
  expect(isEditableText('a.md')).toBe(true);
  expect(isEditableText('a.json')).toBe(true);
  expect(isEditableText('Dockerfile')).toBe(true);
  expect(isEditableText('icon.svg')).toBe(true);
  expect(isEditableText('a.png')).toBe(false);
  expect(isEditableText('report.docx')).toBe(false);
  expect(isEditableText('archive.zip')).toBe(false);
});
