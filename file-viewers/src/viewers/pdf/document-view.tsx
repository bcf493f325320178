import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import { DraftInput } from './draft-input';
import { findAll, firstMatchFrom, MAX_MATCHES, pageTextOf, stepMatch, type Match, type PageText } from './find';
import {
  CSS_UNITS,
  effectiveZoom,
  MAX_PAGES,
  pageWindow,
  PAGE_GAP,
  pageTops,
  pagesToRender,
  parsePageInput,
  parseZoomInput,
  pdfFailure,
  visiblePages,
  zoomIn,
  zoomOut,
  zoomPercent,
  type Zoom,
} from './logic';
import { PageView, type PageSize } from './page-view';
import type { PDFDocumentProxy } from './pdfjs';

export interface DocumentViewProps {
  doc: PDFDocumentProxy;
  /** The first page's size in points: every page's until its own is known. */
  firstSize: PageSize;
  label: string;
  onError: (error: unknown) => void;
}

const Icon = ({ d }: { d: string }) => (
  <svg className="cv-pdf-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);
const ICONS = {
  previous: 'M14.7 6.3 9 12l5.7 5.7-1.4 1.4L6.2 12l7.1-7.1z',
  next: 'M9.3 17.7 15 12 9.3 6.3l1.4-1.4 7.1 7.1-7.1 7.1z',
  minus: 'M5 11h14v2H5z',
  plus: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  fit: 'M3 5h18v2H3zm0 12h18v2H3zm4-8-4 3 4 3v-2h10v2l4-3-4-3v2H7z',
  find: 'M10 4a6 6 0 0 1 4.8 9.6l5.3 5.3-1.4 1.4-5.3-5.3A6 6 0 1 1 10 4m0 2a4 4 0 1 0 0 8 4 4 0 0 0 0-8',
  close: 'm6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z',
};

function ToolButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="cv-pdf-button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
    >
      {children}
    </button>
  );
}

