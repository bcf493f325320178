/**
 * The part of the spreadsheet viewer that reads a file: SheetJS (workbooks) or Papa Parse (CSV/TSV)
 * in, sheets of display text out. It runs in a Web Worker made from a blob: URL (reader.ts puts
 * `readWorkbook` and `serveWorker` into the worker's source with Function#toString), or on the main
 * thread when no worker can start. So both functions must stay SELF-CONTAINED: no imports, no
 * module-level helpers or constants, nothing TypeScript or the compiler would turn into a helper
 * call (no spread, destructuring, classes, generators, for-of). core.test.ts runs them the way the
 * worker does, from their source text alone.
 *
 * What is read is only what is shown: each cell's formatted text (`w`); no formula is evaluated, no
 * HTML is produced (the grid builds React text), no styles, no VBA, no embedded files.
 */

/**
 * The libraries' objects (workbooks, sheets, cells, parse results): SheetJS and Papa Parse are
 * loaded as plain scripts in the worker, so nothing of their types can be imported here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Loose = any;

/** How much of a file is turned into cells (a hostile file must not eat the tab's memory). */
export interface SheetLimits {
  /** Rows read per sheet (SheetJS `sheetRows`, Papa Parse `preview`). */
  maxRows: number;
  /** Columns kept per row. */
  maxCols: number;
  /** Non-empty cells kept per sheet; reading stops at the row where this is reached. */
  maxCells: number;
  /** Characters kept of one cell's text. */
  maxCellChars: number;
  /** Sheets offered as tabs. */
  maxSheets: number;
  /** Merged ranges kept per sheet. */
  maxMerges: number;
  /** The text encoding of a CSV/TSV that is not UTF-8 (gb18030 for a Chinese reader, else windows-1252). */
  fallbackEncoding: string;
  /** The tab's name of a CSV/TSV (the file's name without its extension). */
  textSheetName: string;
  /**
   * Read only this many rows of each sheet first (a workbook's first screen comes sooner; the page
   * then asks for the rest). 0 or absent: everything at once.
   */
  previewRows?: number;
}

/** One sheet, as the grid shows it. */
export interface SheetData {
  name: string;
  /** rows[r][c]: the cell's text; a missing row or cell is empty. */
  rows: (string[] | undefined)[];
  /** The extent shown (last non-empty row and column, within the limits). */
  rowCount: number;
  colCount: number;
  /** The extent in the file, when larger than shown (-1: more rows, number unknown). */
  totalRows: number;
  totalCols: number;
  /** Merged ranges within the shown extent, flat: [r1, c1, r2, c2, r1, c1, …] (inclusive). */
  merges: number[];
  /** Only the first rows so far (a preview read); the rest is being read. */
  partial?: boolean;
}

export interface BookInfo {
  /** The names of the sheets offered as tabs (hidden sheets left out, at most maxSheets). */
  names: string[];
  /** How many visible sheets the file has. */
  totalSheets: number;
  /** Read as a preview: some sheet has more rows than it shows yet. */
  partial?: boolean;
}

export interface OpenedWorkbook {
  info: BookInfo;
  sheet: (index: number) => SheetData;
}

/** The two libraries, as far as this module uses them. */
export interface SheetLibraries {
  /** SheetJS (`XLSX`), for xlsx/xls/ods. */
  xlsx?: Loose;
  /** Papa Parse (`Papa`), for csv/tsv. */
  papa?: Loose;
}

/**
 * Reads a spreadsheet file. `extension` is the file's (xlsx, xls, ods, csv, tsv). Failures are
 * thrown as `Error("reason:<FallbackReason>:<detail>")` (a worker can only pass strings back).
 */
