import './test-env';
import { binarySample, logSample, utf8WithBomSample } from '../../../fixtures/text.mjs';
import { ViewerError } from '../../errors';
import { ChunkDecoder, looksBinary, SNIFF_BYTES } from './text-decode';

const encode = (text: string) => new TextEncoder().encode(text);

function decodeAll(chunks: Uint8Array[], maxBytes?: number): string {
  const decoder = new ChunkDecoder(maxBytes);
  let text = '';
  for (const chunk of chunks) text += decoder.push(chunk);
  return text + decoder.end();
}

describe('binary detection', () => {
  it('calls a file with many NUL bytes in its first 8 KB binary', () => {
    expect(looksBinary(binarySample())).toBe(true);
    const mostlyText = encode('a'.repeat(SNIFF_BYTES));
    for (let i = 0; i < 8; i += 1) mostlyText[i * 1000] = 0;
    expect(looksBinary(mostlyText)).toBe(true);
  });

  it('keeps text, even with a stray NUL in 8 KB', () => {
    expect(looksBinary(logSample())).toBe(false);
    const oneNul = encode('a'.repeat(SNIFF_BYTES));
    oneNul[100] = 0;
    expect(looksBinary(oneNul)).toBe(false);
    expect(looksBinary(new Uint8Array(0))).toBe(false);
  });

  it('refuses a binary file as unsupported', () => {
    expect(() => decodeAll([binarySample()])).toThrow(ViewerError);
    try {
      decodeAll([binarySample()]);
    } catch (error) {
      expect((error as ViewerError).reason).toBe('unsupported');
    }
    // Decided as soon as 8 KB are in, not at the end of the file.
    const decoder = new ChunkDecoder();
    const big = new Uint8Array(SNIFF_BYTES * 2);
    expect(() => decoder.push(big)).toThrow(ViewerError);
  });
});

describe('ChunkDecoder', () => {
  it('decodes a character whose bytes arrive in different chunks', () => {
    const prefix = encode('a'.repeat(SNIFF_BYTES)); // past the held-back sniffing
    const text = '你好 😀 é';
    const bytes = encode(text);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const decoded = decodeAll([prefix, bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(decoded).toBe('a'.repeat(SNIFF_BYTES) + text);
    }
    // One byte at a time from the start.
    expect(decodeAll(Array.from(bytes, (byte) => Uint8Array.of(byte)))).toBe(text);
  });

  it('drops a UTF-8 BOM and reads UTF-16 by its BOM', () => {
    expect(decodeAll([utf8WithBomSample()])).toBe('héllo 你好 😀\nsecond line\n');
    const utf16 = Uint8Array.of(0xff, 0xfe, 0x68, 0x00, 0x69, 0x00, 0x0a, 0x00);
    expect(decodeAll([utf16])).toBe('hi\n');
  });

  it('refuses more bytes than its limit as too large', () => {
    expect(() => decodeAll([encode('12345'), encode('678')], 6)).toThrow(expect.objectContaining({ reason: 'too-large' }));
    expect(decodeAll([encode('123456')], 6)).toBe('123456');
  });
});
