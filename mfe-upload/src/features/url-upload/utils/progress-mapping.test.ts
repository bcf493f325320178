import { overallPercent } from './progress-mapping';

test('maps the download to 0–49 % and the upload to 50–99 %', () => {
  expect(overallPercent('download', 0)).toBe(0);
  expect(overallPercent('download', 0.5)).toBe(24);
  expect(overallPercent('download', 1)).toBe(49);
  expect(overallPercent('upload', 0)).toBe(50);
  expect(overallPercent('upload', 0.5)).toBe(74);
  expect(overallPercent('upload', 1)).toBe(99);
});

test('clamps out-of-range and unknown fractions', () => {
  expect(overallPercent('download', 2)).toBe(49);
  expect(overallPercent('upload', -1)).toBe(50);
  expect(overallPercent('download', Number.NaN)).toBe(0);
});

test('never goes backwards from the download to the upload stage', () => {
  const download = [0, 0.3, 0.99, 1].map((fraction) => overallPercent('download', fraction));
  const upload = [0, 0.01, 0.7, 1].map((fraction) => overallPercent('upload', fraction));
  const all = [...download, ...upload];
  expect(all).toEqual([...all].sort((a, b) => a - b));
});
