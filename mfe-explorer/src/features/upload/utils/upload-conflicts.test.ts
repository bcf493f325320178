import { splitConflicts } from './upload-conflicts';

test('separates files that would replace existing ones', () => {
  const a = new File(['a'], 'a.txt');
  const b = new File(['b'], 'b.txt');
  expect(splitConflicts([a, b], new Set(['b.txt', 'c.txt']))).toEqual({ fresh: [a], conflicts: [b] });
  expect(splitConflicts([a], new Set())).toEqual({ fresh: [a], conflicts: [] });
});
