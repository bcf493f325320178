import { imageMarkdown, uniquePlaceholder, uploadName } from './pasted-files';

describe('uploadName', () => {
  it('keeps a name with an extension', () => {
    expect(uploadName({ name: 'pasted-2026-11-28-153012.png', type: 'image/png' })).toBe('pasted-2026-11-28-153012.png');
    expect(uploadName({ name: 'notes.txt', type: 'text/plain' })).toBe('notes.txt');
  });

  it('adds the extension of the image type when the name has none', () => {
    expect(uploadName({ name: 'Screenshot', type: 'image/jpeg' })).toBe('Screenshot.jpg');
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
