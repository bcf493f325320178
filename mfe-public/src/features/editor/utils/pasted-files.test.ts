import { imageMarkdown, mayUploadFiles, pastedFiles, uniquePlaceholder, uploadName, type ClipboardLike } from './pasted-files';

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

const png = (name = 'image.png') => new File(['x'], name, { type: 'image/png' });

describe('pastedFiles', () => {
  it('gives the files of a screenshot paste', () => {
    const shot = png();
    expect(pastedFiles(clipboard({ files: [shot] }))).toEqual([shot]);
  });

  it('gives nothing for a plain-text paste', () => {
    expect(pastedFiles(clipboard({ text: 'hello' }))).toEqual([]);
    expect(pastedFiles(null)).toEqual([]);
  });

  it('keeps the image of a picture copied from a web page (HTML, no plain text)', () => {
    const picture = png('cat.png');
    expect(pastedFiles(clipboard({ files: [picture], html: '<img src="cat.png">', text: '' }))).toEqual([picture]);
  });

  it('leaves cells or paragraphs copied from an office program to the text paste', () => {
    expect(pastedFiles(clipboard({ files: [png()], html: '<table>…</table>', text: 'a\tb' }))).toEqual([]);
  });

  it('keeps a file copied in a file manager (its name as plain text, no HTML)', () => {
    const report = new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });
    expect(pastedFiles(clipboard({ files: [report], text: 'report.pdf' }))).toEqual([report]);
  });

  it('reads file items when the browser leaves `files` empty', () => {
    const shot = png();
    const items = [
      { kind: 'string', getAsFile: () => null },
      { kind: 'file', getAsFile: () => shot },
    ] as ClipboardLike['items'];
    expect(pastedFiles(clipboard({ items }))).toEqual([shot]);
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

describe('uploadName', () => {
  it('keeps a name with an extension', () => {
    expect(uploadName({ name: 'image.png', type: 'image/png' })).toBe('image.png');
    expect(uploadName({ name: 'notes.txt', type: 'text/plain' })).toBe('notes.txt');
  });

  it('adds the extension of the image type when the name has none', () => {
    expect(uploadName({ name: 'Screenshot', type: 'image/jpeg' })).toBe('Screenshot.jpg');
  });

  it('names a nameless image after the moment it was pasted', () => {
    expect(uploadName({ name: '', type: 'image/webp' }, new Date('2026-03-04T05:06:07Z'))).toBe('pasted-20260304-050607.webp');
  });
});

describe('imageMarkdown', () => {
  it('writes an image with the file name as its text', () => {
    expect(imageMarkdown('image.png', 'https://x.test/api/file-view/abc')).toBe('![image.png](https://x.test/api/file-view/abc)');
  });

  it('escapes brackets in the name and wraps an address with spaces or parentheses', () => {
    expect(imageMarkdown('a [b].png', 'https://x.test/a b(1).png')).toBe('![a \\[b\\].png](<https://x.test/a b(1).png>)');
  });
});

describe('uniquePlaceholder', () => {
  it('numbers a placeholder that is already in use', () => {
    const used = new Set(['![Uploading image.png…]()', '![Uploading image.png… (2)]()']);
    expect(uniquePlaceholder('Uploading image.png…', (text) => used.has(text))).toBe('![Uploading image.png… (3)]()');
    expect(uniquePlaceholder('Uploading other.png…', (text) => used.has(text))).toBe('![Uploading other.png…]()');
  });
});