export function readWorkbook(libs: SheetLibraries, extension: string, bytes: Uint8Array, limits: SheetLimits): OpenedWorkbook {
  function fail(reason: string, detail: string): never {
    throw new Error('reason:' + reason + ':' + detail);
  }
  function clip(text: string): string {
    return text.length > limits.maxCellChars ? text.slice(0, limits.maxCellChars) + '…' : text;
  }
  // The cells kept of one sheet (a text table's or a workbook's), filled a row at a time.
  interface Kept {
    rows: (string[] | undefined)[];
    /** The last non-empty row and column so far (1-based extents). */
    rowCount: number;
    colCount: number;
    cells: number;
  }
  /** Keeps row `r`'s non-empty texts (the first maxCols columns, each clipped) in `kept`. */
  function keepRow(kept: Kept, r: number, source: Loose[], textOf: (value: Loose) => string): void {
    const width = Math.min(source.length, limits.maxCols);
    let row: string[] | undefined;
    for (let c = 0; c < width; c++) {
      const text = textOf(source[c]);
      if (text === '') continue;
      if (!row) row = [];
      row[c] = clip(text);
      kept.cells++;
      if (c + 1 > kept.colCount) kept.colCount = c + 1;
      kept.rowCount = r + 1;
    }
    if (row) kept.rows[r] = row;
  }

  if (extension === 'csv' || extension === 'tsv') {
    let text: string;
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
    else {
      try {
        // A UTF-8 byte order mark is dropped by the decoder.
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch (_error) {
        text = new TextDecoder(limits.fallbackEncoding).decode(bytes);
      }
    }
    if (text.indexOf('\u0000') >= 0) fail('damaged', 'binary data in a text table');
    const parsed = libs.papa.parse(text, {
      delimiter: extension === 'tsv' ? '\t' : ',',
      preview: limits.maxRows + 1,
      header: false,
      dynamicTyping: false,
      skipEmptyLines: false,
    });
    const data: string[][] = parsed.data;
    const kept: Kept = { rows: [], rowCount: 0, colCount: 0, cells: 0 };
    let totalCols = 0;
    let more = false;
    for (let r = 0; r < data.length; r++) {
      if (r >= limits.maxRows || kept.cells >= limits.maxCells) {
        more = true;
        break;
      }
      const source = data[r] as string[];
      if (source.length > totalCols) totalCols = source.length;
      keepRow(kept, r, source, function (value: string | undefined) {
        return value === undefined ? '' : value;
      });
    }
    kept.rows.length = kept.rowCount;
    const csvSheet: SheetData = {
      name: limits.textSheetName,
      rows: kept.rows,
      rowCount: kept.rowCount,
      colCount: kept.colCount,
      totalRows: more ? -1 : kept.rowCount,
      totalCols: totalCols > kept.colCount ? totalCols : kept.colCount,
      merges: [],
    };
    return {
      info: { names: [limits.textSheetName], totalSheets: 1 },
      sheet: function () {
        return csvSheet;
      },
    };
  }

  // A workbook: a zip (xlsx, ods), a compound file (xls, and any encrypted Office file), a bare
  // BIFF stream (old xls) or an XML/HTML table saved as .xls. Anything else would make SheetJS fall
  // back to reading the bytes as text, showing garbage instead of saying the file is damaged.
  const b0 = bytes[0];
  const b1 = bytes[1];
  const zip = b0 === 0x50 && b1 === 0x4b;
  const compound = b0 === 0xd0 && b1 === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  const biff = b0 === 0x09 && b1 !== undefined && b1 <= 0x08;
  let lead = 0;
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) lead = 3;
  while (lead < 64 && (bytes[lead] === 0x20 || bytes[lead] === 0x0a || bytes[lead] === 0x0d || bytes[lead] === 0x09)) lead++;
  const markup = bytes[lead] === 0x3c;
  if (bytes.length < 8) fail('damaged', 'too short');
  if (extension === 'xlsx' || extension === 'ods') {
    if (!zip && !compound) fail('damaged', 'not a zip package');
  } else if (!zip && !compound && !biff && !markup) fail('damaged', 'not a workbook');

  const XLSX = libs.xlsx;
  const preview = limits.previewRows && limits.previewRows < limits.maxRows ? limits.previewRows : 0;
  let book: Loose;
  try {
    book = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      sheetRows: preview > 0 ? preview + 1 : limits.maxRows + 1,
      cellText: true,
      cellFormula: false,
      cellHTML: false,
      cellNF: false,
      cellStyles: false,
      cellDates: false,
      sheetStubs: false,
      bookVBA: false,
      bookFiles: false,
      bookDeps: false,
      bookProps: false,
      WTF: false,
    });
  } catch (error) {
    const message = String((error && (error as Error).message) || error);
    if (/password|encrypt/i.test(message)) fail('encrypted', message);
    if (/unsupported|not supported|cannot find/i.test(message) && !zip) fail('unsupported', message);
    fail('damaged', message);
  }
  if (!book || !book.SheetNames || book.SheetNames.length === 0 || !book.Sheets) fail('damaged', 'no sheets');

  const allNames: string[] = book.SheetNames;
  const meta = (book.Workbook && book.Workbook.Sheets) || [];
  let visible: string[] = [];
  for (let i = 0; i < allNames.length; i++) {
    const hidden = meta[i] && meta[i].Hidden;
    if (!hidden) visible.push(allNames[i] as string);
  }
  if (visible.length === 0) visible = allNames.slice();
  const names = visible.slice(0, limits.maxSheets);

  // A preview read stopped early in a sheet whose data reaches further down.
  function cut(ws: Loose): boolean {
    if (!preview || !ws || !ws['!data'] || ws['!data'].length <= preview) return false;
    return true;
  }
  let partial = false;
  for (let i = 0; i < names.length; i++) if (cut(book.Sheets[names[i] as string])) partial = true;

  function cellText(cell: Loose): string {
    if (!cell) return '';
    if (cell.w !== undefined && cell.w !== null) return String(cell.w);
    if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
    if (cell.v === undefined || cell.v === null) return '';
    if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
    return String(cell.v);
  }

  function sheet(index: number): SheetData {
    const name = names[index];
    if (name === undefined) fail('damaged', 'no sheet ' + index);
    const ws = book.Sheets[name as string];
    const kept: Kept = { rows: [], rowCount: 0, colCount: 0, cells: 0 };
    let widest = 0;
    let stoppedAt = -1;
    if (ws) {
      let dense: Loose[] | undefined = ws['!data'];
      if (!dense) {
        // A sheet SheetJS kept sparse ("A1" keys): made dense here, within the limits.
        dense = [];
        const keys = Object.keys(ws);
        for (let k = 0; k < keys.length; k++) {
          const key = keys[k] as string;
          if (key.charAt(0) === '!') continue;
          const at = XLSX.utils.decode_cell(key);
          if (at.r >= limits.maxRows + 1 || at.c >= 16384) continue;
          if (!dense[at.r]) dense[at.r] = [];
          dense[at.r][at.c] = ws[key];
        }
      }
      const height = Math.min(dense.length, preview > 0 ? preview : limits.maxRows);
      for (let r = 0; r < height; r++) {
        const source = dense[r];
        if (!source) continue;
        if (kept.cells >= limits.maxCells) {
          stoppedAt = r;
          break;
        }
        if (source.length > widest) widest = source.length;
        keepRow(kept, r, source, cellText);
      }
      if (dense.length > height && stoppedAt < 0) stoppedAt = height;
    }
    const rows = kept.rows;
    const rowCount = kept.rowCount;
    const colCount = kept.colCount;
    rows.length = rowCount;

    const merges: number[] = [];
    const ranges = (ws && ws['!merges']) || [];
    for (let m = 0; m < ranges.length && merges.length < limits.maxMerges * 4; m++) {
      const range = ranges[m];
      if (!range || !range.s || !range.e) continue;
      const r1 = range.s.r;
      const c1 = range.s.c;
      if (r1 >= rowCount || c1 >= colCount) continue;
      const r2 = Math.min(range.e.r, rowCount - 1);
      const c2 = Math.min(range.e.c, colCount - 1);
      if (r2 < r1 || c2 < c1 || (r2 === r1 && c2 === c1)) continue;
      merges.push(r1, c1, r2, c2);
    }

    let totalRows = rowCount;
    if (stoppedAt >= 0) {
      totalRows = -1;
      const full = ws && (ws['!fullref'] || ws['!ref']);
      if (full) {
        try {
          const extent = XLSX.utils.decode_range(full).e.r + 1;
          if (extent > rowCount) totalRows = extent;
        } catch (_error) {
          totalRows = -1;
        }
      }
    }
    return {
      name: name as string,
      rows: rows,
      rowCount: rowCount,
      colCount: colCount,
      totalRows: totalRows,
      totalCols: widest > colCount ? widest : colCount,
      merges: merges,
      partial: cut(ws),
    };
  }

  return { info: { names: names, totalSheets: visible.length, partial: partial }, sheet: sheet };
}

