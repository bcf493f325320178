import { unzipSync } from 'fflate';
import { ViewerError } from '../../errors';
import type { FallbackReason } from '../../types';
import {
  readWorkbook,
  serveWorker,
  type BookInfo,
  type SheetData,
  type SheetLibraries,
  type SheetLimits,
  type WorkerAnswer,
  type WorkerRequest,
} from './core';
import { csvLibraryUrl, sheetLibraryUrl } from './library-urls';

/** A file being read: its sheets' names now, each sheet's cells when asked. */
export interface SheetReader {
  info: BookInfo;
  sheet(index: number): Promise<SheetData>;
  /** After a preview read (info.partial): reads the whole file; the sheets asked for next are whole. */
  complete(): Promise<BookInfo>;
  close(): void;
}

/** The most a zipped workbook may declare it holds once unzipped, and how many parts. */
export const MAX_UNZIPPED_BYTES = 400 * 1024 * 1024;
export const MAX_ZIP_PARTS = 10_000;
/** A worker that does not answer within this long is stopped (a file built to stall the parser). */
export const WORKER_TIMEOUT_MS = 120_000;

/** A request before it is numbered. */
type Unnumbered = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

const REASONS: FallbackReason[] = ['unsupported', 'damaged', 'too-large', 'unreachable', 'encrypted'];

/** The ViewerError of a failure reported by core.ts ("reason:<reason>:<detail>"), or damaged. */
export function errorOf(error: unknown): ViewerError {
  if (error instanceof ViewerError) return error;
  const message = String((error as Error)?.message ?? error);
  const match = /^reason:([a-z-]+):/.exec(message);
  const reason = match && REASONS.includes(match[1] as FallbackReason) ? (match[1] as FallbackReason) : null;
  if (reason) return new ViewerError(reason, message);
  if (error instanceof RangeError || /allocation|out of memory|Array buffer/i.test(message)) return new ViewerError('too-large', message);
  return new ViewerError('damaged', message);
}

/**
 * A zip's central directory, before anything is unzipped: a package that says it unpacks to more
 * than MAX_UNZIPPED_BYTES (a zip bomb) is refused, and one whose directory cannot be read is damaged.
 */
export function checkZip(bytes: Uint8Array): void {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return;
  let parts = 0;
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        parts += 1;
        total += file.originalSize;
        if (parts > MAX_ZIP_PARTS || total > MAX_UNZIPPED_BYTES) throw new ViewerError('too-large');
        return false;
      },
    });
  } catch (error) {
    throw error instanceof ViewerError ? error : new ViewerError('damaged', (error as Error)?.message);
  }
}

function isTextTable(extension: string): boolean {
  return extension === 'csv' || extension === 'tsv';
}

/** The worker's whole source: the parser script, then core.ts's two functions from their text. */
export function workerSource(libraryUrl: string, extension: string): string {
  const libs = isTextTable(extension) ? '{ papa: self.Papa }' : '{ xlsx: self.XLSX }';
  return `importScripts(${JSON.stringify(libraryUrl)});\n(${serveWorker.toString()})(self, ${libs}, ${readWorkbook.toString()});\n`;
}

/** The library on the main thread (a lazily loaded chunk of its own), for when no worker starts. */
async function mainThreadLibraries(extension: string): Promise<SheetLibraries> {
  if (isTextTable(extension)) {
    const papa = await import(/* webpackChunkName: "viewer-spreadsheet-papaparse" */ 'papaparse');
    return { papa: (papa as unknown as { default?: unknown }).default ?? papa };
  }
  return { xlsx: await import(/* webpackChunkName: "viewer-spreadsheet-sheetjs" */ '@e965/xlsx') };
}

