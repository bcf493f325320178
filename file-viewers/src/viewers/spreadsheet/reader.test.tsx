import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { screen, waitFor, within } from '@testing-library/react';
import { zipSync } from 'fflate';
import { SAMPLE, sampleXlsx, sheetWithRows } from '../../../fixtures/spreadsheet.mjs';
import { ViewerError } from '../../errors';
import SpreadsheetViewer, { PREVIEW_FROM_BYTES, PREVIEW_ROWS } from './index';
import { checkZip, errorOf, MAX_UNZIPPED_BYTES, startWorker } from './reader';
import { bytesSource, installTextCoding, renderWithTexts } from './test-support';

installTextCoding();

const SCRIPTS: Record<string, string> = {
  'xlsx.core.min.js': path.join(__dirname, '../../../node_modules/@e965/xlsx/dist/xlsx.core.min.js'),
  'papaparse.min.js': require.resolve('papaparse/papaparse.min.js'),
};

/**
 * A stand-in for the browser's Worker: runs the blob's script in a global scope of its own
 * (node:vm), with importScripts() reading the parser file the URL names, and messages delivered
 * asynchronously as a real worker's are.
 */
class SandboxWorker extends EventTarget {
  static instances: SandboxWorker[] = [];
  static failImports = false;
  readonly scope: Record<string, unknown>;
  terminated = false;
  imported: string[] = [];

  constructor(url: string) {
    super();
    SandboxWorker.instances.push(this);
    const source = blobTexts.get(url);
    if (source === undefined) throw new Error(`no blob ${url}`);
    this.scope = {
      TextDecoder,
      postMessage: (data: unknown) => {
        const copy = JSON.parse(JSON.stringify(data)) as unknown;
        setTimeout(() => !this.terminated && this.dispatchEvent(new MessageEvent('message', { data: copy })), 0);
      },
      importScripts: (scriptUrl: string) => {
        this.imported.push(scriptUrl);
        if (SandboxWorker.failImports) throw new Error('NetworkError: importScripts failed');
        const file = SCRIPTS[scriptUrl.split('/').pop() ?? ''];
        if (!file) throw new Error(`unknown script ${scriptUrl}`);
        vm.runInContext(fs.readFileSync(file, 'utf8'), this.scope);
      },
    };
    this.scope.self = this.scope;
    vm.createContext(this.scope);
    setTimeout(() => {
      try {
        vm.runInContext(source, this.scope);
      } catch (error) {
        const event = new Event('error', { cancelable: true });
        Object.assign(event, { message: String(error) });
        this.dispatchEvent(event);
      }
    }, 0);
  }

  postMessage(data: Record<string, unknown>) {
    setTimeout(() => {
      if (this.terminated) return;
      let message = data;
      if (data.bytes instanceof Uint8Array) {
        const make = vm.runInContext('(function (n) { return new Uint8Array(n); })', this.scope) as (n: number) => Uint8Array;
        const inner = make(data.bytes.length);
        inner.set(data.bytes);
        message = { ...data, bytes: inner };
      }
      (this.scope.onmessage as (event: { data: unknown }) => void)({ data: message });
    }, 0);
  }

  terminate() {
    this.terminated = true;
  }
}

const blobTexts = new Map<string, string>();
const realBlob = globalThis.Blob;

