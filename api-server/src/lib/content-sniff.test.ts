import { sniffContentType } from './content-sniff';

describe('sniffContentType', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[...Buffer.from('GIF89a')], 'image/gif'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')], 'image/webp'],
    [[...Buffer.from('%PDF-1.7')], 'application/pdf'],
    [[0x50, 0x4b, 0x03, 0x04], 'application/zip'],
    [[0x1f, 0x8b, 8], 'application/gzip'],
    [[0, 0, 0, 0x20, ...Buffer.from('ftypisom')], 'video/mp4'],
    [[...Buffer.from('ID3'), 4], 'audio/mpeg'],
  ])('recognises %j as %s', (bytes, mime) => {
    expect(sniffContentType(Uint8Array.from(bytes))?.mime).toBe(mime);
  });

  it('recognises nothing in plain text, short or empty samples', () => {
    expect(sniffContentType(Buffer.from('hello world'))).toBeUndefined();
    expect(sniffContentType(Buffer.from([0x89, 0x50]))).toBeUndefined();
    expect(sniffContentType(undefined)).toBeUndefined();
    expect(sniffContentType(Buffer.from('RIFF\0\0\0\0JUNK'))).toBeUndefined();
  });
});
