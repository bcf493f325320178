import { HttpError } from '../http/http-error';
import { buildObjectKey, keySubPath, normalizeUploadPath, safeObjectName, splitExtension } from './file-keys';

describe('object keys of share uploads (contract §6.3)', () => {
  it('keeps safe characters, CJK and the extension; replaces the rest by "_"', () => {
    expect(safeObjectName('report (final), v2!.PDF')).toBe('report (final), v2!.PDF');
    expect(safeObjectName('报告 2025.docx')).toBe('报告 2025.docx');
    expect(safeObjectName('a/b\\c<d>|e*f#%.txt')).toBe('c_d__e_f__.txt');
    expect(safeObjectName('emoji😀.txt')).toBe('emoji_.txt');
  });

  it('cuts the base name to 50 characters and never yields an empty, dot-only or hidden name', () => {
    expect(safeObjectName(`${'x'.repeat(80)}.txt`)).toBe(`${'x'.repeat(50)}.txt`);
    expect(safeObjectName('..')).toBe('__');
    expect(safeObjectName('.env')).toBe('_env');
    expect(safeObjectName('###')).toBe('___');
    expect(safeObjectName('')).toBe('file');
    expect(splitExtension('archive.tar.gz')).toEqual({ base: 'archive.tar', extension: '.gz' });
  });

  it('joins key sub-path, default folder, path and "<6-char id>-<name>"', () => {
    const key = buildObjectKey({ subPath: 'team/docs', defaultFolder: '/shares/', path: 'a/b', filename: 'x.txt', randomPrefix: true });
    expect(key).toMatch(/^team\/docs\/shares\/a\/b\/[a-z0-9]{6}-x\.txt$/);
    expect(buildObjectKey({ subPath: '', defaultFolder: '', path: '', filename: 'x.txt', randomPrefix: false })).toBe('x.txt');
  });

  it('normalises the upload path and refuses traversal', () => {
    expect(normalizeUploadPath(' /a//b/ ')).toBe('a/b');
    expect(normalizeUploadPath(undefined)).toBe('');
    for (const bad of ['../x', 'a/./b', 'a\\b', 'a/\u0000']) expect(() => normalizeUploadPath(bad)).toThrow(HttpError);
  });

  it('derives the key sub-path of a basic path from the deepest mount holding it', () => {
    const mounts = [
      { mount_path: '/team', is_active: 1 },
      { mount_path: '/team/docs', is_active: 1 },
    ];
    expect(keySubPath(mounts, '/team/docs/2025/')).toBe('2025');
    expect(keySubPath(mounts, '/team/other')).toBe('other');
    expect(keySubPath([{ mount_path: '/team/docs/inner', is_active: 1 }], '/team/docs')).toBe('');
    expect(keySubPath(mounts, '/elsewhere')).toBeNull();
    expect(keySubPath([{ mount_path: '/team', is_active: 0 }], '/team/x')).toBeNull();
  });
});
