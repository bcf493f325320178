/** How a shared file is previewed. */
export type FileKind = 'image' | 'video' | 'audio' | 'pdf' | 'markdown' | 'text' | 'other';

const MARKDOWN_EXT = new Set(['md', 'markdown', 'mdown', 'mkd', 'mdwn', 'mdtxt', 'mdtext', 'rmd']);
const IMAGE_EXT = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'ico', 'svg']);
const VIDEO_EXT = new Set(['mp4', 'webm', 'ogv', 'mov', 'm4v']);
const AUDIO_EXT = new Set(['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac', 'opus']);

/** Extension → highlight.js language (the common subset the viewer loads). */
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
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  vue: 'xml',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  conf: 'ini',
  cfg: 'ini',
  properties: 'ini',
  diff: 'diff',
  patch: 'diff',
  graphql: 'graphql',
  gql: 'graphql',
  makefile: 'makefile',
  mk: 'makefile',
  dockerfile: 'plaintext',
  txt: 'plaintext',
  log: 'plaintext',
  csv: 'plaintext',
  tsv: 'plaintext',
};

const TEXT_MIME =
  /^(?:text\/|application\/(?:json|xml|javascript|x-javascript|ecmascript|x-sh|x-yaml|yaml|toml|sql|graphql|x-httpd-php|ld\+json)|.*\+(?:json|xml)$)/;

export function extensionOf(fileName: string): string {
  const base = fileName.toLowerCase().split('/').pop() ?? '';
  if (base === 'makefile' || base === 'dockerfile') return base;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1) : '';
}

/** The preview of a file, from its MIME type (server-inferred) and its name. */
export function fileKind(mimetype: string | null | undefined, fileName: string): FileKind {
  const mime = (mimetype ?? '').toLowerCase().split(';')[0]!.trim();
  const ext = extensionOf(fileName);
  if (MARKDOWN_EXT.has(ext) || mime === 'text/markdown' || mime === 'text/x-markdown') return 'markdown';
  if (mime.startsWith('image/') || (!mime && IMAGE_EXT.has(ext))) return 'image';
  if (mime.startsWith('video/') || VIDEO_EXT.has(ext)) return 'video';
  if (mime.startsWith('audio/') || AUDIO_EXT.has(ext)) return 'audio';
  if (mime === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (TEXT_MIME.test(mime) || ext in LANGUAGES) return 'text';
  return 'other';
}

/** Larger text files are not fetched for the preview (download instead). */
export const TEXT_PREVIEW_MAX_BYTES = 2 * 1024 * 1024;

/** The preview shows the file's text: a text, code or Markdown file small enough to fetch. */
export function previewsText(file: { mimetype?: string | null; filename: string; size: number }): boolean {
  const kind = fileKind(file.mimetype, file.filename);
  return (kind === 'text' || kind === 'markdown') && file.size <= TEXT_PREVIEW_MAX_BYTES;
}

/** The language of text with nothing to highlight: shown as it is, without the Markdown pipeline. */
export const PLAIN_TEXT_LANGUAGE = 'plaintext';

/** highlight.js language of a text file (PLAIN_TEXT_LANGUAGE when unknown). */
export function codeLanguage(fileName: string, mimetype?: string | null): string {
  const ext = extensionOf(fileName);
  if (LANGUAGES[ext]) return LANGUAGES[ext]!;
  const mime = (mimetype ?? '').toLowerCase();
  if (mime.includes('json')) return 'json';
  if (mime.includes('xml') || mime.includes('html')) return 'xml';
  if (mime.includes('javascript')) return 'javascript';
  return PLAIN_TEXT_LANGUAGE;
}

/** Markdown of a code block holding `text` (the fence is longer than any backtick run inside). */
export function codeBlockMarkdown(text: string, language: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}\n`;
}
