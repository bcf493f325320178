import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewerError } from '../../errors';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import type { ViewerProps } from '../../types';
import { useElementUrl } from '../../use-element-url';
import { clampPan, clampScale, fitScale, fitView, stageHeight, toggleView, zoomAt, ZOOM_STEP, type Size, type View } from './zoom';
import './image.css';

/** An SVG without its own size (only a viewBox) is laid out like a replaced element without one. */
const SVG_DEFAULT_SIZE: Size = { width: 300, height: 150 };
const MIN_STAGE = 160;
const PAN_STEP = 48;
const DOUBLE_TAP_MS = 300;

type Point = { x: number; y: number };
type Gesture =
  { kind: 'pan'; start: Point; view: View; moved: boolean } | { kind: 'pinch'; distance: number; center: Point; view: View } | null;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * A picture (raster or SVG) with zoom and pan. SVG is only ever an <img src>: in an image an SVG runs
 * no script and loads nothing. The size used for the arithmetic is the element's natural size,
 * which Chromium reports after EXIF orientation (`image-orientation: from-image`, the default).
 */
export default function ImageViewer({ source, kind, label, onError }: ViewerProps) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const url = useElementUrl(source, onError);
  const stageRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [natural, setNatural] = useState<Size | null>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [fitted, setFitted] = useState(true);
  const [maxStage, setMaxStage] = useState(() => (typeof window === 'undefined' ? 600 : Math.max(240, window.innerHeight * 0.75)));
  const state = useRef({ view, natural, box });
  state.current = { view, natural, box };
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const lastToggle = useRef(0);

  // A new file starts unmeasured and fitted.
  useEffect(() => {
    setNatural(null);
    setFitted(true);
  }, [source]);

  // The box follows the panel's width (and the window's height).
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const measure = () => {
      setBox((old) =>
        old.width === stage.clientWidth && old.height === stage.clientHeight
          ? old
          : { width: stage.clientWidth, height: stage.clientHeight },
      );
      setMaxStage(Math.max(240, window.innerHeight * 0.75));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [url]);

  // "Fit" follows the box; a chosen zoom stays, kept within bounds.
  useEffect(() => {
    if (!natural) return;
    if (fitted) setView(fitView(natural, box));
    else setView((old) => clampPan({ ...old, scale: clampScale(old.scale, fitScale(natural, box)) }, natural, box));
  }, [natural, box, fitted]);

  const change = useCallback((next: (current: View, size: Size, room: Size) => View) => {
    const { view: current, natural: size, box: room } = state.current;
    if (!size) return;
    setFitted(false);
    setView(next(current, size, room));
  }, []);

  const zoomBy = useCallback(
    (factor: number, point: Point = { x: 0, y: 0 }) =>
      change((current, size, room) => zoomAt(current, current.scale * factor, point, size, room)),
    [change],
  );
  const fit = useCallback(() => {
    setFitted(true);
    const { natural: size, box: room } = state.current;
    if (size) setView(fitView(size, room));
  }, []);
  const actualSize = useCallback(() => change((current, size, room) => zoomAt(current, 1, { x: 0, y: 0 }, size, room)), [change]);
  const toggle = useCallback((point: Point) => {
    const now = Date.now();
    if (now - lastToggle.current < DOUBLE_TAP_MS + 100) return;
    lastToggle.current = now;
    const { view: current, natural: size, box: room } = state.current;
    if (!size) return;
    const next = toggleView(current, point, size, room);
    setFitted(next.scale === fitScale(size, room) && next.x === 0 && next.y === 0);
    setView(next);
  }, []);

  /** A point of the page relative to the box's centre. */
  const local = useCallback((clientX: number, clientY: number): Point => {
    const rect = stageRef.current!.getBoundingClientRect();
    return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
  }, []);

  // Ctrl+wheel (and a trackpad's pinch, which Chromium sends as one) zooms; a plain wheel scrolls the page.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const delta = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
      zoomBy(Math.exp(-Math.max(-300, Math.min(300, delta)) * 0.002), local(event.clientX, event.clientY));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [url, zoomBy, local]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const [a, b] = [...pointers.current.values()];
    if (a && b)
      gesture.current = {
        kind: 'pinch',
        distance: Math.max(1, distance(a, b)),
        center: local(middle(a, b).x, middle(a, b).y),
        view: state.current.view,
      };
    else gesture.current = { kind: 'pan', start: point, view: state.current.view, moved: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    const { natural: size, box: room } = state.current;
    if (!current || !size) return;
    if (current.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const center = local(middle(a, b).x, middle(a, b).y);
      const zoomed = zoomAt(current.view, current.view.scale * (distance(a, b) / current.distance), current.center, size, room);
      setFitted(false);
      setView(clampPan({ ...zoomed, x: zoomed.x + center.x - current.center.x, y: zoomed.y + center.y - current.center.y }, size, room));
      return;
    }
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    if (!current.moved && Math.hypot(dx, dy) < 4) return;
    current.moved = true;
    const panned = clampPan({ ...current.view, x: current.view.x + dx, y: current.view.y + dy }, size, room);
    if (panned.x !== state.current.view.x || panned.y !== state.current.view.y) {
      setFitted(false);
      setView(panned);
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    const [rest] = [...pointers.current.values()];
    if (rest) {
      gesture.current = { kind: 'pan', start: rest, view: state.current.view, moved: true };
      return;
    }
    gesture.current = null;
    // A double tap on a touch screen toggles like a double click.
    if (event.pointerType !== 'mouse' && event.type === 'pointerup' && current?.kind === 'pan' && !current.moved) {
      const point = { x: event.clientX, y: event.clientY };
      const previous = lastTap.current;
      if (previous && Date.now() - previous.at < DOUBLE_TAP_MS && distance(previous.point, point) < 30) {
        lastTap.current = null;
        toggle(local(point.x, point.y));
      } else lastTap.current = { at: Date.now(), point };
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const pan = (dx: number, dy: number) =>
      change((current, size, room) => clampPan({ ...current, x: current.x + dx, y: current.y + dy }, size, room));
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      _: () => zoomBy(1 / ZOOM_STEP),
      '0': fit,
      '1': actualSize,
      ArrowLeft: () => pan(PAN_STEP, 0),
      ArrowRight: () => pan(-PAN_STEP, 0),
      ArrowUp: () => pan(0, PAN_STEP),
      ArrowDown: () => pan(0, -PAN_STEP),
    };
    const action = actions[event.key];
    if (!action) return;
    if (event.key.startsWith('Arrow') && !canPan) return;
    event.preventDefault();
    action();
  };

  const onLoad = (event: { currentTarget: HTMLImageElement }) => {
    const img = event.currentTarget;
    if (img.naturalWidth > 0 && img.naturalHeight > 0) setNatural({ width: img.naturalWidth, height: img.naturalHeight });
    else if (kind === 'svg') setNatural(SVG_DEFAULT_SIZE);
    else onError(new ViewerError('damaged', 'image without pixels'));
  };

  if (!url) return null;
  const shown = natural ? { width: natural.width * view.scale, height: natural.height * view.scale } : null;
  const canPan = !!shown && (shown.width > box.width + 0.5 || shown.height > box.height + 0.5);
  const fit_ = natural ? fitScale(natural, box) : 1;
  const percent = `${Math.round(view.scale * 100)}%`;

  return (
    <div className="cv-image cv-stack" data-testid="viewer-image" data-kind={kind}>
      <div className="cv-image__toolbar" role="toolbar" aria-label={t('image.toolbar')}>
        <button
          type="button"
          className="cc-button cc-button--small"
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          disabled={!natural || view.scale <= Math.min(fit_, 1) + 1e-6}
          aria-label={t('image.zoomOut')}
          title={t('image.zoomOut')}
          data-testid="image-zoom-out"
        >
          −
        </button>
        <output className="cv-image__percent" aria-live="polite" aria-label={t('image.zoomLevel')} data-testid="image-zoom-level">
          {natural ? percent : '…'}
        </output>
        <button
          type="button"
          className="cc-button cc-button--small"
          onClick={() => zoomBy(ZOOM_STEP)}
          disabled={!natural}
          aria-label={t('image.zoomIn')}
          title={t('image.zoomIn')}
          data-testid="image-zoom-in"
        >
          +
        </button>
        <button
          type="button"
          className="cc-button cc-button--small"
          onClick={fit}
          disabled={!natural}
          aria-pressed={fitted}
          data-testid="image-fit"
        >
          {t('image.fit')}
        </button>
        <button
          type="button"
          className="cc-button cc-button--small"
          onClick={actualSize}
          disabled={!natural}
          aria-pressed={!fitted && Math.abs(view.scale - 1) < 1e-6}
          data-testid="image-actual-size"
        >
          100%
        </button>
        {natural && (
          <span className="cv-image__size" data-testid="image-dimensions" title={t('image.dimensions')}>
            {natural === SVG_DEFAULT_SIZE ? t('image.noSize') : `${natural.width} × ${natural.height}`}
          </span>
        )}
      </div>
      <div
        ref={stageRef}
        className={`cv-image__stage${canPan ? ' cv-image__stage--pannable' : ''}`}
        style={{ height: stageHeight(natural, box.width, MIN_STAGE, maxStage) }}
        role="region"
        aria-label={label}
        aria-describedby={undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={(event) => toggle(local(event.clientX, event.clientY))}
        data-testid="image-stage"
      >
        <img
          className={shown ? 'cv-image__img' : 'cv-image__img cv-image__img--loading'}
          src={url}
          alt={source.name}
          draggable={false}
          decoding="async"
          onLoad={onLoad}
          onError={() => onError(new ViewerError('damaged', 'the image could not be decoded'))}
          style={
            shown
              ? {
                  width: shown.width,
                  height: shown.height,
                  transform: `translate(calc(-50% + ${view.x}px), calc(-50% + ${view.y}px))`,
                }
              : undefined
          }
          data-testid="preview-image"
        />
      </div>
      <p className="cv-image__hint">{t('image.hint')}</p>
    </div>
  );
}