/** The pages of an open document, with page navigation, zoom and find. */
export function DocumentView({ doc, firstSize, label, onError }: DocumentViewProps) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const count = Math.min(doc.numPages, MAX_PAGES);
  const scroller = useRef<HTMLDivElement>(null);
  const findInput = useRef<HTMLInputElement>(null);

  // Sizes and layout.
  const [sizes, setSizes] = useState<(PageSize | undefined)[]>([]);
  const [containerWidth, setContainerWidth] = useState(0);
  const [zoom, setZoom] = useState<Zoom>({ mode: 'fit-width' });
  const zoomValue = effectiveZoom(zoom, containerWidth, firstSize.width);
  const scale = zoomValue * CSS_UNITS;
  const heights = useMemo(
    () => Array.from({ length: count }, (_, i) => Math.floor((sizes[i] ?? firstSize).height * scale)),
    [count, sizes, firstSize, scale],
  );
  const tops = useMemo(() => pageTops(heights), [heights]);
  const [view, setView] = useState<{ pages: number[]; current: number }>({ pages: [1], current: 1 });
  const anchor = useRef({ page: 1, fraction: 0 });

  const onSize = useCallback((page: number, size: PageSize) => {
    setSizes((old) => {
      const known = old[page - 1];
      if (known && known.width === size.width && known.height === size.height) return old;
      const next = old.slice();
      next[page - 1] = size;
      return next;
    });
  }, []);
  const onFailed = useCallback(
    (page: number, error: unknown) => {
      if (page === 1) onError(pdfFailure(error));
    },
    [onError],
  );

  // Measured before the first paint, and pages drawn only then: fit width draws each page once.
  const [measured, setMeasured] = useState(false);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    setContainerWidth(element.clientWidth);
    setMeasured(true);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setContainerWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const next = visiblePages(tops, heights, element.scrollTop, element.clientHeight);
    const index = next.current - 1;
    if (index >= 0)
      anchor.current = { page: next.current, fraction: Math.max(0, (element.scrollTop - tops[index]!) / Math.max(1, heights[index]!)) };
    setView((old) => (old.current === next.current && old.pages.join() === next.pages.join() ? old : next));
  }, [tops, heights]);

  // After a zoom (or a resize under fit width) the same spot of the same page stays at the top.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const { page, fraction } = anchor.current;
    const index = Math.min(page, count) - 1;
    if (index >= 0 && (page > 1 || fraction > 0)) element.scrollTop = tops[index]! + fraction * heights[index]!;
    measure();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the scale changes: scrolling itself updates the anchor
  }, [scale]);

  useEffect(() => measure(), [measure]);

  const frame = useRef(0);
  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      measure();
    });
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const goTo = useCallback(
    (page: number) => {
      const element = scroller.current;
      const index = Math.min(Math.max(page, 1), count) - 1;
      if (!element || index < 0) return;
      element.scrollTop = Math.max(0, tops[index]! - PAGE_GAP / 2);
      anchor.current = { page: index + 1, fraction: 0 };
      const next = visiblePages(tops, heights, element.scrollTop, element.clientHeight);
      setView({ pages: next.pages.includes(index + 1) ? next.pages : [index + 1], current: index + 1 });
    },
    [count, tops, heights],
  );

  // Page box and zoom box: what the reader typed, once committed.
  const commitPage = (text: string) => {
    const page = parsePageInput(text, count);
    if (page) goTo(page);
  };
  const commitZoom = (text: string) => {
    const value = parseZoomInput(text);
    if (value) setZoom({ mode: 'fixed', value });
  };

  // Find: the text of every page (getTextContent, in page order), searched as it comes in.
  const [findOpen, setFindOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [searchFor, setSearchFor] = useState('');
  const texts = useRef(new Map<number, PageText>());
  const [indexed, setIndexed] = useState(0);
  const [selected, setSelected] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setSearchFor(query.trim()), 150);
    return () => clearTimeout(timer);
  }, [query]);

  const wantIndex = findOpen && searchFor !== '';
  useEffect(() => {
    if (!wantIndex || texts.current.size >= count) return;
    let stopped = false;
    void (async () => {
      for (let page = 1; page <= count && !stopped; page += 1) {
        if (texts.current.has(page)) continue;
        try {
          const content = await (await doc.getPage(page)).getTextContent();
          if (stopped) return;
          texts.current.set(page, pageTextOf(content.items as { str?: string; hasEOL?: boolean }[]));
        } catch {
          if (stopped) return;
          texts.current.set(page, { text: '', starts: [] });
        }
        setIndexed(texts.current.size);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [wantIndex, doc, count]);

  const matches = useMemo(
    () => (findOpen && searchFor ? findAll(texts.current, searchFor) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `indexed` counts the pages in `texts` (a ref that grows as pages are read)
    [findOpen, searchFor, indexed],
  );
  const byPage = useMemo(() => {
    const map = new Map<number, Match[]>();
    for (const match of matches) map.set(match.page, [...(map.get(match.page) ?? []), match]);
    return map;
  }, [matches]);

  const currentRef = useRef(view.current);
  currentRef.current = view.current;
  useEffect(() => setSelected(-1), [searchFor, findOpen]);
  useEffect(() => {
    if (selected === -1 && matches.length) setSelected(firstMatchFrom(matches, currentRef.current));
  }, [matches, selected]);

  const selectedMatch = selected >= 0 ? (matches[selected] ?? null) : null;
  const selectedPage = selectedMatch?.page ?? 0;
  const selectedKey = selectedMatch ? `${selectedMatch.page}:${selectedMatch.start}:${selectedMatch.end}` : '';
  useEffect(() => {
    if (selectedPage && !view.pages.includes(selectedPage)) goTo(selectedPage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- jump when the selection changes, not when the reader scrolls away from it
  }, [selectedKey]);

  const step = (direction: 1 | -1) => setSelected((current) => stepMatch(current, matches.length, direction));
  const searching = wantIndex && indexed < count;
  let findStatus = '';
  if (searchFor) {
    if (matches.length) {
      const key = matches.length >= MAX_MATCHES ? 'pdf.findCountMore' : 'pdf.findCount';
      findStatus = t(key, { current: Math.max(selected, 0) + 1, total: matches.length });
    } else if (searching) findStatus = t('pdf.findSearching', { done: indexed, count });
    else findStatus = t('pdf.findNone');
  }

  const openFind = () => {
    setFindOpen(true);
    requestAnimationFrame(() => {
      findInput.current?.focus();
      findInput.current?.select();
    });
  };
  const closeFind = () => {
    setFindOpen(false);
    scroller.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
      // A second Ctrl+F in the find box leaves it to the browser's own find.
      if (findOpen && document.activeElement === findInput.current) return;
      event.preventDefault();
      openFind();
    }
  };

  const active = useMemo(() => new Set(measured ? pagesToRender(view.pages, count) : []), [measured, view.pages, count]);
  const current = view.current;
  // Only the pages around the viewport are in the document; spacers stand for the others.
  const [from, to] = pageWindow(view.pages, count);
  const windowPages = useMemo(() => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i), [from, to]);
  const spaceAbove = from > 1 ? tops[from - 1]! - PAGE_GAP : 0;
  const spaceBelow = to < count ? tops[count - 1]! + heights[count - 1]! - (tops[to]! - PAGE_GAP) : 0;

  return (
    <div className="cv-pdf" data-testid="viewer-pdf" role="region" aria-label={label} onKeyDown={onKeyDown}>
      <div className="cv-pdf-toolbar" role="toolbar" aria-label={t('pdf.toolbar')}>
        <div className="cv-pdf-group">
          <ToolButton label={t('pdf.previousPage')} onClick={() => goTo(current - 1)} disabled={current <= 1}>
            <Icon d={ICONS.previous} />
          </ToolButton>
          <DraftInput
            className="cv-pdf-input cv-pdf-page-input"
            inputMode="numeric"
            label={t('pdf.pageNumber')}
            testId="pdf-page-input"
            value={String(current)}
            onCommit={commitPage}
          />
          <span className="cv-pdf-count" data-testid="pdf-page-count">
            {t('pdf.pageOf', { count })}
          </span>
          <ToolButton label={t('pdf.nextPage')} onClick={() => goTo(current + 1)} disabled={current >= count}>
            <Icon d={ICONS.next} />
          </ToolButton>
        </div>
        <div className="cv-pdf-group">
          <ToolButton label={t('pdf.zoomOut')} onClick={() => setZoom({ mode: 'fixed', value: zoomOut(zoomValue) })}>
            <Icon d={ICONS.minus} />
          </ToolButton>
          <DraftInput
            className="cv-pdf-input cv-pdf-zoom-input"
            label={t('pdf.zoomLevel')}
            testId="pdf-zoom-input"
            value={`${zoomPercent(zoomValue)}%`}
            onCommit={commitZoom}
          />
          <ToolButton label={t('pdf.zoomIn')} onClick={() => setZoom({ mode: 'fixed', value: zoomIn(zoomValue) })}>
            <Icon d={ICONS.plus} />
          </ToolButton>
          <ToolButton label={t('pdf.fitWidth')} onClick={() => setZoom({ mode: 'fit-width' })} pressed={zoom.mode === 'fit-width'}>
            <Icon d={ICONS.fit} />
          </ToolButton>
        </div>
        <div className="cv-pdf-group">
          <ToolButton label={t('pdf.find')} onClick={() => (findOpen ? closeFind() : openFind())} pressed={findOpen}>
            <Icon d={ICONS.find} />
          </ToolButton>
        </div>
      </div>
      {findOpen && (
        <div className="cv-pdf-find" role="search">
          <input
            ref={findInput}
            type="search"
            className="cv-pdf-input cv-pdf-find-input"
            aria-label={t('pdf.find')}
            placeholder={t('pdf.findPlaceholder')}
            data-testid="pdf-find-input"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                step(event.shiftKey ? -1 : 1);
              } else if (event.key === 'Escape') {
                event.preventDefault();
                closeFind();
              }
            }}
          />
          <span className="cv-pdf-find-status" role="status" aria-live="polite" data-testid="pdf-find-status">
            {findStatus}
          </span>
          <ToolButton label={t('pdf.findPrevious')} onClick={() => step(-1)} disabled={!matches.length}>
            <Icon d={ICONS.previous} />
          </ToolButton>
          <ToolButton label={t('pdf.findNext')} onClick={() => step(1)} disabled={!matches.length}>
            <Icon d={ICONS.next} />
          </ToolButton>
          <ToolButton label={t('pdf.findClose')} onClick={closeFind}>
            <Icon d={ICONS.close} />
          </ToolButton>
        </div>
      )}
      <div className="cv-pdf-scroller" ref={scroller} onScroll={onScroll} tabIndex={0} data-testid="pdf-pages">
        <div style={{ height: `${spaceAbove}px` }} aria-hidden="true" />
        {windowPages.map((number) => {
          const pageMatches = byPage.get(number);
          return (
            <PageView
              key={number}
              doc={doc}
              number={number}
              scale={scale}
              size={sizes[number - 1] ?? firstSize}
              active={active.has(number)}
              pageText={pageMatches ? texts.current.get(number) : undefined}
              matches={pageMatches ?? NO_MATCHES}
              selected={selectedMatch && selectedMatch.page === number ? selectedMatch : null}
              onSize={onSize}
              onFailed={onFailed}
            />
          );
        })}
        <div style={{ height: `${spaceBelow}px` }} aria-hidden="true" />
      </div>
    </div>
  );
}

const NO_MATCHES: readonly Match[] = [];
