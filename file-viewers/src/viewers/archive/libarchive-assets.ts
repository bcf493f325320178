/**
 * libarchive.js's worker script and its WebAssembly, emitted by webpack as asset files of the
 * remote's build (`new URL(…, import.meta.url)`: plain files, not a worker chunk, so no federation
 * runtime rides along). Kept in this one module so unit tests can stand in for it.
 */
export function libarchiveAssets(): { workerUrl: string; wasmUrl: string } {
  return {
    workerUrl: new URL('libarchive.js/dist/worker-bundle.js', import.meta.url).href,
    wasmUrl: new URL('libarchive.js/dist/libarchive.wasm', import.meta.url).href,
  };
}
