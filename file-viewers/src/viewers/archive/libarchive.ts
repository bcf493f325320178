import * as Comlink from 'comlink';
import { ViewerError } from '../../errors';
import { readBlob } from '../../source';
import type { FileSource } from '../../types';
import { libarchiveAssets } from './libarchive-assets';
import { EntryError, MAX_ENTRIES, MAX_ENTRY_BYTES, normalisePath, type ArchiveEntry, type ArchiveHandle } from './model';

/**
 * 7z and RAR through libarchive.js (libarchive compiled to WebAssembly, in a worker). The whole
 * archive is handed to the worker, so it is bounded; listing and extraction run off the main thread.
 *
 * The worker script is the package's own bundle, fetched from the remote's assets and started from a
 * `blob:` URL (a worker must come from the page's origin; remotes may be served from another one),
 * with the address of the .wasm asset written in where the bundle would look for it next to itself.
 * Compiling WebAssembly needs `'wasm-unsafe-eval'` in the page's script-src (the blob worker inherits
 * the page's policy); without it the viewer falls back ("unsupported") at once (wasmAllowed), and a
 * worker that never becomes ready for any other reason falls back after READY_TIMEOUT_MS.
 */

/** Largest 7z/RAR archive read (the worker holds it whole, plus libarchive's copy). */
export const MAX_LIBARCHIVE_BYTES = 200 * 1024 * 1024;
const READY_TIMEOUT_MS = 20_000;
const OPEN_TIMEOUT_MS = 60_000;

const WASM_LOOKUP = /new URL\(\s*["']libarchive\.wasm["']\s*,\s*import\.meta\.url\s*\)\.href/;

/**
 * The worker bundle made runnable from a blob: URL: the .wasm address written in, and every other
 * `import.meta.url` (a module-only expression) replaced by the bundle's own address, so that it runs
 * as a classic worker. A bundle without the expected lookup (another version) is refused.
 */
export function patchWorkerSource(source: string, workerUrl: string, wasmUrl: string): string {
  if (!WASM_LOOKUP.test(source)) throw new ViewerError('unsupported', 'libarchive: unexpected worker bundle');
  return source.replace(WASM_LOOKUP, JSON.stringify(wasmUrl)).split('import.meta.url').join(JSON.stringify(workerUrl));
}

interface RawEntry {
  size: number;
  path: string;
  type?: string;
  lastModified?: number;
  fileData?: Uint8Array;
}

interface WorkerApi {
  open(file: Blob, done: () => void): Promise<void>;
  listFiles(): Promise<RawEntry[]>;
  extractSingleFile(path: string): Promise<RawEntry | undefined>;
  hasEncryptedData(): Promise<boolean | null>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, failure: () => Error, worker: Worker): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(failure()), ms);
    const onError = () => {
      clearTimeout(timer);
      reject(new ViewerError('unsupported', 'libarchive: worker error'));
    };
    worker.addEventListener('error', onError, { once: true });
    promise.then(
      (value) => {
        clearTimeout(timer);
        worker.removeEventListener('error', onError);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        worker.removeEventListener('error', onError);
        reject(error);
      },
    );
  });
}

/** The smallest WebAssembly module: the header alone. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/**
 * Whether this page may compile WebAssembly: a page whose CSP lacks 'wasm-unsafe-eval' refuses
 * (and so does a worker it starts from a blob: URL), so the viewer falls back at once instead of
 * waiting for a worker that never becomes ready.
 */
export function wasmAllowed(): boolean {
  try {
    return new WebAssembly.Module(EMPTY_WASM) instanceof WebAssembly.Module;
  } catch {
    return false;
  }
}

