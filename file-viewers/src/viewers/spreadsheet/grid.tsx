import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SheetData } from './core';

/**
 * The sheet's grid, virtualized in both directions: only the rows and columns inside the scrolled
 * box (and a few around it) are in the DOM, so a 50,000 × 20 sheet costs the same as a 30 × 10 one.
 * Rows have one fixed height and each column a width estimated once from its first rows' text, so
 * the window is plain arithmetic (a division for rows, a binary search over the column offsets):
 * nothing is measured while scrolling. The column letters stay on top and the row numbers on the
 * left (position: sticky inside the one scroll box).
 */

export const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 28;
const OVERSCAN_ROWS = 8;
const OVERSCAN_COLUMNS = 3;
const MIN_COLUMN = 64;
const MAX_COLUMN = 280;
/** The box's size until it is measured (and in jsdom, where nothing has a size). */
const FALLBACK_WIDTH = 1024;
const FALLBACK_HEIGHT = 600;

/** "A" for 0, "Z" for 25, "AA" for 26… */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** A text's width in pixels at the grid's 13 px font, roughly: CJK and other wide characters count double. */
function textWidth(text: string): number {
  let width = 0;
  const length = Math.min(text.length, 60);
  for (let i = 0; i < length; i++) width += text.charCodeAt(i) > 0x2e80 ? 13 : 7.2;
  return width;
}

/** Each column's width from the text of its first 200 rows. */
export function columnWidths(sheet: SheetData): number[] {
  const widths = new Array<number>(sheet.colCount).fill(MIN_COLUMN);
  const sample = Math.min(sheet.rowCount, 200);
  for (let r = 0; r < sample; r++) {
    const row = sheet.rows[r];
    if (!row) continue;
    for (let c = 0; c < row.length && c < sheet.colCount; c++) {
      const text = row[c];
      if (!text) continue;
      const width = Math.min(MAX_COLUMN, Math.ceil(textWidth(text) + 18));
      if (width > (widths[c] as number)) widths[c] = width;
    }
  }
  return widths;
}

/** A number, an amount, a percentage or a date as shown: right-aligned, as spreadsheets do. */
const NUMERIC = /^(?:[-+(]?[$€£¥]?\s?\d[\d,.\s]*%?\)?|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4})$/;
export function looksNumeric(text: string): boolean {
  return text.length <= 40 && NUMERIC.test(text);
}

/** The index of the last offset ≤ x (offsets ascending, offsets[0] = 0). */
function indexAt(offsets: number[], x: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((offsets[middle] as number) <= x) low = middle;
    else high = middle - 1;
  }
  return low;
}

interface Merge {
  r1: number;
  c1: number;
  r2: number;
  c2: number;
}

