import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import Papa from 'papaparse';
import {
  CSV_TEXT,
  SAMPLE,
  damagedXlsx,
  sampleCsv,
  sampleOds,
  sampleTsv,
  sampleXls,
  sampleXlsx,
  sheetWithRows,
  xlsxWithEmptySheet,
} from '../../../fixtures/spreadsheet.mjs';
import { readWorkbook, type SheetData, type SheetLimits, type WorkerAnswer } from './core';
import { installTextCoding } from './test-support';
import { SHEET_LIMITS } from './index';
import { workerSource } from './reader';

installTextCoding();

/** The viewer's own limits, with the encoding and sheet name the viewer adds for a text table. */
const LIMITS: SheetLimits = {
  ...SHEET_LIMITS,
  fallbackEncoding: 'windows-1252',
  textSheetName: 'people',
};

const LIBRARIES = { xlsx: XLSX, papa: Papa };

const SHEETJS_SCRIPT = path.join(__dirname, '../../../node_modules/@e965/xlsx/dist/xlsx.core.min.js');
const PAPA_SCRIPT = require.resolve('papaparse/papaparse.min.js');

/** The row texts of a sheet, empty cells as ''. */
function texts(sheet: SheetData): string[][] {
  const out: string[][] = [];
  for (let r = 0; r < sheet.rowCount; r++) {
    const row: string[] = [];
    for (let c = 0; c < sheet.colCount; c++) row.push(sheet.rows[r]?.[c] ?? '');
    out.push(row);
  }
  return out;
}

/**
 * Runs the worker's source text the way a browser's worker would: a global scope of its own, the
 * parser script loaded by importScripts(), messages in and out. Only what the source text itself
 * holds is available, so a helper the compiler or a refactoring pulled out of core.ts fails here.
 */
function startWorkerSandbox(extension: string) {
  const answers: WorkerAnswer[] = [];
  const loaded: string[] = [];
  const scope: Record<string, unknown> = {
    TextDecoder,
    postMessage: (message: WorkerAnswer) => answers.push(JSON.parse(JSON.stringify(message)) as WorkerAnswer),
    importScripts: (url: string) => {
      loaded.push(url);
      const file = extension === 'csv' || extension === 'tsv' ? PAPA_SCRIPT : SHEETJS_SCRIPT;
      vm.runInContext(fs.readFileSync(file, 'utf8'), scope);
    },
  };
  scope.self = scope;
  vm.createContext(scope);
  vm.runInContext(workerSource('https://remote.example/assets/parser.js', extension), scope);
  const send = (data: Record<string, unknown>) => {
    // The bytes arrive in the worker's own realm, as a structured clone does.
    if (data.bytes instanceof Uint8Array) {
      const inner = (vm.runInContext('(function (n) { return new Uint8Array(n); })', scope) as (n: number) => Uint8Array)(
        data.bytes.length,
      );
      inner.set(data.bytes);
      data = { ...data, bytes: inner };
    }
    (scope.onmessage as (event: { data: unknown }) => void)({ data });
    return answers[answers.length - 1] as WorkerAnswer;
  };
  return { answers, loaded, send };
}

