import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { computeWindow, scrollTopToReveal } from '../lib/virtual-window';

interface VirtualScrollerProps {
  rowCount: number;
  rowHeight: number;
  /** Draws row `index` (absolutely placed by the scroller). */
  renderRow: (index: number) => ReactNode;
  /** Called with the inner width when it changes (the grid derives its columns from it). */
  onWidth?: (width: number) => void;
  testId?: string;
  /** Row to bring into view and focus (its element with `[data-focus-key]` equal to `focusKey`). */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>, reveal: (row: number, focusSelector: string) => void) => void;
  /** Reset to the top when this changes (another folder). */
  resetKey?: string;
  /** Told the drawn rows `[start, end)` whenever they change (a paged list loads more near the end). */
  onRange?: (start: number, end: number) => void;
  children?: ReactNode;
}

/**
 * A small windowing list: only the rows in view (plus a few) are in the DOM, inside a spacer as tall
 * as all rows together. Rows have a fixed height. Keyboard moves can reveal and focus any row.
 * It adds no role: the rows it draws are owned by the list's grid around it.
 */
export function VirtualScroller({ rowCount, rowHeight, renderRow, onWidth, testId, onKeyDown, resetKey, onRange }: VirtualScrollerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const pendingFocus = useRef<string | null>(null);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      setViewport(element.clientHeight || 600);
      onWidth?.(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [onWidth]);

  useEffect(() => {
    if (ref.current) ref.current.scrollTop = 0;
    setScrollTop(0);
  }, [resetKey]);

  useLayoutEffect(() => {
    if (!pendingFocus.current || !ref.current) return;
    const target = ref.current.querySelector<HTMLElement>(pendingFocus.current);
    if (target) {
      target.focus();
      pendingFocus.current = null;
    }
  });

  const onScroll = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (ref.current) setScrollTop(ref.current.scrollTop);
    });
  };

  const reveal = (row: number, focusSelector: string) => {
    const element = ref.current;
    if (!element) return;
    const top = scrollTopToReveal(row, rowHeight, element.scrollTop, element.clientHeight);
    pendingFocus.current = focusSelector;
    if (top !== element.scrollTop) {
      element.scrollTop = top;
      setScrollTop(top);
    } else {
      setScrollTop((value) => value + 0); // re-render so the layout effect focuses
      const target = element.querySelector<HTMLElement>(focusSelector);
      if (target) {
        target.focus();
        pendingFocus.current = null;
      }
    }
  };

  const { start, end, offsetTop, totalHeight } = computeWindow({ scrollTop, viewportHeight: viewport, rowHeight, rowCount, overscan: 8 });
  useEffect(() => {
    onRange?.(start, end);
  }, [onRange, start, end]);

  const rows: ReactNode[] = [];
  for (let index = start; index < end; index += 1) rows.push(renderRow(index));

  return (
    <div
      ref={ref}
      className="ce-scroller"
      data-testid={testId}
      data-total-rows={rowCount}
      onScroll={onScroll}
      onKeyDown={onKeyDown ? (event) => onKeyDown(event, reveal) : undefined}
    >
      <div className="ce-scroller__spacer" style={{ height: totalHeight }}>
        <div className="ce-scroller__window" style={{ transform: `translateY(${offsetTop}px)` }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
