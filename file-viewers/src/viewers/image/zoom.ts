/**
 * The zoom and pan of a picture in a box, as pure arithmetic. The picture is drawn at `scale` times
 * its (EXIF-oriented) natural size, its centre moved by `x`, `y` from the box's centre.
 */
export interface Size {
  width: number;
  height: number;
}

export interface View {
  scale: number;
  x: number;
  y: number;
}

/** Largest zoom: 16 screen pixels per image pixel. */
export const MAX_SCALE = 16;
/** One step of the buttons and keys. */
export const ZOOM_STEP = 1.25;

/** The scale that shows the whole picture in the box, never enlarged beyond its natural size. */
export function fitScale(natural: Size, box: Size): number {
  if (natural.width <= 0 || natural.height <= 0 || box.width <= 0 || box.height <= 0) return 1;
  return Math.min(1, box.width / natural.width, box.height / natural.height);
}

/** A scale kept between "the whole picture" (or 100 % when that is smaller) and MAX_SCALE. */
export function clampScale(scale: number, fit: number): number {
  const min = Math.min(fit, 1);
  if (!Number.isFinite(scale)) return min;
  return Math.min(Math.max(scale, min), Math.max(MAX_SCALE, min));
}

/** An offset that keeps the picture covering the box where it is larger, centred where it is smaller. */
export function clampPan(view: View, natural: Size, box: Size): View {
  const limit = (picture: number, room: number, offset: number) => {
    const spare = (picture - room) / 2;
    return spare <= 0 ? 0 : Math.min(spare, Math.max(-spare, offset));
  };
  return {
    scale: view.scale,
    x: limit(natural.width * view.scale, box.width, view.x),
    y: limit(natural.height * view.scale, box.height, view.y),
  };
}

/**
 * The view zoomed to `scale` (clamped) around `point` (relative to the box's centre): the picture's
 * pixel under the point stays under it, as a wheel or pinch expects.
 */
export function zoomAt(view: View, scale: number, point: { x: number; y: number }, natural: Size, box: Size): View {
  const next = clampScale(scale, fitScale(natural, box));
  const ratio = next / view.scale;
  return clampPan({ scale: next, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio }, natural, box);
}

/** The whole picture, centred. */
export function fitView(natural: Size, box: Size): View {
  return { scale: fitScale(natural, box), x: 0, y: 0 };
}

/** Double-click/tap: 100 % around the point when the picture is shown whole, else back to the whole picture. */
export function toggleView(view: View, point: { x: number; y: number }, natural: Size, box: Size): View {
  const fit = fitScale(natural, box);
  if (Math.abs(view.scale - fit) < 1e-3 && fit < 1) return zoomAt(view, 1, point, natural, box);
  if (Math.abs(view.scale - fit) < 1e-3) return zoomAt(view, Math.min(MAX_SCALE, 2), point, natural, box);
  return fitView(natural, box);
}

/** The box height that shows the picture whole at the box's width (at most `max`, at least `min`). */
export function stageHeight(natural: Size | null, width: number, min: number, max: number): number {
  if (!natural || natural.width <= 0 || natural.height <= 0 || width <= 0) return Math.min(max, Math.max(min, 320));
  const shown = natural.height * Math.min(1, width / natural.width);
  return Math.round(Math.min(max, Math.max(min, shown)));
}
