import {
  extensionOfType,
  filesOfClipboard,
  isPictureBesideText,
  mayUploadFiles,
  namePastedFiles,
  pastedBaseName,
  type ClipboardLike,
} from './clipboard-files';

function clipboard(parts: { files?: File[]; text?: string; html?: string; items?: ClipboardLike['items'] }): ClipboardLike {
  const types = [...(parts.text !== undefined ? ['text/plain'] : []), ...(parts.html !== undefined ? ['text/html'] : [])];
  if (parts.files?.length) types.push('Files');
  return {
    files: parts.files ?? [],
    items: parts.items ?? [],
    types,
    getData: (type: string) => (type === 'text/plain' ? (parts.text ?? '') : type === 'text/html' ? (parts.html ?? '') : ''),
  };
}

const AT = new Date(2026, 10, 28, 15, 30, 12);
const image = (name: string, type = 'image/png') => new File([new Uint8Array(4)], name, { type });

describe('filesOfClipboard', () => {
  it('reads the files of a clipboard from its file list', () => {
    const shot = image('image.png');
    expect(filesOfClipboard(clipboard({ files: [shot] }))).toEqual([shot]);
    expect(filesOfClipboard(clipboard({ text: 'hello' }))).toEqual([]);
    expect(filesOfClipboard(null)).toEqual([]);
  });

  it('reads file items when the browser leaves `files` empty', () => {
    const shot = image('image.png');
    const items = [
      { kind: 'string', getAsFile: () => null },
      { kind: 'file', getAsFile: () => shot },
    ] as ClipboardLike['items'];
    expect(filesOfClipboard(clipboard({ items }))).toEqual([shot]);
  });
});

describe('isPictureBesideText', () => {
  it('recognises cells or paragraphs copied from an office program (text and HTML beside a picture)', () => {
    expect(isPictureBesideText(clipboard({ files: [image('image.png')], html: '<table>…</table>', text: 'a\tb' }))).toBe(true);
  });

  it('takes a screenshot, a picture copied from a web page and a file copied in a file manager as files', () => {
    expect(isPictureBesideText(clipboard({ files: [image('image.png')] }))).toBe(false);
    expect(isPictureBesideText(clipboard({ files: [image('cat.png')], html: '<img src="cat.png">', text: '' }))).toBe(false);
    expect(isPictureBesideText(clipboard({ files: [image('report.pdf', 'application/pdf')], text: 'report.pdf' }))).toBe(false);
    expect(isPictureBesideText(null)).toBe(false);
  });
});

describe('mayUploadFiles', () => {
  it('lets the administrator and a key with the file permission upload, nobody else', () => {
    expect(mayUploadFiles({ adminToken: 't', apiKey: null, apiKeyPermissions: null })).toBe(true);
    expect(mayUploadFiles({ adminToken: null, apiKey: 'k', apiKeyPermissions: { text: false, file: true, mount: false } })).toBe(true);
    expect(mayUploadFiles({ adminToken: null, apiKey: 'k', apiKeyPermissions: { text: true, file: false, mount: true } })).toBe(false);
    expect(mayUploadFiles({ adminToken: null, apiKey: null, apiKeyPermissions: null })).toBe(false);
  });
});

describe('extensionOfType', () => {
  it('knows the usual extension of image and text types, ignoring parameters and case', () => {
    expect(extensionOfType('image/jpeg')).toBe('jpg');
    expect(extensionOfType('Text/Plain; charset=utf-8')).toBe('txt');
    expect(extensionOfType('application/x-unknown')).toBe('');
  });
});

describe('namePastedFiles', () => {
  it('names a pasted picture from the local time of the paste', () => {
    expect(pastedBaseName(new Date(2026, 0, 5, 7, 8, 9))).toBe('pasted-2026-01-05-070809');
    const [named] = namePastedFiles([image('image.png')], AT, new Set());
    expect(named!.name).toBe('pasted-2026-11-28-153012.png');
    expect(named!.type).toBe('image/png');
    expect(named!.size).toBe(4);
  });

  it('gives two pictures pasted in the same second different names, also across pastes', () => {
    const used = new Set<string>();
    const first = namePastedFiles([image('image.png'), image('image.png')], AT, used).map((file) => file.name);
    const second = namePastedFiles([image('image.png')], AT, used).map((file) => file.name);
    expect([...first, ...second]).toEqual([
      'pasted-2026-11-28-153012.png',
      'pasted-2026-11-28-153012-2.png',
      'pasted-2026-11-28-153012-3.png',
    ]);
  });

  it('takes the extension of a nameless picture from its type; a real file name is kept', () => {
    const files = namePastedFiles(
      [image('', 'image/jpeg'), image('blob', 'image/webp'), image('holiday.png'), image('.env', 'text/plain')],
      AT,
      new Set(),
    );
    expect(files.map((file) => file.name)).toEqual([
      'pasted-2026-11-28-153012.jpg',
      'pasted-2026-11-28-153012.webp',
      'holiday.png',
      '.env',
    ]);
  });
});
