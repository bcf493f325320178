/**
 * The parser scripts a spreadsheet worker loads with importScripts(): webpack emits each file as it
 * is (an asset, `new URL(…, import.meta.url)`), never as a worker chunk, so no federation runtime
 * goes into the worker. The URLs are absolute on the remote's own origin.
 *
 * SheetJS's "core" build (xlsx, xls, ods and more; no codepage tables, so legacy pre-1997 .xls in a
 * non-Latin codepage may show wrong characters) and Papa Parse's minified build.
 *
 * The SheetJS path goes through file-viewers/node_modules rather than the package name: the
 * package's `exports` lists its dist files only under the import/require conditions, which webpack
 * does not apply to `new URL()` requests.
 */
export function sheetLibraryUrl(): string {
  return new URL('../../../node_modules/@e965/xlsx/dist/xlsx.core.min.js', import.meta.url).href;
}

export function csvLibraryUrl(): string {
  return new URL('papaparse/papaparse.min.js', import.meta.url).href;
}
