import { clampPan, clampScale, fitScale, fitView, MAX_SCALE, stageHeight, toggleView, zoomAt } from './zoom';

const photo = { width: 4000, height: 3000 };
const box = { width: 800, height: 600 };

describe('zoom arithmetic', () => {
  test('fit shows the whole picture and never enlarges a small one', () => {
    expect(fitScale(photo, box)).toBe(0.2);
    expect(fitScale({ width: 3000, height: 4000 }, box)).toBe(0.15);
    expect(fitScale({ width: 24, height: 16 }, box)).toBe(1);
    expect(fitScale({ width: 0, height: 0 }, box)).toBe(1);
  });

  test('zoom stays between the whole picture and the largest zoom', () => {
    expect(clampScale(0.01, 0.2)).toBe(0.2);
    expect(clampScale(100, 0.2)).toBe(MAX_SCALE);
    expect(clampScale(3, 0.2)).toBe(3);
    expect(clampScale(Number.NaN, 0.2)).toBe(0.2);
    // A picture smaller than the box may be shown at 100 % but not below.
    expect(clampScale(0.5, 1)).toBe(1);
  });

  test('pan keeps a zoomed picture covering the box and a small one centred', () => {
    // At 100 % the photo is 4000×3000 in 800×600: 1600/1200 px to spare each side.
    expect(clampPan({ scale: 1, x: 5000, y: -5000 }, photo, box)).toEqual({ scale: 1, x: 1600, y: -1200 });
    expect(clampPan({ scale: 1, x: 100, y: 50 }, photo, box)).toEqual({ scale: 1, x: 100, y: 50 });
    expect(clampPan({ scale: 0.2, x: 100, y: 50 }, photo, box)).toEqual({ scale: 0.2, x: 0, y: 0 });
  });

  test('zooming around a point keeps the pixel under it in place', () => {
    const start = fitView(photo, box);
    const point = { x: 200, y: -100 };
    const zoomed = zoomAt(start, 1, point, photo, box);
    expect(zoomed.scale).toBe(1);
    // The picture pixel under the point: (point - offset) / scale, the same before and after.
    expect((point.x - zoomed.x) / zoomed.scale).toBeCloseTo((point.x - start.x) / start.scale);
    expect((point.y - zoomed.y) / zoomed.scale).toBeCloseTo((point.y - start.y) / start.scale);
    expect(zoomAt(start, 0.01, point, photo, box)).toEqual({ scale: 0.2, x: 0, y: 0 });
  });

  test('double click goes to 100 % from fit and back to fit from any zoom', () => {
    const fitted = fitView(photo, box);
    expect(toggleView(fitted, { x: 0, y: 0 }, photo, box)).toEqual({ scale: 1, x: 0, y: 0 });
    expect(toggleView({ scale: 3, x: 10, y: 10 }, { x: 0, y: 0 }, photo, box)).toEqual(fitted);
    // A small picture already at 100 %: doubled.
    expect(toggleView({ scale: 1, x: 0, y: 0 }, { x: 0, y: 0 }, { width: 24, height: 16 }, box).scale).toBe(2);
  });

  test('the box is as tall as the picture shown at its width, within bounds', () => {
    expect(stageHeight({ width: 24, height: 16 }, 800, 160, 600)).toBe(160);
    expect(stageHeight({ width: 1600, height: 800 }, 800, 160, 600)).toBe(400);
    expect(stageHeight({ width: 800, height: 3000 }, 800, 160, 600)).toBe(600);
    expect(stageHeight(null, 800, 160, 600)).toBe(320);
  });
});
