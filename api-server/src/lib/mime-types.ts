/**
 * MIME types inferred from file names (contract §6.3: the server always infers the type from the
 * name; client-supplied types are ignored). A small table of common types; anything else is
 * `application/octet-stream`. Used by share uploads, URL import and the file-system browser.
 */

export const DEFAULT_MIME_TYPE = 'application/octet-stream';

const TYPES: Record<string, string> = {
  // images
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  apng: 'image/apng',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  svgz: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
  psd: 'image/vnd.adobe.photoshop',
  // video
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  '3gp': 'video/3gpp',
  m3u8: 'application/vnd.apple.mpegurl',
  // audio
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  flac: 'audio/flac',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  weba: 'audio/webm',
  mid: 'audio/midi',
  midi: 'audio/midi',
  amr: 'audio/amr',
  // documents
  pdf: 'application/pdf',
  rtf: 'application/rtf',
  epub: 'application/epub+zip',
  // text and code
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  ini: 'text/plain',
  conf: 'text/plain',
  cfg: 'text/plain',
  env: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  mdown: 'text/markdown',
  mkd: 'text/markdown',
  mdwn: 'text/markdown',
  mdtxt: 'text/markdown',
  mdtext: 'text/markdown',
  rmd: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  css: 'text/css',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  xml: 'application/xml',
  json: 'application/json',
  map: 'application/json',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  toml: 'text/plain',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  jsx: 'text/plain',
  ts: 'text/plain',
  tsx: 'text/plain',
  py: 'text/x-python',
  java: 'text/x-java-source',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  cc: 'text/x-c++',
  hpp: 'text/x-c++',
  cs: 'text/plain',
  go: 'text/plain',
  rs: 'text/plain',
  rb: 'text/plain',
  php: 'text/plain',
  sh: 'text/x-shellscript',
  bash: 'text/x-shellscript',
  bat: 'text/plain',
  ps1: 'text/plain',
  sql: 'text/plain',
  kt: 'text/plain',
  swift: 'text/plain',
  vue: 'text/plain',
  // office
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  // archives and binaries
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  tar: 'application/x-tar',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  bz2: 'application/x-bzip2',
  xz: 'application/x-xz',
  zst: 'application/zstd',
  iso: 'application/x-iso9660-image',
  dmg: 'application/x-apple-diskimage',
  apk: 'application/vnd.android.package-archive',
  jar: 'application/java-archive',
  exe: 'application/vnd.microsoft.portable-executable',
  msi: 'application/x-msi',
  deb: 'application/vnd.debian.binary-package',
  rpm: 'application/x-rpm',
  wasm: 'application/wasm',
  // fonts
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

/** Preferred extension for a MIME type (names for URL imports without one). */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/tiff': 'tiff',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/html': 'html',
  'text/javascript': 'js',
  'application/javascript': 'js',
  'text/yaml': 'yaml',
  'video/mpeg': 'mpeg',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/midi': 'mid',
  'application/gzip': 'gz',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/json': 'json',
};
for (const [extension, type] of Object.entries(TYPES)) {
  if (!(type in EXTENSIONS)) EXTENSIONS[type] = extension;
}

const OFFICE_EXTENSIONS = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp']);
const OFFICE_TYPES = new Set([
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]);

/** Lower-case extension of a file name without the dot (`""` when none, dotfiles too): `a/B.TXT` → `txt`. */
export function fileExtension(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The MIME type of a file name; `application/octet-stream` when the extension is unknown. */
export function mimeTypeForFilename(filename: string): string {
  return TYPES[fileExtension(filename)] ?? DEFAULT_MIME_TYPE;
}

/** `type/subtype` in lower case without parameters (`text/html; charset=x` → `text/html`); `""` when unusable. */
export function essence(contentType: string | undefined | null): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : '';
}

/** The usual extension (without dot) of a MIME type, or undefined. Parameters are ignored. */
export function extensionForMimeType(contentType: string | undefined | null): string | undefined {
  const type = essence(contentType);
  return type ? EXTENSIONS[type] : undefined;
}

/** Word, Excel, PowerPoint and OpenDocument files (by extension or MIME type): previewed with the Office viewer. */
export function isOfficeDocument(filename: string, mimetype?: string | null): boolean {
  if (OFFICE_EXTENSIONS.has(fileExtension(filename))) return true;
  const type = essence(mimetype);
  return OFFICE_TYPES.has(type) || type.startsWith('application/vnd.openxmlformats-officedocument.');
}

/**
 * The JavaScript MIME types (the HTML standard's list): a browser runs a `<script src>` of these
 * from our origin, which the page's `script-src 'self'` allows; with nosniff it refuses any other
 * type. Shared files and proxied content of these types go out as text/plain.
 */
export function isScriptContentType(contentType: string | undefined | null): boolean {
  return /^(?:text|application)\/(?:x-)?(?:javascript[\d.]*|ecmascript|jscript|livescript)$/.test(essence(contentType));
}

/** A plain-text type for a script type (see isScriptContentType), else the type unchanged. */
export function nonScriptContentType(contentType: string): string {
  return isScriptContentType(contentType) ? 'text/plain; charset=utf-8' : contentType;
}

/** Types a browser renders as a document that can run script: HTML, and XML of any kind (XHTML, SVG, `+xml`). */
const ACTIVE_DOCUMENT_TYPES = new Set(['text/html', 'text/xml', 'application/xml']);

/**
 * Active content: types a browser would run as a document (HTML, XHTML, SVG, XML, any `+xml`) or
 * as a script (see isScriptContentType). The one definition of it: the proxy links (routes/files.ts)
 * and the local driver's signed URLs (routes/local-storage.ts) serve these from our origin only with
 * `nosniff` and a sandboxing Content-Security-Policy. Pass the stored type, not the one served (a
 * script type goes out as text/plain but is still active content).
 */
export function isActiveContentType(contentType: string | undefined | null): boolean {
  const type = essence(contentType);
  return ACTIVE_DOCUMENT_TYPES.has(type) || type.endsWith('+xml') || isScriptContentType(type);
}