async function openOnMainThread(bytes: Uint8Array, extension: string, limits: SheetLimits): Promise<SheetReader> {
  const libs = await mainThreadLibraries(extension);
  // Let the "reading" state paint before the parser holds the thread.
  await new Promise((resolve) => setTimeout(resolve, 0));
  let book;
  try {
    // No preview here: a second read would hold the page's thread a second time.
    book = readWorkbook(libs, extension, bytes, { ...limits, previewRows: 0 });
  } catch (error) {
    throw errorOf(error);
  }
  const opened = book;
  return {
    info: opened.info,
    sheet: async (index) => {
      try {
        return opened.sheet(index);
      } catch (error) {
        throw errorOf(error);
      }
    },
    complete: async () => opened.info,
    close: () => undefined,
  };
}

/**
 * A worker from a blob: URL whose script loads the parser and core.ts: resolves once it is ready,
 * null when this browser or page cannot run one (no Worker, CSP, the script unreachable).
 */
export function startWorker(extension: string): Promise<Worker | null> {
  if (typeof Worker === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  let worker: Worker;
  let objectUrl: string;
  try {
    const libraryUrl = isTextTable(extension) ? csvLibraryUrl() : sheetLibraryUrl();
    objectUrl = URL.createObjectURL(new Blob([workerSource(libraryUrl, extension)], { type: 'text/javascript' }));
    worker = new Worker(objectUrl);
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const done = (value: Worker | null) => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      clearTimeout(timer);
      URL.revokeObjectURL(objectUrl);
      if (!value) worker.terminate();
      resolve(value);
    };
    const onMessage = (event: MessageEvent<WorkerAnswer>) => {
      if (event.data && 'type' in event.data && event.data.type === 'ready') done(worker);
    };
    const onError = (event: Event) => {
      event.preventDefault();
      done(null);
    };
    // The parser script downloads inside the worker; on a slow line that takes a while.
    const timer = setTimeout(() => done(null), 60_000);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  });
}

function workerReader(worker: Worker, info: BookInfo, ask: <T>(request: Unnumbered, transfer?: Transferable[]) => Promise<T>): SheetReader {
  return {
    info,
    sheet: (index) => ask<SheetData>({ type: 'sheet', index }),
    complete: () => ask<BookInfo>({ type: 'complete' }),
    close: () => worker.terminate(),
  };
}

/**
 * Opens a spreadsheet file off the main thread where possible. `worker` is a worker from
 * startWorker (started while the file downloads); null reads on the main thread.
 */
export async function openSheets(bytes: Uint8Array, extension: string, limits: SheetLimits, worker: Worker | null): Promise<SheetReader> {
  checkZip(bytes);
  if (!worker) return openOnMainThread(bytes, extension, limits);

  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (value: never) => void; reject: (error: unknown) => void; timer: ReturnType<typeof setTimeout> }
  >();
  const failAll = (error: ViewerError) => {
    for (const entry of pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    pending.clear();
  };
  worker.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => {
    const answer = event.data;
    if (!answer || !('id' in answer)) return;
    const entry = pending.get(answer.id);
    if (!entry) return;
    pending.delete(answer.id);
    clearTimeout(entry.timer);
    if (answer.ok) entry.resolve(answer.value as never);
    else entry.reject(errorOf(new Error(answer.error)));
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    failAll(errorOf(new Error(event.message || 'worker failed')));
  });
  const ask = <T>(request: Unnumbered, transfer: Transferable[] = []): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        worker.terminate();
        failAll(new ViewerError('too-large', 'the parser did not answer in time'));
        reject(new ViewerError('too-large', 'the parser did not answer in time'));
      }, WORKER_TIMEOUT_MS);
      pending.set(id, { resolve: resolve as (value: never) => void, reject, timer });
      worker.postMessage({ ...request, id } as WorkerRequest, transfer);
    });

  // The bytes move to the worker (no copy) when they are a whole buffer of their own.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const info = await ask<BookInfo>({ type: 'open', extension, bytes, limits }, whole ? [bytes.buffer as ArrayBuffer] : []);
  return workerReader(worker, info, ask);
}
