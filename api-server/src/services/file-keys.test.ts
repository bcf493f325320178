import { HttpError } from '../http/http-error';
import { buildObjectKey, keySubPath, normalizeUploadPath, safeObjectName, splitExtension } from './file-keys';

describe('object keys of share uploads (contract §6.3)', () => {
  // Safe characters, CJK and the extension are kept, the rest becomes "_"; the base name is cut to 50
  // characters; the result is never empty, dot-only or hidden.
  it.each(
    Object.entries({
      'report (final), v2!.PDF': 'report (final), v2!.PDF',
      '报告 2025.docx': '报告 2025.docx',
      'a/b\\c<d>|e*f#%.txt': 'c_d__e_f__.txt',
      'emoji😀.txt': 'emoji_.txt',
      [`${'x'.repeat(80)}.txt`]: `${'x'.repeat(50)}.txt`,
      '..': '__',
      '.env': '_env',
      '###': '___',
      '': 'file',
    }),
  )('stores the upload named %j as %j', (name, safe) => {
    expect(safeObjectName(name)).toBe(safe);
  });

  it('splits the last extension off', () => {
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
