import '../media/jsdom-polyfills';
import { damagedImage, jpegImage, pngImage, rotatedJpeg, svgWithScript, SVG_SCRIPT_MARKER } from '../../../fixtures/media.mjs';

/** The JPEG's segments up to the scan: marker → body. */
function segments(bytes: Uint8Array): Map<number, Uint8Array> {
  const found = new Map<number, Uint8Array>();
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  let offset = 2;
  while (offset < bytes.length) {
    expect(bytes[offset]).toBe(0xff);
    const marker = bytes[offset + 1]!;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (!found.has(marker)) found.set(marker, bytes.subarray(offset + 4, offset + 2 + length));
    if (marker === 0xda) break;
    offset += 2 + length;
  }
  return found;
}

describe('image fixtures', () => {
  test('the rotated JPEG is a 16×8 baseline picture whose Exif orientation is 6, the segment right after SOI', () => {
    const bytes = rotatedJpeg();
    expect([bytes[2], bytes[3]]).toEqual([0xff, 0xe1]);
    const parts = segments(bytes);
    const sof = parts.get(0xc0)!;
    expect([(sof[1]! << 8) | sof[2]!, (sof[3]! << 8) | sof[4]!]).toEqual([8, 16]); // height, width
    const exif = parts.get(0xe1)!;
    expect(new TextDecoder().decode(exif.subarray(0, 4))).toBe('Exif');
    const tiff = exif.subarray(6);
    expect(new TextDecoder().decode(tiff.subarray(0, 2))).toBe('MM');
    // IFD0 at 8: one entry, tag 0x0112 SHORT, value 6.
    expect(Array.from(tiff.subarray(8, 20))).toEqual([0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6]);
    expect(Array.from(bytes.subarray(-2))).toEqual([0xff, 0xd9]);
    expect(bytes.length).toBeLessThan(1024);
  });

  test('the JPEG scan holds one 4-bit DC code and a 1-bit end of block per block, stuffed after 0xff', () => {
    // Flat mid-grey blocks: DC difference 0 → code 0000, EOB 0 → 5 zero bits per block.
    const grey = jpegImage(16, 8, () => 128);
    const scan = grey.subarray(grey.length - 4, grey.length - 2);
    expect(Array.from(scan)).toEqual([0x00, 0x3f]); // 10 zero bits, padded with ones
  });

  test('the PNG, the SVG and the damaged picture', () => {
    expect(Array.from(pngImage(2, 2).subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    const svg = new TextDecoder().decode(svgWithScript());
    expect(svg).toContain('<script>');
    expect(svg).toContain(SVG_SCRIPT_MARKER);
    expect(svg).toContain('width="120" height="80"');
    expect(new TextDecoder().decode(damagedImage())).toContain('not really a picture');
  });
});
