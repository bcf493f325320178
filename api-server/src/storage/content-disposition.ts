import type { ContentDispositionType } from './storage-driver';

function asciiFallback(filename: string): string {
  // Quoted-string safe: printable ASCII without `"` and `\`; everything else becomes `_`.
  return filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition` per RFC 6266: an ASCII `filename` fallback plus `filename*` (UTF-8)
 * whenever the name is not plain ASCII.
 */
export function contentDisposition(type: ContentDispositionType, filename: string | undefined): string {
  if (!filename) return type;
  const fallback = asciiFallback(filename);
  const header = `${type}; filename="${fallback}"`;
  return fallback === filename ? header : `${header}; filename*=UTF-8''${encodeRfc5987(filename)}`;
}