/**
 * What the page sends the worker, and what it answers (one answer per `id`): `open` a file (a
 * preview read when limits.previewRows is set), `complete` it (read it whole, after a preview), a
 * `sheet` by index.
 */
export type WorkerRequest =
  | { id: number; type: 'open'; extension: string; bytes: Uint8Array; limits: SheetLimits }
  | { id: number; type: 'complete' }
  | { id: number; type: 'sheet'; index: number };
export type WorkerAnswer =
  { type: 'ready' } | { id: number; ok: true; value: BookInfo | SheetData } | { id: number; ok: false; error: string };

/** The worker's message loop: open one file, then answer sheets by index. SELF-CONTAINED too. */
export function serveWorker(scope: Loose, libs: SheetLibraries, read: typeof readWorkbook): void {
  let book: OpenedWorkbook | null = null;
  let file: { extension: string; bytes: Uint8Array; limits: SheetLimits } | null = null;
  scope.onmessage = function (event: { data: WorkerRequest }) {
    const message = event.data;
    try {
      if (message.type === 'open') {
        file = { extension: message.extension, bytes: message.bytes, limits: message.limits };
        book = read(libs, file.extension, file.bytes, file.limits);
        scope.postMessage({ id: message.id, ok: true, value: book.info });
      } else if (message.type === 'complete') {
        if (!file) throw new Error('reason:damaged:no file open');
        const whole = {} as SheetLimits;
        const keys = Object.keys(file.limits) as (keyof SheetLimits)[];
        for (let k = 0; k < keys.length; k++) (whole as Loose)[keys[k] as string] = file.limits[keys[k] as keyof SheetLimits];
        whole.previewRows = 0;
        // The preview stays until the whole read succeeds (its sheets are still asked for if it fails).
        book = read(libs, file.extension, file.bytes, whole);
        file = null;
        scope.postMessage({ id: message.id, ok: true, value: book.info });
      } else {
        if (!book) throw new Error('reason:damaged:no file open');
        scope.postMessage({ id: message.id, ok: true, value: book.sheet(message.index) });
      }
    } catch (error) {
      scope.postMessage({ id: message.id, ok: false, error: String((error && (error as Error).message) || error) });
    }
  };
  scope.postMessage({ type: 'ready' });
}