describe('the worker built from core.ts source text', () => {
  it('loads the parser from the given address, says it is ready, then reads an .xlsx sheet by sheet', () => {
    const worker = startWorkerSandbox('xlsx');
    expect(worker.loaded).toEqual(['https://remote.example/assets/parser.js']);
    expect(worker.answers[0]).toEqual({ type: 'ready' });

    const opened = worker.send({ id: 1, type: 'open', extension: 'xlsx', bytes: sampleXlsx(), limits: LIMITS });
    expect(opened).toEqual({ id: 1, ok: true, value: { names: [SAMPLE.firstSheet, SAMPLE.secondSheet], totalSheets: 2, partial: false } });

    const first = worker.send({ id: 2, type: 'sheet', index: 0 });
    if (!('ok' in first) || !first.ok) throw new Error(`no sheet: ${JSON.stringify(first)}`);
    const sheet = first.value as SheetData;
    expect(texts(sheet)).toEqual([
      SAMPLE.header,
      [SAMPLE.item, SAMPLE.amountShown, SAMPLE.dateShown],
      ['Ink', '42.00', '2024-03-16'],
      [SAMPLE.merged, '', ''],
    ]);
    expect(sheet.merges).toEqual([3, 0, 3, 2]);

    const second = worker.send({ id: 3, type: 'sheet', index: 1 });
    expect(second).toMatchObject({ id: 3, ok: true, value: { name: SAMPLE.secondSheet, rowCount: 2, colCount: 1 } });
    expect(JSON.stringify(second)).toContain(SAMPLE.secondSheetText);
  });

  it('reads a CSV with Papa Parse: the quoted comma stays in one cell, the byte order mark is dropped', () => {
    const worker = startWorkerSandbox('csv');
    expect(worker.send({ id: 1, type: 'open', extension: 'csv', bytes: sampleCsv(), limits: LIMITS })).toMatchObject({ ok: true });
    const answer = worker.send({ id: 2, type: 'sheet', index: 0 });
    if (!('ok' in answer) || !answer.ok) throw new Error(JSON.stringify(answer));
    expect(texts(answer.value as SheetData)).toEqual([
      ['name', 'comment', 'city'],
      [CSV_TEXT.quoted, CSV_TEXT.doubledQuote, CSV_TEXT.nonAscii],
      ['Doe', 'plain', 'Berlin'],
    ]);
  });

  it('completes a preview read on request: the sheet asked for next is whole', () => {
    const worker = startWorkerSandbox('xlsx');
    const limits = { ...LIMITS, previewRows: 50 };
    expect(worker.send({ id: 1, type: 'open', extension: 'xlsx', bytes: sheetWithRows(120, 2), limits })).toMatchObject({
      ok: true,
      value: { partial: true },
    });
    expect(worker.send({ id: 2, type: 'sheet', index: 0 })).toMatchObject({ ok: true, value: { rowCount: 50, partial: true } });
    expect(worker.send({ id: 3, type: 'complete' })).toMatchObject({ id: 3, ok: true, value: { partial: false } });
    expect(worker.send({ id: 4, type: 'sheet', index: 0 })).toMatchObject({ ok: true, value: { rowCount: 120, partial: false } });
  });

  it('answers a damaged file with the reason, as text the page turns back into a ViewerError', () => {
    const worker = startWorkerSandbox('xlsx');
    const answer = worker.send({ id: 1, type: 'open', extension: 'xlsx', bytes: damagedXlsx(), limits: LIMITS });
    expect(answer).toMatchObject({ id: 1, ok: false });
    expect((answer as { error: string }).error).toMatch(/^reason:damaged:/);
  });
});