beforeEach(() => {
  SandboxWorker.instances = [];
  SandboxWorker.failImports = false;
  blobTexts.clear();
  let next = 0;
  // The worker's script is made as a Blob of text parts; keep the text for the stand-in worker.
  (globalThis as unknown as { Blob: unknown }).Blob = class {
    constructor(readonly parts: string[]) {}
  };
  URL.createObjectURL = (blob: unknown) => {
    const url = `blob:test/${++next}`;
    blobTexts.set(url, (blob as { parts: string[] }).parts.join(''));
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  (globalThis as unknown as { Worker: unknown }).Worker = SandboxWorker;
});

afterEach(() => {
  globalThis.Blob = realBlob;
  delete (globalThis as unknown as { Worker?: unknown }).Worker;
});

describe('reading in a worker', () => {
  test('an .xlsx is parsed in the worker, which loads SheetJS from the chunk’s own asset URL', async () => {
    const source = bytesSource('budget.xlsx', sampleXlsx());
    const view = renderWithTexts(
      <SpreadsheetViewer source={source} kind="spreadsheet" label="Content of budget.xlsx" onError={jest.fn()} />,
    );
    const grid = await screen.findByRole('grid', { name: `Cells of ${SAMPLE.firstSheet}` });
    // The page passing an equal source anew does not read the file again.
    view.rerender(<SpreadsheetViewer source={{ ...source }} kind="spreadsheet" label="Content of budget.xlsx" onError={jest.fn()} />);
    expect(within(grid).getByText(SAMPLE.amountShown)).toBeInTheDocument();
    expect(SandboxWorker.instances).toHaveLength(1);
    expect(SandboxWorker.instances[0]?.imported).toEqual([expect.stringMatching(/\/@e965\/xlsx\/dist\/xlsx\.core\.min\.js$/)]);
  });

  test('a large workbook shows its first rows first, then all of them', async () => {
    const bytes = sheetWithRows(20_000, 5);
    expect(bytes.byteLength).toBeGreaterThan(PREVIEW_FROM_BYTES);
    renderWithTexts(
      <SpreadsheetViewer source={bytesSource('ledger.xlsx', bytes)} kind="spreadsheet" label="Content" onError={jest.fn()} />,
    );
    const grid = await screen.findByRole('grid', { name: 'Cells of Ledger' }, { timeout: 15_000 });
    expect(within(grid).getByText('Row 1')).toBeInTheDocument();
    expect(screen.getByTestId('spreadsheet-status')).toHaveTextContent(`${PREVIEW_ROWS.toLocaleString('en-US')} rows × 5 columns`);
    expect(screen.getByTestId('spreadsheet-status')).toHaveTextContent('Reading the remaining rows…');
    await waitFor(() => expect(screen.getByTestId('spreadsheet-status')).toHaveTextContent('20,000 rows × 5 columns'), { timeout: 20_000 });
    expect(screen.getByTestId('spreadsheet-status')).not.toHaveTextContent('Reading the remaining rows');
    expect(screen.getByRole('grid', { name: 'Cells of Ledger' })).toHaveAttribute('aria-rowcount', '20001');
  }, 40_000);

  test('a CSV worker loads Papa Parse instead', async () => {
    const worker = await startWorker('csv');
    expect(worker).not.toBeNull();
    expect(SandboxWorker.instances[0]?.imported).toEqual([expect.stringMatching(/\/papaparse\/papaparse\.min\.js$/)]);
    worker?.terminate();
  });

  test('when the worker cannot load its script the file is read on the main thread instead', async () => {
    SandboxWorker.failImports = true;
    const source = bytesSource('budget.xlsx', sampleXlsx());
    const onError = jest.fn();
    renderWithTexts(<SpreadsheetViewer source={source} kind="spreadsheet" label="Content of budget.xlsx" onError={onError} />);
    expect(await screen.findByText(SAMPLE.amountShown)).toBeInTheDocument();
    expect(SandboxWorker.instances[0]?.terminated).toBe(true);
    expect(onError).not.toHaveBeenCalled();
  });

  test('a damaged file is reported from the worker as damaged', async () => {
    const onError = jest.fn();
    // A sound zip (the page's directory check passes it) that holds no workbook: SheetJS, in the
    // worker, gives up on it.
    const source = bytesSource('broken.xlsx', zipSync({ 'readme.txt': new TextEncoder().encode('no workbook here') }));
    renderWithTexts(<SpreadsheetViewer source={source} kind="spreadsheet" label="Content" onError={onError} />);
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect((onError.mock.calls[0]?.[0] as ViewerError).reason).toBe('damaged');
    expect((onError.mock.calls[0]?.[0] as ViewerError).message).toMatch(/^reason:damaged:/);
    expect(SandboxWorker.instances[0]?.imported).toHaveLength(1);
  });
});

describe('checkZip', () => {
  test('refuses a package whose directory says it unpacks to more than the limit (a zip bomb)', () => {
    const zip = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(1000) });
    // The central directory entry's uncompressed size (offset 24 of the entry) now claims 1 GB.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let entry = -1;
    for (let i = zip.length - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === 0x02014b50) {
        entry = i;
        break;
      }
    }
    view.setUint32(entry + 24, MAX_UNZIPPED_BYTES + 1, true);
    expect(() => checkZip(zip)).toThrow(expect.objectContaining({ reason: 'too-large' }));
  });

  test('passes a real workbook and calls a cut-short zip damaged', () => {
    expect(() => checkZip(sampleXlsx())).not.toThrow();
    const cut = sampleXlsx().slice(0, 200);
    expect(() => checkZip(cut)).toThrow(expect.objectContaining({ reason: 'damaged' }));
  });
});

test('errorOf turns what core.ts throws into the layer’s reasons', () => {
  expect(errorOf(new Error('reason:encrypted:File is password-protected')).reason).toBe('encrypted');
  expect(errorOf(new Error('reason:unsupported:Unsupported file 13')).reason).toBe('unsupported');
  expect(errorOf(new Error('reason:bogus:x')).reason).toBe('damaged');
  expect(errorOf(new RangeError('Invalid array length')).reason).toBe('too-large');
  expect(errorOf(new ViewerError('unreachable')).reason).toBe('unreachable');
});
