import { memo, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import { itemRanges, type Match, type PageText } from './find';
import { outputScale } from './logic';
import { TextLayer, type PDFDocumentProxy, type PDFPageProxy, type RenderTask } from './pdfjs';

export interface PageSize {
  width: number;
  height: number;
}

export interface PageViewProps {
  doc: PDFDocumentProxy;
  /** 1-based. */
  number: number;
  /** CSS pixels per PDF point (zoom × 96/72). */
  scale: number;
  /** The page's size in points (its own once known, else the first page's). */
  size: PageSize;
  /** Near the viewport: render the canvas and the text layer; otherwise only the empty sheet. */
  active: boolean;
  /** The find index of this page and its matches (the selected one scrolls into view). */
  pageText: PageText | undefined;
  matches: readonly Match[];
  selected: Match | null;
  onSize: (page: number, size: PageSize) => void;
  onFailed: (page: number, error: unknown) => void;
}

/** Frees the bitmaps of a holder's canvases at once (not when the garbage collector gets to them). */
function releaseCanvases(holder: HTMLElement) {
  for (const old of holder.querySelectorAll('canvas')) {
    old.width = 0;
    old.height = 0;
  }
}

const isCancel = (error: unknown) => /RenderingCancelledException|AbortException/.test((error as Error | null)?.name ?? '');

/** Puts the text of each text-layer span back as pdf.js wrote it, then marks the matches in it. */
function highlight(
  layer: TextLayer,
  pageText: PageText | undefined,
  matches: readonly Match[],
  selected: Match | null,
): HTMLElement | null {
  const divs = layer.textDivs;
  const strings = layer.textContentItemsStr;
  for (let i = 0; i < divs.length; i += 1) {
    const div = divs[i]!;
    if (div.dataset.marked) {
      div.textContent = strings[i] ?? '';
      delete div.dataset.marked;
    }
  }
  if (!pageText || !matches.length) return null;
  const lengths = strings.map((text) => text.length);
  const byItem = new Map<number, { from: number; to: number; selected: boolean }[]>();
  for (const match of matches) {
    const isSelected = !!selected && match.start === selected.start && match.end === selected.end;
    for (const range of itemRanges(pageText, match, lengths)) {
      const list = byItem.get(range.item) ?? [];
      list.push({ from: range.from, to: range.to, selected: isSelected });
      byItem.set(range.item, list);
    }
  }
  let selectedElement: HTMLElement | null = null;
  for (const [item, ranges] of byItem) {
    const div = divs[item];
    const text = strings[item];
    if (!div || text === undefined) continue;
    ranges.sort((a, b) => a.from - b.from);
    const fragment = document.createDocumentFragment();
    let at = 0;
    for (const range of ranges) {
      if (range.from < at) continue;
      if (range.from > at) fragment.append(text.slice(at, range.from));
      const mark = document.createElement('span');
      mark.className = range.selected ? 'cv-pdf-hit cv-pdf-hit--selected' : 'cv-pdf-hit';
      mark.textContent = text.slice(range.from, range.to);
      if (range.selected && !selectedElement) selectedElement = mark;
      fragment.append(mark);
      at = range.to;
    }
    if (at < text.length) fragment.append(text.slice(at));
    div.replaceChildren(fragment);
    div.dataset.marked = '1';
  }
  return selectedElement;
}

/**
 * One page: an empty white sheet of the page's size, and — while it is near the viewport — its
 * canvas and its text layer (selectable text the browser's own find sees). Far from the viewport
 * the canvas is released, so memory stays bounded however long the document is.
 */
function PageViewImpl({ doc, number, scale, size, active, pageText, matches, selected, onSize, onFailed }: PageViewProps) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const canvasHolder = useRef<HTMLDivElement>(null);
  const textHolder = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const [textLayer, setTextLayer] = useState<TextLayer | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  const activeRef = useRef(active);
  activeRef.current = active;
  const live = active ? page : null;

  useEffect(() => {
    if (!active || page) return;
    let cancelled = false;
    doc.getPage(number).then(
      (loaded) => {
        if (cancelled) return;
        const viewport = loaded.getViewport({ scale: 1 });
        onSize(number, { width: viewport.width, height: viewport.height });
        setPage(loaded);
      },
      (error: unknown) => {
        if (cancelled) return;
        setFailed(true);
        onFailed(number, error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [active, page, doc, number, onSize, onFailed]);

  // The canvas, drawn again at each zoom; the previous one stays (stretched) until the new one is ready.
  useEffect(() => {
    const holder = canvasHolder.current;
    if (!holder) return;
    if (!live) {
      releaseCanvases(holder);
      holder.replaceChildren();
      setDrawn(false);
      return;
    }
    const viewport = live.getViewport({ scale });
    const ratio = outputScale(viewport.width, viewport.height, window.devicePixelRatio || 1);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
    canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
    canvas.setAttribute('aria-hidden', 'true');
    let task: RenderTask | null = null;
    try {
      task = live.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined, background: '#ffffff' });
    } catch (error) {
      setFailed(true);
      onFailed(number, error);
      return;
    }
    let done = false;
    task.promise.then(
      () => {
        done = true;
        releaseCanvases(holder);
        holder.replaceChildren(canvas);
        setDrawn(true);
      },
      (error: unknown) => {
        if (isCancel(error)) return;
        setFailed(true);
        onFailed(number, error);
      },
    );
    return () => {
      if (!done) {
        task?.cancel();
        canvas.width = 0;
        canvas.height = 0;
      }
      if (!activeRef.current) live.cleanup();
    };
  }, [live, scale, number, onFailed]);

  // Leaving the DOM (scrolled or jumped far away): the bitmaps and the page's parsed data go now.
  const pageRef = useRef(page);
  pageRef.current = page;
  useEffect(() => {
    const holder = canvasHolder.current;
    return () => {
      if (holder) releaseCanvases(holder);
      try {
        pageRef.current?.cleanup();
      } catch {
        // The document is being destroyed with the viewer: nothing left to free.
      }
    };
  }, []);

  // The text layer: positioned in percentages and sized by --total-scale-factor, so zooming does not
  // rebuild it.
  useEffect(() => {
    const holder = textHolder.current;
    if (!holder || !live) return;
    holder.replaceChildren();
    const layer = new TextLayer({
      textContentSource: live.streamTextContent(),
      container: holder,
      viewport: live.getViewport({ scale: scaleRef.current }),
    });
    let cancelled = false;
    layer.render().then(
      () => !cancelled && setTextLayer(layer),
      () => undefined,
    );
    return () => {
      cancelled = true;
      layer.cancel();
      holder.replaceChildren();
      setTextLayer(null);
    };
  }, [live]);

  // The selected match scrolls into view once, when it is selected (or its page is drawn).
  const scrolledTo = useRef('');
  useEffect(() => {
    if (!textLayer) {
      scrolledTo.current = '';
      return;
    }
    const target = highlight(textLayer, pageText, matches, selected);
    const key = selected ? `${selected.start}:${selected.end}` : '';
    if (target && key !== scrolledTo.current) target.scrollIntoView?.({ block: 'center', inline: 'nearest' });
    scrolledTo.current = target ? key : '';
  }, [textLayer, pageText, matches, selected]);

  const style = {
    width: `${Math.floor(size.width * scale)}px`,
    height: `${Math.floor(size.height * scale)}px`,
    '--total-scale-factor': String(scale),
  } as CSSProperties;
  return (
    <div
      className="cv-pdf-page"
      role="group"
      aria-label={t('pdf.page', { page: number })}
      data-page-number={number}
      data-rendered={drawn ? 'true' : 'false'}
      style={style}
    >
      <div className="cv-pdf-canvas" ref={canvasHolder} />
      <div className="cv-pdf-text" ref={textHolder} />
      {failed ? (
        <p className="cv-pdf-page-note">{t('pdf.pageFailed', { page: number })}</p>
      ) : (
        !drawn &&
        active && (
          <span className="cv-pdf-page-note" aria-hidden="true">
            {t('pdf.pageLoading', { page: number })}
          </span>
        )
      )}
    </div>
  );
}

export const PageView = memo(PageViewImpl);