async function startWorker(signal?: AbortSignal): Promise<{ worker: Worker; api: Comlink.Remote<WorkerApi> }> {
  const { workerUrl, wasmUrl } = libarchiveAssets();
  let script: string;
  try {
    const response = await fetch(workerUrl, { signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    script = await response.text();
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ViewerError('chunk-failed', `libarchive worker: ${(error as Error)?.message}`);
  }
  const blobUrl = URL.createObjectURL(new Blob([patchWorkerSource(script, workerUrl, wasmUrl)], { type: 'text/javascript' }));
  const worker = new Worker(blobUrl, { name: 'cloudclip-archive' });
  try {
    const Client = Comlink.wrap<new (ready: () => void) => WorkerApi>(worker);
    let ready!: () => void;
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    const api = await withTimeout(
      (async () => {
        const client = await new Client(Comlink.proxy(() => ready()));
        await isReady;
        return client;
      })(),
      READY_TIMEOUT_MS,
      () => new ViewerError('unsupported', 'libarchive: worker not ready (CSP without wasm-unsafe-eval?)'),
      worker,
    );
    return { worker, api };
  } catch (error) {
    worker.terminate();
    throw error;
  } finally {
    URL.revokeObjectURL(blobUrl);
  }
}

/** Opens a 7z or RAR archive in libarchive's worker and lists it. */
export async function openLibarchive(source: FileSource, format: '7z' | 'rar', signal?: AbortSignal): Promise<ArchiveHandle> {
  if (typeof Worker === 'undefined' || typeof WebAssembly === 'undefined') throw new ViewerError('unsupported', 'no worker or wasm');
  if (!wasmAllowed()) throw new ViewerError('unsupported', "libarchive: WebAssembly refused (CSP without 'wasm-unsafe-eval')");
  if (source.size > MAX_LIBARCHIVE_BYTES) throw new ViewerError('too-large');
  // The worker starts (script, WebAssembly) while the archive downloads.
  const starting = startWorker(signal);
  starting.catch(() => undefined); // awaited below; a failure while the archive downloads is not unhandled
  let blob: Blob;
  try {
    blob = await readBlob(source, { signal, maxBytes: MAX_LIBARCHIVE_BYTES });
  } catch (error) {
    starting.then(
      ({ worker }) => worker.terminate(),
      () => undefined,
    );
    throw error;
  }
  const { worker, api } = await starting;
  const abort = () => worker.terminate();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        api
          .open(
            blob,
            Comlink.proxy(() => resolve()),
          )
          .catch(reject);
      }),
      OPEN_TIMEOUT_MS,
      () => new ViewerError('damaged', 'libarchive: open timed out'),
      worker,
    );
    let raw: RawEntry[];
    try {
      raw = await api.listFiles();
    } catch (error) {
      const encrypted = await api.hasEncryptedData().catch(() => null);
      throw new ViewerError(encrypted ? 'encrypted' : 'damaged', `libarchive: ${(error as Error)?.message}`);
    }
    // libarchive ends the listing at the first error: nothing listed is an unreadable archive (or one
    // whose names are encrypted), not an empty one.
    if (raw.length === 0) throw new ViewerError((await api.hasEncryptedData().catch(() => null)) ? 'encrypted' : 'damaged');
    const truncated = raw.length > MAX_ENTRIES;
    const entries: ArchiveEntry[] = raw.slice(0, MAX_ENTRIES).map((entry, index) => ({
      index,
      path: normalisePath(String(entry.path ?? '')),
      directory: entry.type === 'DIR',
      size: Number.isFinite(entry.size) ? entry.size : -1,
      // libarchive.js reports only the sub-second part of the time (mtime_nsec): no date to show.
      modified: null,
      encrypted: false,
    }));
    const paths = raw.map((entry) => String(entry.path ?? ''));
    return {
      format,
      entries,
      truncated,
      async extract(entry) {
        if (entry.size > MAX_ENTRY_BYTES) throw new EntryError('too-large');
        let file: RawEntry | undefined;
        try {
          file = await api.extractSingleFile(paths[entry.index]!);
        } catch {
          throw new EntryError((await api.hasEncryptedData().catch(() => null)) ? 'unsupported' : 'damaged');
        }
        if (!file?.fileData) throw new EntryError('damaged');
        return new Blob([file.fileData as BlobPart]);
      },
      close() {
        signal?.removeEventListener('abort', abort);
        worker.terminate();
      },
    };
  } catch (error) {
    signal?.removeEventListener('abort', abort);
    worker.terminate();
    throw error;
  }
}
