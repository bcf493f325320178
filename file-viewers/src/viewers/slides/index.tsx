import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewerError } from '../../errors';
import { ViewerLoading } from '../../file-viewer';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import { openPackage } from '../../lib/package-zip';
import { readBytes } from '../../source';
import type { ViewerProps } from '../../types';
import { MAX_FILE_BYTES, type Deck, type Paragraph, type Run, type Slide, type SlideItem } from './model';
import { readOdp } from './odp';
import { readPptx } from './pptx';
import './slides.css';

/** Points of text without a size of their own (PowerPoint's and Impress's default). */
const DEFAULT_SIZE_PT = 18;

/** Reads a .pptx or .odp file into a deck (by its content, not its name). */
export async function readDeck(bytes: Uint8Array): Promise<Deck> {
  const parts = await openPackage(bytes);
  if (parts.has('ppt/presentation.xml') || parts.has('[Content_Types].xml')) return readPptx(parts);
  if (parts.has('content.xml')) return readOdp(parts);
  throw new ViewerError('damaged', 'neither a .pptx nor an .odp package');
}

/**
 * blob: URLs of the deck's pictures, made when a slide first shows them and freed with the deck (a
 * moment after, so a remount of the same deck — React's strict mode — keeps the URLs it still shows).
 */
function useImageUrls(deck: Deck | null): (part: string) => string | null {
  const cache = useMemo(
    () => ({ deck, urls: new Map<string, string | null>(), release: undefined as ReturnType<typeof setTimeout> | undefined }),
    [deck],
  );
  useEffect(() => {
    clearTimeout(cache.release);
    return () => {
      cache.release = setTimeout(() => {
        for (const url of cache.urls.values()) if (url) URL.revokeObjectURL(url);
        cache.urls.clear();
      }, 0);
    };
  }, [cache]);
  return useCallback(
    (part: string) => {
      const { urls } = cache;
      if (!urls.has(part)) {
        const blob = cache.deck?.image(part) ?? null;
        urls.set(part, blob ? URL.createObjectURL(blob) : null);
      }
      return urls.get(part) ?? null;
    },
    [cache],
  );
}

/**
 * A text size in points, drawn as a share of the slide's width: the slide is a size container and
 * its CSS turns `--cv-slides-pt` into `font-size` (slides.css), so text scales with the slide.
 */
function sized(points: number): CSSProperties {
  return { ['--cv-slides-pt' as string]: String(Math.round(points * 100) / 100) };
}

function RunView({ run }: { run: Run }) {
  if (run.lineBreak) return <br />;
  const style: CSSProperties = {};
  if (run.bold) style.fontWeight = 700;
  if (run.italic) style.fontStyle = 'italic';
  if (run.underline) style.textDecoration = 'underline';
  if (run.color) style.color = run.color;
  if (run.size) Object.assign(style, sized(run.size));
  return (
    <span className={run.size ? 'cv-slides-sized' : undefined} style={style}>
      {run.text || '\u00a0'}
    </span>
  );
}

function ParagraphView({ paragraph, defaultSize }: { paragraph: Paragraph; defaultSize: number }) {
  const size = paragraph.runs.find((run) => run.size)?.size ?? defaultSize;
  const style: CSSProperties = sized(size);
  if (paragraph.align) style.textAlign = paragraph.align;
  if (paragraph.level > 0) style.marginLeft = `${paragraph.level * 1.5}em`;
  if (paragraph.bullet) {
    // A hanging indent: wrapped lines start under the text, not under the bullet.
    style.paddingLeft = '1.2em';
    style.textIndent = '-1.2em';
  }
  const bulletColour = paragraph.runs.find((run) => run.color)?.color;
  return (
    <div className="cv-slides-p cv-slides-sized" style={style}>
      {paragraph.bullet && (
        <span className="cv-slides-bullet" aria-hidden="true" style={bulletColour ? { color: bulletColour } : undefined}>
          {paragraph.bullet}
        </span>
      )}
      {paragraph.runs.map((run, index) => (
        <RunView key={index} run={run} />
      ))}
    </div>
  );
}

