import { HttpError } from '../../http/http-error';
import { inspectFsPath, segmentProblem } from '@cloudclip/contract';
import { childPath, displayPath, parentPath, parseFileName, parseFsPath } from './fs-path';

function problemOf(raw: unknown): string | null {
  const result = inspectFsPath(raw);
  return 'problem' in result ? result.problem : null;
}

describe('fs path hardening', () => {
  it('accepts ordinary paths and keeps a single trailing slash as the directory flag', () => {
    expect(parseFsPath('/')).toEqual({ path: '/', isDirectory: true, segments: [] });
    expect(parseFsPath('/docs/a b.txt')).toEqual({ path: '/docs/a b.txt', isDirectory: false, segments: ['docs', 'a b.txt'] });
    expect(parseFsPath('/docs/team/')).toEqual({ path: '/docs/team', isDirectory: true, segments: ['docs', 'team'] });
    expect(parseFsPath('/照片/2024/猫.jpg').segments).toEqual(['照片', '2024', '猫.jpg']);
    expect(parseFsPath('/a/.hidden/file.').path).toBe('/a/.hidden/file.');
    expect(parseFsPath('/a/100% done.txt').path).toBe('/a/100% done.txt');
  });

  it('normalises to NFC once, so composed and decomposed spellings are the same path', () => {
    expect(parseFsPath('/cafe\u0301').path).toBe('/caf\u00e9');
  });

  // The paths refused, by the problem reported.
  const REFUSED: Record<string, unknown[]> = {
    notString: [undefined, 42],
    empty: [''],
    notAbsolute: ['docs/a'],
    emptySegment: ['/docs//a', '//docs', '/docs//'],
    dotSegment: ['/docs/../etc', '/docs/..', '/docs/./a', '/docs/.../a', '/docs/\uff0e\uff0e/a'],
    controlCharacter: ['/docs/a\u0000b', '/docs/a\nb', '/docs/a\u0085b'],
    backslash: ['/docs\\..\\etc'],
    encodedSeparator: ['/docs/%2e%2e/etc', '/docs/..%2Fetc', '/docs/a%2fb', '/docs/a%5Cb', '/docs/a%00'],
    slashLookalike: ['/docs\u2215..\u2215etc', '/docs\uff0f..', '/docs\u2044x', '/docs\ufe68x', '/docs\u29f8x'],
    invisibleCharacter: ['/docs/\u202eexe.txt', '/docs\u200b/a', '/docs\ufeff'],
  };

  it.each(Object.entries(REFUSED).flatMap(([problem, paths]) => paths.map((raw) => [raw, problem])))('refuses %j (%s)', (raw, problem) => {
    expect(problemOf(raw)).toBe(problem);
  });

  it('refuses a path over 1024 bytes and a segment over 255 bytes', () => {
    expect(problemOf(`/${'a'.repeat(1100)}`)).toBe('tooLong');
    expect(problemOf(`/docs/${'b'.repeat(256)}`)).toBe('segmentTooLong');
  });

  it('reports a refusal as HTTP 400 naming the field', () => {
    try {
      parseFsPath('/a/../b', 'oldPath');
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).params).toEqual({ field: 'oldPath', reason: 'dotSegment' });
    }
  });

  it('accepts the longest allowed path and segment, and refuses one byte more', () => {
    const segment = 'x'.repeat(255);
    expect(problemOf(`/${segment}`)).toBeNull();
    expect(problemOf(`/${segment}x`)).toBe('segmentTooLong');
    const long = `/${Array.from({ length: 4 }, () => 'y'.repeat(254)).join('/')}`; // 1020 bytes
    expect(Buffer.byteLength(long)).toBe(1020);
    expect(problemOf(`${long}/abc`)).toBeNull();
    expect(problemOf(`${long}/abcd`)).toBe('tooLong');
  });

  it('checks upload file names as single segments', () => {
    expect(parseFileName('report.pdf')).toBe('report.pdf');
    expect(() => parseFileName('../x')).toThrow(HttpError);
    expect(() => parseFileName('a/b')).toThrow(HttpError);
    expect(() => parseFileName('..')).toThrow(HttpError);
    expect(() => parseFileName('')).toThrow(HttpError);
    expect(segmentProblem('a\u2215b')).toBe('slashLookalike');
  });

  it('builds child, parent and display paths', () => {
    const dir = parseFsPath('/m/docs/');
    expect(displayPath(dir)).toBe('/m/docs/');
    const child = childPath(dir, 'a.txt');
    expect(displayPath(child)).toBe('/m/docs/a.txt');
    expect(displayPath(parentPath(child))).toBe('/m/docs/');
    expect(displayPath(parentPath(parseFsPath('/m')))).toBe('/');
  });
});
