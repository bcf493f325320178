/**
 * The pdf.js edge: the only module that imports pdfjs-dist (unit tests mock it). The legacy build:
 * the modern one needs Map.prototype.getOrInsertComputed, Iterator helpers and Uint8Array base64,
 * which browsers only a few versions old (phones above all) lack; the legacy build polyfills them.
 */
import {
  getDocument,
  GlobalWorkerOptions,
  PasswordResponses,
  TextLayer,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type PDFPageProxy,
  type RenderTask,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import { CMAP_URLS } from './cmap-urls';
import { openOptions } from './logic';
import type { FileSource } from '../../types';

export { PasswordResponses, TextLayer };
export type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy, RenderTask };

/**
 * The worker, an asset file of the build (not a webpack worker chunk, which would carry the
 * federation runtime). pdf.js starts it as a module worker; from a remote served by another origin
 * it starts it through a blob: wrapper that imports it (worker-src allows blob:), and when no worker
 * can start at all it runs the same module on the main thread ("fake worker").
 */
GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).href;

/** The binary data pdf.js may ask for, all of it files of this build: nothing comes from a CDN. */
const DATA_URLS: Record<string, Record<string, () => URL>> = {
  cMapUrl: Object.fromEntries(Object.entries(CMAP_URLS).map(([name, url]) => [`${name}.bcmap`, url])),
  // With system fonts on, pdf.js only asks for the two symbol fonts no system has.
  standardFontDataUrl: {
    'FoxitSymbol.pfb': () => new URL('pdfjs-dist/standard_fonts/FoxitSymbol.pfb', import.meta.url),
    'FoxitDingbats.pfb': () => new URL('pdfjs-dist/standard_fonts/FoxitDingbats.pfb', import.meta.url),
  },
  // JPEG 2000 and JBIG2 images; WebAssembly runs only where the page's CSP allows it.
  wasmUrl: {
    'openjpeg.wasm': () => new URL('pdfjs-dist/wasm/openjpeg.wasm', import.meta.url),
    'jbig2.wasm': () => new URL('pdfjs-dist/wasm/jbig2.wasm', import.meta.url),
  },
};

/** pdf.js's BinaryDataFactory (used with `useWorkerFetch: false`): reads the bundled files above. */
class BundledDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = DATA_URLS[kind]?.[filename];
    if (!url) throw new Error(`No bundled ${kind} file ${filename}`);
    const response = await fetch(url(), { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${filename}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** Starts loading the document (range requests for an address, bytes for a blob). */
export async function openPdf(source: FileSource): Promise<PDFDocumentLoadingTask> {
  const options = await openOptions(source);
  return getDocument({
    ...options,
    cMapPacked: true,
    useWorkerFetch: false,
    BinaryDataFactory: BundledDataFactory,
  });
}
