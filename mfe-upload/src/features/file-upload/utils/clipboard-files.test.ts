import { clipboardHasText, filesOfClipboard, isTextField, namePastedFiles, pastedBaseName } from './clipboard-files';

const AT = new Date(2026, 10, 28, 15, 30, 12);
const image = (name: string, type = 'image/png') => new File([new Uint8Array(4)], name, { type });

test('names a pasted picture from the local time of the paste', () => {
  expect(pastedBaseName(new Date(2026, 0, 5, 7, 8, 9))).toBe('pasted-2026-01-05-070809');
  const [named] = namePastedFiles([image('image.png')], AT, new Set());
  expect(named!.name).toBe('pasted-2026-11-28-153012.png');
  expect(named!.type).toBe('image/png');
  expect(named!.size).toBe(4);
});

test('two pictures pasted in the same second get different names, also across pastes', () => {
  const used = new Set<string>();
  const first = namePastedFiles([image('image.png'), image('image.png')], AT, used).map((file) => file.name);
  const second = namePastedFiles([image('image.png')], AT, used).map((file) => file.name);
  expect([...first, ...second]).toEqual([
    'pasted-2026-11-28-153012.png',
    'pasted-2026-11-28-153012-2.png',
    'pasted-2026-11-28-153012-3.png',
  ]);
});

test('a picture without a name takes its extension from its type; a real file name is kept', () => {
  const files = namePastedFiles(
    [image('', 'image/jpeg'), image('blob', 'image/webp'), image('holiday.png'), image('.env', 'text/plain')],
    AT,
    new Set(),
  );
  expect(files.map((file) => file.name)).toEqual(['pasted-2026-11-28-153012.jpg', 'pasted-2026-11-28-153012.webp', 'holiday.png', '.env']);
});

test('reads the files of a clipboard from its file list or from its file items', () => {
  const a = image('a.png');
  expect(filesOfClipboard({ files: [a], items: [] } as unknown as DataTransfer)).toEqual([a]);
  const items = [
    { kind: 'string', getAsFile: () => null },
    { kind: 'file', getAsFile: () => a },
  ];
  expect(filesOfClipboard({ files: [], items } as unknown as DataTransfer)).toEqual([a]);
  expect(filesOfClipboard(null)).toEqual([]);
  expect(clipboardHasText({ types: ['Files', 'text/plain'] } as unknown as DataTransfer)).toBe(true);
  expect(clipboardHasText({ types: ['Files'] } as unknown as DataTransfer)).toBe(false);
});

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