interface View {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface GridProps {
  sheet: SheetData;
  /** The grid's accessible name. */
  label: string;
  /** Its element id (the tab panel points at it). */
  id?: string;
}

export function SheetGrid({ sheet, label, id }: GridProps) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ top: 0, left: 0, width: 0, height: 0 });
  const frame = useRef(0);

  const widths = useMemo(() => columnWidths(sheet), [sheet]);
  const offsets = useMemo(() => {
    const result = new Array<number>(widths.length + 1);
    result[0] = 0;
    for (let c = 0; c < widths.length; c++) result[c + 1] = (result[c] as number) + (widths[c] as number);
    return result;
  }, [widths]);
  const merges = useMemo(() => {
    const list: Merge[] = [];
    for (let m = 0; m + 3 < sheet.merges.length; m += 4) {
      list.push({
        r1: sheet.merges[m] as number,
        c1: sheet.merges[m + 1] as number,
        r2: sheet.merges[m + 2] as number,
        c2: sheet.merges[m + 3] as number,
      });
    }
    return list;
  }, [sheet]);

  const measure = useCallback(() => {
    const element = box.current;
    if (!element) return;
    setView((previous) => {
      const next = {
        top: element.scrollTop,
        left: element.scrollLeft,
        width: element.clientWidth,
        height: element.clientHeight,
      };
      return next.top === previous.top && next.left === previous.left && next.width === previous.width && next.height === previous.height
        ? previous
        : next;
    });
  }, []);

  useLayoutEffect(() => {
    measure();
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => measure());
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = useCallback(() => {
    if (typeof requestAnimationFrame === 'undefined') {
      measure();
      return;
    }
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  }, [measure]);

  const rowHeaderWidth = Math.max(44, String(sheet.rowCount).length * 8 + 20);
  const totalWidth = rowHeaderWidth + (offsets[offsets.length - 1] as number);
  const totalHeight = HEADER_HEIGHT + sheet.rowCount * ROW_HEIGHT;

  const width = view.width || FALLBACK_WIDTH;
  const height = view.height || FALLBACK_HEIGHT;
  const firstRow = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN_ROWS);
  const lastRow = Math.min(sheet.rowCount - 1, Math.ceil((view.top + height - HEADER_HEIGHT) / ROW_HEIGHT) + OVERSCAN_ROWS);
  const firstColumn = Math.max(0, Math.min(sheet.colCount - 1, indexAt(offsets, view.left)) - OVERSCAN_COLUMNS);
  const lastColumn = Math.min(sheet.colCount - 1, indexAt(offsets, view.left + width - rowHeaderWidth) + OVERSCAN_COLUMNS);

  // Merged ranges that reach into the window: drawn once, from their top-left cell, over the cells
  // they cover (which are left out).
  const shownMerges = merges.filter((m) => m.r2 >= firstRow && m.r1 <= lastRow && m.c2 >= firstColumn && m.c1 <= lastColumn);
  const covered = (r: number, c: number) => shownMerges.some((m) => r >= m.r1 && r <= m.r2 && c >= m.c1 && c <= m.c2);

  const headers: ReactNode[] = [];
  for (let c = firstColumn; c <= lastColumn; c++) {
    headers.push(
      <div
        key={c}
        role="columnheader"
        aria-colindex={c + 2}
        className="cv-spreadsheet-colhead"
        style={{ left: rowHeaderWidth + (offsets[c] as number), width: widths[c] }}
      >
        {columnName(c)}
      </div>,
    );
  }

  const rows: ReactNode[] = [];
  for (let r = firstRow; r <= lastRow; r++) {
    const data = sheet.rows[r];
    const cells: ReactNode[] = [];
    for (let c = firstColumn; c <= lastColumn; c++) {
      if (shownMerges.length > 0 && covered(r, c)) continue;
      const text = data?.[c];
      cells.push(
        <div
          key={c}
          role="gridcell"
          aria-colindex={c + 2}
          className={text && looksNumeric(text) ? 'cv-spreadsheet-cell cv-spreadsheet-number' : 'cv-spreadsheet-cell'}
          style={{ left: rowHeaderWidth + (offsets[c] as number), width: widths[c] }}
          title={text && text.length > 24 ? text : undefined}
        >
          {text}
        </div>,
      );
    }
    // A merged range is drawn in the first of its rows that is in the window.
    for (const m of shownMerges) {
      if (Math.max(m.r1, firstRow) !== r) continue;
      const text = sheet.rows[m.r1]?.[m.c1];
      cells.push(
        <div
          key={`m${m.r1}:${m.c1}`}
          role="gridcell"
          aria-colindex={m.c1 + 2}
          aria-colspan={m.c2 - m.c1 + 1}
          aria-rowspan={m.r2 - m.r1 + 1}
          className="cv-spreadsheet-cell cv-spreadsheet-merged"
          style={{
            left: rowHeaderWidth + (offsets[m.c1] as number),
            width: (offsets[m.c2 + 1] as number) - (offsets[m.c1] as number),
            top: (m.r1 - r) * ROW_HEIGHT,
            height: (m.r2 - m.r1 + 1) * ROW_HEIGHT,
          }}
          data-testid="spreadsheet-merged"
        >
          {text}
        </div>,
      );
    }
    rows.push(
      <div
        key={r}
        role="row"
        aria-rowindex={r + 2}
        className="cv-spreadsheet-row"
        style={{ top: HEADER_HEIGHT + r * ROW_HEIGHT, width: totalWidth }}
      >
        <div role="rowheader" className="cv-spreadsheet-rowhead" style={{ width: rowHeaderWidth }}>
          {r + 1}
        </div>
        {cells}
      </div>,
    );
  }

  return (
    <div
      ref={box}
      id={id}
      className="cv-spreadsheet-grid"
      role="grid"
      aria-label={label}
      aria-rowcount={sheet.rowCount + 1}
      aria-colcount={sheet.colCount + 1}
      aria-readonly="true"
      tabIndex={0}
      onScroll={onScroll}
      data-testid="spreadsheet-grid"
    >
      <div className="cv-spreadsheet-sizer" style={{ width: totalWidth, height: totalHeight }}>
        <div role="row" aria-rowindex={1} className="cv-spreadsheet-head" style={{ width: totalWidth, height: HEADER_HEIGHT }}>
          <div className="cv-spreadsheet-corner" style={{ width: rowHeaderWidth }} aria-hidden="true" />
          {headers}
        </div>
        {rows}
      </div>
    </div>
  );
}
