import { hasControlCharacter, inspectFsPath, MAX_SEGMENT_BYTES, segmentProblem, utf8ByteLength, withoutControlCharacters } from '../index';

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes as Node does', () => {
    for (const value of ['', 'abc', 'é', '猫', '😀', 'a\ud800b', '照片/2024']) {
      expect(utf8ByteLength(value)).toBe(Buffer.byteLength(value, 'utf8'));
    }
  });
});

describe('inspectFsPath', () => {
  it('parses a path into NFC segments with a directory flag', () => {
    expect(inspectFsPath('/docs/team/')).toEqual({ path: '/docs/team', isDirectory: true, segments: ['docs', 'team'] });
    expect(inspectFsPath('/cafe\u0301')).toEqual({ path: '/caf\u00e9', isDirectory: false, segments: ['caf\u00e9'] });
  });

  it.each([
    [42, 'notString'],
    ['', 'empty'],
    ['docs', 'notAbsolute'],
    ['/a\u0000b', 'controlCharacter'],
    ['/a\\b', 'backslash'],
    ['/a%2fb', 'encodedSeparator'],
    ['/a\uff0fb', 'slashLookalike'],
    ['/a\u202eb', 'invisibleCharacter'],
    ['/a//b', 'emptySegment'],
    ['/a/../b', 'dotSegment'],
  ])('refuses %j as %s', (raw, problem) => {
    expect(inspectFsPath(raw)).toEqual({ problem });
  });

  it('limits a segment to 255 bytes, counted in UTF-8', () => {
    expect(segmentProblem('猫'.repeat(85))).toBeNull();
    expect(segmentProblem('猫'.repeat(86))).toBe('segmentTooLong');
    expect(MAX_SEGMENT_BYTES).toBe(255);
  });
});

describe('control characters', () => {
  it('finds and removes C0, DEL and C1 characters, NUL included', () => {
    for (const value of ['a\u0000b', 'a\u001fb', 'a\u007fb', 'a\u0085b']) {
      expect(hasControlCharacter(value)).toBe(true);
      expect(withoutControlCharacters(value)).toBe('ab');
    }
    expect(hasControlCharacter('plain name.txt')).toBe(false);
    expect(withoutControlCharacters('x\u0000\u0000y\u0001')).toBe('xy');
  });
});