describe('readWorkbook', () => {
  it.each([
    ['xls', sampleXls],
    ['ods', sampleOds],
  ])('shows the same texts from the .%s as from the .xlsx', (extension, make) => {
    const book = readWorkbook(LIBRARIES, extension, make(), LIMITS);
    expect(book.info.names).toEqual([SAMPLE.firstSheet, SAMPLE.secondSheet]);
    const sheet = book.sheet(0);
    expect(texts(sheet).slice(0, 2)).toEqual([SAMPLE.header, [SAMPLE.item, SAMPLE.amountShown, SAMPLE.dateShown]]);
    expect(sheet.merges).toEqual([3, 0, 3, 2]);
    expect(book.sheet(1).rows[1]?.[0]).toBe(SAMPLE.secondSheetText);
  });

  it('splits a TSV on tabs only: a quoted comma and an unquoted one stay inside their cells', () => {
    const sheet = readWorkbook(LIBRARIES, 'tsv', sampleTsv(), LIMITS).sheet(0);
    expect(texts(sheet)).toEqual([
      ['name', 'note', 'city'],
      [CSV_TEXT.tsvQuoted, 'a, b', CSV_TEXT.tsvNonAscii],
    ]);
    expect(sheet.name).toBe('people');
  });

  it('shows a CSV as written: no number or date guessing, leading zeros and formulas kept as text', () => {
    const bytes = new TextEncoder().encode('id,when,calc\n00123,1/2,=1+1\n');
    expect(texts(readWorkbook(LIBRARIES, 'csv', bytes, LIMITS).sheet(0))[1]).toEqual(['00123', '1/2', '=1+1']);
  });

  it('reads a CSV that is not UTF-8 in the fallback encoding (GBK from a Chinese Excel)', () => {
    // "名称,城市\n北京,上海\n" in GBK
    const gbk = new Uint8Array([
      0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0xb3, 0xc7, 0xca, 0xd0, 0x0a, 0xb1, 0xb1, 0xbe, 0xa9, 0x2c, 0xc9, 0xcf, 0xba, 0xa3, 0x0a,
    ]);
    const sheet = readWorkbook(LIBRARIES, 'csv', gbk, { ...LIMITS, fallbackEncoding: 'gb18030' }).sheet(0);
    expect(texts(sheet)).toEqual([
      ['名称', '城市'],
      ['北京', '上海'],
    ]);
  });

  it('does not evaluate formulas: a cell shows its saved result', () => {
    const sheet = XLSX.utils.aoa_to_sheet([[1, 2]]);
    sheet.C1 = { t: 'n', v: 3, f: 'A1+B1' };
    sheet['!ref'] = 'A1:C1';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Sum');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(texts(readWorkbook(LIBRARIES, 'xlsx', bytes, LIMITS).sheet(0))).toEqual([['1', '2', '3']]);
  });

  it('leaves hidden sheets out of the tabs', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['shown']]), 'Shown');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['secret']]), 'Hidden');
    book.Workbook = { Sheets: [{ Hidden: 0 }, { Hidden: 1 }] };
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(readWorkbook(LIBRARIES, 'xlsx', bytes, LIMITS).info).toEqual({ names: ['Shown'], totalSheets: 1, partial: false });
  });

  it('reports an empty sheet as 0 × 0', () => {
    const sheet = readWorkbook(LIBRARIES, 'xlsx', xlsxWithEmptySheet(), LIMITS).sheet(1);
    expect(sheet).toMatchObject({ name: 'Blank', rowCount: 0, colCount: 0 });
  });

  it('keeps the first rows and columns within the limits and says how many the file has', () => {
    const book = readWorkbook(LIBRARIES, 'xlsx', sheetWithRows(300, 6), { ...LIMITS, maxRows: 100, maxCols: 4 });
    const sheet = book.sheet(0);
    expect(sheet).toMatchObject({ rowCount: 100, colCount: 4, totalRows: 300, totalCols: 6 });
    expect(sheet.rows[99]?.[0]).toBe('Row 100');
    expect(sheet.rows[100]).toBeUndefined();

    const csv = new TextEncoder().encode(Array.from({ length: 50 }, (_, i) => `line ${i + 1},x`).join('\n'));
    const text = readWorkbook(LIBRARIES, 'csv', csv, { ...LIMITS, maxRows: 10 }).sheet(0);
    expect(text).toMatchObject({ rowCount: 10, totalRows: -1 });
  });

  it('reads only the first rows in a preview read, and says the sheet is cut', () => {
    const bytes = sheetWithRows(300, 3);
    const preview = readWorkbook(LIBRARIES, 'xlsx', bytes, { ...LIMITS, previewRows: 100 });
    expect(preview.info).toEqual({ names: ['Ledger'], totalSheets: 1, partial: true });
    expect(preview.sheet(0)).toMatchObject({ rowCount: 100, totalRows: 300, partial: true });

    const whole = readWorkbook(LIBRARIES, 'xlsx', bytes, LIMITS);
    expect(whole.info.partial).toBe(false);
    expect(whole.sheet(0)).toMatchObject({ rowCount: 300, totalRows: 300, partial: false });

    // A sheet that fits in the preview is whole at once: no second read.
    expect(readWorkbook(LIBRARIES, 'xlsx', sampleXlsx(), { ...LIMITS, previewRows: 100 }).info.partial).toBe(false);
  });

  it('stops at the cell limit and clips very long texts', () => {
    const sheet = readWorkbook(LIBRARIES, 'xlsx', sheetWithRows(100, 10), { ...LIMITS, maxCells: 95, maxCellChars: 4 }).sheet(0);
    expect(sheet.rowCount).toBe(10);
    expect(sheet.totalRows).toBe(100);
    expect(sheet.rows[0]?.[0]).toBe('Row …');
  });

  it.each([
    ['a cut-short .xlsx', 'xlsx', () => damagedXlsx()],
    ['text named .xlsx', 'xlsx', () => new TextEncoder().encode('this is not a workbook at all')],
    ['a PNG named .xls', 'xls', () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
    ['a zip without a workbook named .ods', 'ods', () => zipSync({ 'readme.txt': new TextEncoder().encode('hello') })],
    ['binary named .csv', 'csv', () => new Uint8Array([0x61, 0x00, 0x62, 0x2c, 0x63])],
  ])('refuses %s as damaged', (_what, extension, make) => {
    expect(() => readWorkbook(LIBRARIES, extension, make(), LIMITS)).toThrow(/^reason:damaged:/);
  });
});
