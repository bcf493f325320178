import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { ViewerError } from '../../errors';
import type { FileSource } from '../../types';
import type { SheetData } from './core';
import { ROW_HEIGHT, SheetGrid } from './grid';
import SpreadsheetViewer from './index';
import { bytesSource, installTextCoding, renderWithTexts } from './test-support';

installTextCoding();

function show(source: FileSource, language: 'en-US' | 'zh-CN' = 'en-US') {
  const onError = jest.fn();
  renderWithTexts(<SpreadsheetViewer source={source} kind="spreadsheet" label={`Content of ${source.name}`} onError={onError} />, language);
  return { onError };
}

/** The texts of the grid's rows as shown: row number, then each cell. */
function shownRows(grid: HTMLElement): string[][] {
  return within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent ?? '',
      ...within(row)
        .queryAllByRole('gridcell')
        .map((cell) => cell.textContent ?? ''),
    ]);
}

/** Scrolls the grid's box (jsdom lays nothing out, so the offsets are set by hand). */
function scrollGrid(grid: HTMLElement, top: number, left = 0) {
  Object.defineProperty(grid, 'scrollTop', { value: top, configurable: true });
  Object.defineProperty(grid, 'scrollLeft', { value: left, configurable: true });
  fireEvent.scroll(grid);
}

