import { extensionOf } from './extension';
import type { ViewerKind } from './types';

/** Extension → viewer: the one table both remotes use. */
const BY_EXTENSION = new Map<string, ViewerKind>();
const add = (kind: ViewerKind, list: string) => list.split(' ').forEach((ext) => BY_EXTENSION.set(ext, kind));
add('image', 'png jpg jpeg jfif gif webp avif bmp ico');
add('svg', 'svg');
add('video', 'mp4 webm ogv mov m4v');
add('audio', 'mp3 wav ogg oga m4a aac flac opus');
add('pdf', 'pdf');
add('document', 'docx odt');
add('spreadsheet', 'xlsx xls ods csv tsv');
add('slides', 'pptx odp');
add('ebook', 'epub');
add('archive', 'zip 7z tar tar.gz tgz rar');
add('markdown', 'md markdown mdown mkd mdwn mdtxt mdtext rmd');
add('html', 'html htm xhtml');

/** Extension → highlight.js language of the common subset ('plaintext': text without a grammar). */
const LANGUAGES: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  json: 'json',
  py: 'python',
  rb: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  swift: 'swift',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  php: 'php',
  pl: 'perl',
  lua: 'lua',
  r: 'r',
  sql: 'sql',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  ps1: 'plaintext',
  css: 'css',
  scss: 'scss',
  less: 'less',
  xml: 'xml',
  vue: 'xml',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  conf: 'ini',
  cfg: 'ini',
  env: 'ini',
  properties: 'ini',
  diff: 'diff',
  patch: 'diff',
  graphql: 'graphql',
  gql: 'graphql',
  makefile: 'makefile',
  mk: 'makefile',
  dockerfile: 'dockerfile',
  srt: 'plaintext',
  vtt: 'plaintext',
  txt: 'plaintext',
  text: 'plaintext',
  log: 'plaintext',
};

/** The language of text with nothing to highlight: shown as it is, without loading highlight.js. */
export const PLAIN_TEXT_LANGUAGE = 'plaintext';

const TEXT_MIME =
  /^(?:text\/|application\/(?:json|xml|javascript|x-javascript|ecmascript|x-sh|x-yaml|yaml|toml|sql|graphql|x-httpd-php|ld\+json)|.*\+(?:json|xml)$)/;

const BY_MIME: [RegExp, ViewerKind][] = [
  [/^image\/svg\+xml$/, 'svg'],
  [/^image\//, 'image'],
  [/^video\//, 'video'],
  [/^audio\//, 'audio'],
  [/^application\/pdf$/, 'pdf'],
  [/^text\/markdown$|^text\/x-markdown$/, 'markdown'],
  [/^text\/html$|^application\/xhtml\+xml$/, 'html'],
  [/^application\/vnd\.openxmlformats-officedocument\.wordprocessingml|^application\/vnd\.oasis\.opendocument\.text$/, 'document'],
  [
    /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml|^application\/vnd\.ms-excel$|^application\/vnd\.oasis\.opendocument\.spreadsheet$|^text\/(?:csv|tab-separated-values)$/,
    'spreadsheet',
  ],
  [/^application\/vnd\.openxmlformats-officedocument\.presentationml|^application\/vnd\.oasis\.opendocument\.presentation$/, 'slides'],
  [/^application\/epub\+zip$/, 'ebook'],
  [/^application\/(?:zip|x-zip-compressed|x-7z-compressed|x-tar|gzip|x-gzip|x-rar-compressed|vnd\.rar)$/, 'archive'],
];

/** The viewer of a file, from its name (first) and the type the server reported. */
export function viewerKind(name: string, contentType?: string | null): ViewerKind {
  const ext = extensionOf(name);
  const byName = BY_EXTENSION.get(ext);
  if (byName) return byName;
  if (ext in LANGUAGES) return 'code';
  const mime = (contentType ?? '').toLowerCase().split(';')[0]!.trim();
  for (const [pattern, kind] of BY_MIME) if (pattern.test(mime)) return kind;
  if (TEXT_MIME.test(mime)) return 'code';
  return 'other';
}

/** highlight.js language of a text file (PLAIN_TEXT_LANGUAGE when there is none). */
export function codeLanguage(name: string, contentType?: string | null): string {
  const ext = extensionOf(name);
  const known = LANGUAGES[ext];
  if (known) return known;
  const mime = (contentType ?? '').toLowerCase();
  if (mime.includes('json')) return 'json';
  if (mime.includes('xml') || mime.includes('html')) return 'xml';
  if (mime.includes('javascript')) return 'javascript';
  return PLAIN_TEXT_LANGUAGE;
}

/** Kinds whose viewer reads the file's text (the editor of the explorer may offer to edit them). */
export function isTextKind(kind: ViewerKind): boolean {
  return kind === 'code' || kind === 'markdown' || kind === 'svg' || kind === 'html';
}