function boxStyle(item: SlideItem): CSSProperties {
  const { box } = item;
  const style: CSSProperties = { left: `${box.x}%`, top: `${box.y}%`, width: `${box.w}%`, height: `${box.h}%` };
  if (box.rotation) style.transform = `rotate(${box.rotation}deg)`;
  return style;
}

function ItemView({ item, imageUrl }: { item: SlideItem; imageUrl: (part: string) => string | null }) {
  const style = boxStyle(item);
  if (item.type === 'image') {
    const src = imageUrl(item.part);
    return src ? <img className="cv-slides-item cv-slides-img" style={style} src={src} alt={item.alt} draggable={false} /> : null;
  }
  if (item.type === 'table') {
    return (
      <div className="cv-slides-item cv-slides-table-box" style={style}>
        <table className="cv-slides-table cv-slides-sized" style={sized(DEFAULT_SIZE_PT)}>
          <tbody>
            {item.rows.map((row, r) => (
              <tr key={r}>
                {row.cells.map((cell, c) => (
                  <td key={c} colSpan={cell.colSpan} rowSpan={cell.rowSpan} style={cell.fill ? { background: cell.fill } : undefined}>
                    {cell.paragraphs.map((paragraph, p) => (
                      <ParagraphView key={p} paragraph={paragraph} defaultSize={DEFAULT_SIZE_PT} />
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  if (item.fill) style.background = item.fill;
  if (item.border) style.border = `1px solid ${item.border}`;
  if (item.shape === 'ellipse') style.borderRadius = '50%';
  else if (item.shape === 'round') style.borderRadius = '8%';
  if (item.nowrap) style.whiteSpace = 'pre';
  style.justifyContent = item.anchor === 'middle' ? 'center' : item.anchor === 'bottom' ? 'flex-end' : 'flex-start';
  return (
    <div className="cv-slides-item cv-slides-text" style={style}>
      {item.paragraphs.map((paragraph, index) => (
        <ParagraphView key={index} paragraph={paragraph} defaultSize={item.defaultSize ?? DEFAULT_SIZE_PT} />
      ))}
    </div>
  );
}

function SlideView({
  deck,
  slide,
  imageUrl,
  label,
}: {
  deck: Deck;
  slide: Slide;
  imageUrl: (part: string) => string | null;
  label: string;
}) {
  const background = slide.backgroundPart ? imageUrl(slide.backgroundPart) : null;
  return (
    <div
      className="cv-slides-slide"
      role="group"
      aria-label={label}
      data-testid="slides-slide"
      style={{
        aspectRatio: `${deck.width} / ${deck.height}`,
        ['--cv-slides-width' as string]: String(Math.round(deck.width * 100) / 100),
        // As wide as the panel, never taller than the screen leaves room for.
        maxWidth: `calc((100dvh - 180px) * ${(deck.width / deck.height).toFixed(4)})`,
        background: slide.background ?? '#ffffff',
      }}
    >
      {background && <img className="cv-slides-bg" src={background} alt="" draggable={false} />}
      {slide.items.map((item, index) => (
        <ItemView key={index} item={item} imageUrl={imageUrl} />
      ))}
    </div>
  );
}

/**
 * Slides (.pptx, .odp) one at a time, scaled to the panel's width, with previous/next buttons, the
 * ← → keys, a swipe on touch screens and a numbered list to jump. Drawn from the file in the page:
 * text as text (selectable), pictures as blob: URLs of the package's own images, nothing fetched.
 */
export default function SlidesViewer({ source, label, onError }: ViewerProps) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const [deck, setDeck] = useState<Deck | null>(null);
  const [index, setIndex] = useState(0);
  const reportError = useRef(onError);
  reportError.current = onError;

  useEffect(() => {
    const controller = new AbortController();
    let active = true;
    setDeck(null);
    setIndex(0);
    readBytes(source, { signal: controller.signal, maxBytes: MAX_FILE_BYTES })
      .then(readDeck)
      .then((result) => active && setDeck(result))
      .catch((error: unknown) => {
        if (active && (error as Error)?.name !== 'AbortError') reportError.current(error);
      });
    return () => {
      active = false;
      controller.abort();
    };
  }, [source]);

  const imageUrl = useImageUrls(deck);
  const total = deck?.count ?? 0;
  const go = useCallback((to: number) => setIndex(() => Math.max(0, Math.min(total - 1, to))), [total]);

  const root = useRef<HTMLDivElement>(null);
  const hintId = useId();
  /** The button pressed is disabled at the first/last slide: focus stays in the viewer for the keys. */
  const step = (to: number) => {
    go(to);
    if (to <= 0 || to >= total - 1) root.current?.focus();
  };

  const strip = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = strip.current;
    const chip = list?.children[index] as HTMLElement | undefined;
    if (list && chip) list.scrollLeft = chip.offsetLeft - (list.clientWidth - chip.offsetWidth) / 2;
  }, [index]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      PageDown: index + 1,
      ArrowLeft: index - 1,
      PageUp: index - 1,
      Home: 0,
      End: total - 1,
    };
    const to = moves[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    go(to);
  };

  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStart.current = event.pointerType === 'touch' ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(event.clientY - start.y) * 1.5) go(dx < 0 ? index + 1 : index - 1);
  };

  const slide = useMemo(() => (deck && index < deck.count ? deck.slide(index) : undefined), [deck, index]);
  const counter = useMemo(() => t('slides.counter', { current: index + 1, total }), [t, index, total]);

  if (!deck) return <ViewerLoading />;

  return (
    <div
      className="cv-slides"
      data-testid="viewer-slides"
      role="region"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-describedby={hintId}
      ref={root}
    >
      <span id={hintId} className="cc-visually-hidden">
        {t('slides.keyboardHint')}
      </span>
      {total === 0 ? (
        <p className="cv-slides-note">{t('slides.empty')}</p>
      ) : (
        <>
          <div className="cv-slides-bar">
            <button
              type="button"
              className="cc-button cv-slides-nav"
              onClick={() => step(index - 1)}
              disabled={index === 0}
              data-testid="slides-previous"
            >
              <span aria-hidden="true">‹ </span>
              {t('slides.previous')}
            </button>
            <span className="cv-slides-counter" aria-live="polite" data-testid="slides-counter">
              {counter}
            </span>
            <button
              type="button"
              className="cc-button cv-slides-nav"
              onClick={() => step(index + 1)}
              disabled={index >= total - 1}
              data-testid="slides-next"
            >
              {t('slides.next')}
              <span aria-hidden="true"> ›</span>
            </button>
          </div>
          <div className="cv-slides-stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
            {slide?.unreadable && <p className="cv-slides-note">{t('slides.unreadable')}</p>}
            {slide && (
              <SlideView
                key={index}
                deck={deck}
                slide={slide}
                imageUrl={imageUrl}
                label={t('slides.slideLabel', { current: index + 1, total })}
              />
            )}
          </div>
          {total > 1 && (
            <ol className="cv-slides-strip" ref={strip} aria-label={t('slides.slideList')}>
              {Array.from({ length: total }, (_, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="cv-slides-chip"
                    aria-current={i === index ? 'true' : undefined}
                    aria-label={t('slides.goTo', { number: i + 1 })}
                    onClick={() => go(i)}
                  >
                    {i + 1}
                  </button>
                </li>
              ))}
            </ol>
          )}
          {deck.omitted > 0 && <p className="cv-slides-note">{t('slides.omitted', { shown: total, count: deck.omitted })}</p>}
        </>
      )}
    </div>
  );
}