describe('SpreadsheetViewer', () => {
  test('shows an .xlsx: sheet tabs, column letters, row numbers, formatted values, a merged cell and the size', async () => {
    show(bytesSource('budget.xlsx', sampleXlsx()));
    const grid = await screen.findByRole('grid', { name: `Cells of ${SAMPLE.firstSheet}` });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['A', 'B', 'C']);
    expect(shownRows(grid)).toEqual([
      ['1', ...SAMPLE.header],
      ['2', SAMPLE.item, SAMPLE.amountShown, SAMPLE.dateShown],
      ['3', 'Ink', '42.00', '2024-03-16'],
      // The merged range A4:C4 is one cell (its top-left value), the two it covers are left out.
      ['4', SAMPLE.merged],
    ]);
    expect(screen.getByTestId('spreadsheet-merged')).toHaveAttribute('aria-colspan', '3');
    // Numbers and dates are right-aligned, texts are not.
    expect(within(grid).getByText(SAMPLE.amountShown)).toHaveClass('cv-spreadsheet-number');
    expect(within(grid).getByText(SAMPLE.dateShown)).toHaveClass('cv-spreadsheet-number');
    expect(within(grid).getByText(SAMPLE.item)).not.toHaveClass('cv-spreadsheet-number');
    expect(screen.getByTestId('spreadsheet-status')).toHaveTextContent('4 rows × 3 columns');
    expect(screen.getByTestId('viewer-spreadsheet')).toHaveAccessibleName('Content of budget.xlsx');
  });

  test('switches sheets with the tabs, by click and by arrow keys', async () => {
    show(bytesSource('budget.xlsx', sampleXlsx()));
    await screen.findByRole('grid', { name: `Cells of ${SAMPLE.firstSheet}` });
    const tablist = screen.getByRole('tablist', { name: 'Sheets' });
    const [budget, notes] = within(tablist).getAllByRole('tab');
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([SAMPLE.firstSheet, SAMPLE.secondSheet]);
    expect(budget).toHaveAttribute('aria-selected', 'true');
    expect(notes).toHaveAttribute('tabindex', '-1');

    fireEvent.click(notes as HTMLElement);
    const second = await screen.findByRole('grid', { name: `Cells of ${SAMPLE.secondSheet}` });
    expect(within(second).getByText(SAMPLE.secondSheetText)).toBeInTheDocument();
    expect(screen.queryByText(SAMPLE.item)).not.toBeInTheDocument();
    expect(notes).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', (notes as HTMLElement).id);

    fireEvent.keyDown(notes as HTMLElement, { key: 'ArrowRight' });
    expect(await screen.findByRole('grid', { name: `Cells of ${SAMPLE.firstSheet}` })).toHaveTextContent(SAMPLE.item);
    expect(budget).toHaveFocus();
    expect(budget).toHaveAttribute('aria-selected', 'true');
  });

  test.each([
    ['budget.xls', sampleXls],
    ['budget.ods', sampleOds],
  ])('shows the values of %s', async (name, make) => {
    show(bytesSource(name, make()));
    const grid = await screen.findByRole('grid', { name: `Cells of ${SAMPLE.firstSheet}` });
    expect(shownRows(grid)[1]).toEqual(['2', SAMPLE.item, SAMPLE.amountShown, SAMPLE.dateShown]);
    expect(screen.getAllByRole('tab')).toHaveLength(2);
  });

  test('splits a CSV row at the commas outside quotes, with no sheet tabs', async () => {
    show(bytesSource('people.csv', sampleCsv(), 'text/csv'));
    const grid = await screen.findByRole('grid', { name: 'Cells of people' });
    expect(shownRows(grid)).toEqual([
      ['1', 'name', 'comment', 'city'],
      ['2', CSV_TEXT.quoted, CSV_TEXT.doubledQuote, CSV_TEXT.nonAscii],
      ['3', 'Doe', 'plain', 'Berlin'],
    ]);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  test('splits a TSV at tabs only', async () => {
    show(bytesSource('people.tsv', sampleTsv()));
    const grid = await screen.findByRole('grid');
    expect(shownRows(grid)[1]).toEqual(['2', CSV_TEXT.tsvQuoted, 'a, b', CSV_TEXT.tsvNonAscii]);
  });

  test('speaks Chinese in zh-CN', async () => {
    show(bytesSource('budget.xlsx', sampleXlsx()), 'zh-CN');
    expect(await screen.findByRole('grid', { name: `${SAMPLE.firstSheet} 的单元格` })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: '工作表' })).toBeInTheDocument();
    expect(screen.getByTestId('spreadsheet-status')).toHaveTextContent('4 行 × 3 列');
  });

  test('says a sheet without cells is empty', async () => {
    show(bytesSource('two.xlsx', xlsxWithEmptySheet()));
    await screen.findByRole('grid', { name: 'Cells of Data' });
    fireEvent.click(screen.getByRole('tab', { name: 'Blank' }));
    expect(await screen.findByTestId('spreadsheet-empty')).toHaveTextContent('This sheet is empty.');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  test('keeps only the visible rows in the DOM and follows the scroll', async () => {
    show(bytesSource('ledger.xlsx', sheetWithRows(3000, 5)));
    const grid = await screen.findByRole('grid', { name: 'Cells of Ledger', hidden: false });
    expect(grid).toHaveAttribute('aria-rowcount', '3001');
    expect(screen.getByTestId('spreadsheet-status')).toHaveTextContent('3,000 rows × 5 columns');
    const rows = within(grid).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(within(grid).getByText('Row 1')).toBeInTheDocument();
    expect(within(grid).queryByText('Row 2001')).not.toBeInTheDocument();

    scrollGrid(grid, 2000 * ROW_HEIGHT);
    expect(await within(grid).findByText('Row 2001')).toBeInTheDocument();
    expect(within(grid).queryByText('Row 1')).not.toBeInTheDocument();
    expect(within(grid).getAllByRole('row').length).toBeLessThan(60);
  });

  test('falls back to the download when the .xlsx is damaged', async () => {
    const { onError } = show(bytesSource('broken.xlsx', damagedXlsx()));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    const error = onError.mock.calls[0]?.[0] as ViewerError;
    expect(error).toBeInstanceOf(ViewerError);
    expect(error.reason).toBe('damaged');
  });

  test('refuses a workbook over the size limit before reading it', async () => {
    const { onError } = show({ ...bytesSource('huge.xlsx', sampleXlsx()), size: 200 * 1024 * 1024 });
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect((onError.mock.calls[0]?.[0] as ViewerError).reason).toBe('too-large');
  });
});

describe('SheetGrid', () => {
  /**
   * A 50,000 × `columns` sheet made directly (no file), for the grid alone: every row the same
   * except the first and those from 40,001 on, which say where they are.
   */
  function bigSheet(columns: number): SheetData {
    const filler = Array.from({ length: columns }, (_, c) => `value ${c + 1}`);
    const rows: string[][] = new Array<string[]>(50_000).fill(filler);
    const named = (r: number) => Array.from({ length: columns }, (_, c) => `r${r + 1}c${c + 1}`);
    rows[0] = named(0);
    for (let r = 40_000; r < 40_100; r++) rows[r] = named(r);
    return { name: 'Big', rows, rowCount: 50_000, colCount: columns, totalRows: 50_000, totalCols: columns, merges: [] };
  }

  test('renders a 50,000-row × 20-column sheet as a few dozen rows', () => {
    renderWithTexts(<SheetGrid sheet={bigSheet(20)} label="Cells of Big" />);
    const grid = screen.getByRole('grid', { name: 'Cells of Big' });
    expect(grid).toHaveAttribute('aria-rowcount', '50001');
    expect(grid).toHaveAttribute('aria-colcount', '21');
    const rows = within(grid).getAllByRole('row');
    expect(rows.length).toBeLessThan(60);
    expect(within(grid).getAllByRole('gridcell').length).toBeLessThan(60 * 20);
  });

  test('renders only the columns in view and keeps the column letters in step', () => {
    renderWithTexts(<SheetGrid sheet={bigSheet(200)} label="Cells of Big" />);
    const grid = screen.getByRole('grid');
    const letters = () =>
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
    expect(letters()).toContain('A');
    expect(letters().length).toBeLessThan(30);
    expect(letters()).not.toContain('GR');

    act(() => scrollGrid(grid, 40_000 * ROW_HEIGHT, 190 * 80));
    return waitFor(() => {
      expect(letters()).toContain('GR');
      expect(letters()).not.toContain('A');
      expect(within(grid).getByText('r40001c196')).toBeInTheDocument();
    });
  });
});
