import './test-env';
import { buildTree, folderAt, normalisePath, type ArchiveEntry } from './model';

let next = 0;
const file = (path: string, size = 10): ArchiveEntry => ({ index: next++, path, directory: false, size, modified: null, encrypted: false });
const dir = (path: string): ArchiveEntry => ({ index: next++, path, directory: true, size: 0, modified: 1, encrypted: false });

describe('archive tree', () => {
  test('builds folders from flat paths, including folders the archive does not list', () => {
    const tree = buildTree([file('a/b/c.txt', 5), file('a/d.txt', 7), dir('a'), file('top.txt', 1), dir('empty')]);
    expect(tree.fileCount).toBe(3);
    expect(tree.totalSize).toBe(13);
    expect([...tree.root.folders.keys()]).toEqual(['a', 'empty']);
    const a = folderAt(tree, 'a');
    expect(a.entry?.modified).toBe(1);
    expect(a.files.map((entry) => entry.path)).toEqual(['a/d.txt']);
    expect(a.fileCount).toBe(2);
    expect(a.totalSize).toBe(12);
    const b = folderAt(tree, 'a/b');
    expect(b.path).toBe('a/b');
    expect(b.files.map((entry) => entry.path)).toEqual(['a/b/c.txt']);
    expect(folderAt(tree, 'empty').fileCount).toBe(0);
    expect(tree.root.files.map((entry) => entry.path)).toEqual(['top.txt']);
  });

  test('a path that no longer exists leads back to the root', () => {
    const tree = buildTree([file('x/y.txt')]);
    expect(folderAt(tree, 'x/nope')).toBe(tree.root);
  });

  test('a file listed twice is shown twice; unknown sizes count as zero', () => {
    const tree = buildTree([file('same.txt', 3), file('same.txt', -1)]);
    expect(tree.root.files).toHaveLength(2);
    expect(tree.totalSize).toBe(3);
  });

  test('names are shown as written: "../" stays visible, control characters and backslashes are made harmless', () => {
    expect(normalisePath('../../etc/passwd')).toBe('../../etc/passwd');
    expect(normalisePath('/abs//path/')).toBe('abs/path');
    expect(normalisePath('./rel\\win\\name.txt')).toBe('rel/win/name.txt');
    expect(normalisePath('bell\u0007\u202ename')).toBe('bell\ufffd\ufffdname');
    expect(normalisePath('x'.repeat(5000))).toHaveLength(1025);
  });
});
