import { isTextField } from './clipboard-files';

test('text fields are the inputs that take text, text areas and editable elements', () => {
  const text = document.createElement('input');
  const checkbox = document.createElement('input');
  checkbox.type = 'checkbox';
  const editable = document.createElement('div');
  editable.contentEditable = 'true';
  expect(isTextField(text)).toBe(true);
  expect(isTextField(document.createElement('textarea'))).toBe(true);
  expect(isTextField(checkbox)).toBe(false);
  expect(isTextField(document.createElement('button'))).toBe(false);
  expect(isTextField(document.body)).toBe(false);
});
