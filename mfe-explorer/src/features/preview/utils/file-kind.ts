/** How a file of the explorer is previewed. List items carry no type (contract §5.9): the name decides, `fs/get`'s contentType helps. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'markdown' | 'code' | 'other';

const BY_EXTENSION: Record<string, PreviewKind> = {};
const add = (kind: PreviewKind, list: string) => list.split(' ').forEach((ext) => (BY_EXTENSION[ext] = kind));
add('image', 'png jpg jpeg gif webp avif bmp ico svg');
add('video', 'mp4 webm ogv mov m4v');
add('audio', 'mp3 wav ogg oga m4a aac flac opus');
add('pdf', 'pdf');
add('markdown', 'md markdown mdown mkd mdwn mdtxt mdtext rmd');

/** Extension → highlight.js language of the common bundle ('plaintext' for text without a grammar). */
const LANGUAGE: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  py: 'python',
  rb: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  swift: 'swift',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
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
  css: 'css',
  scss: 'scss',
  less: 'less',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  vue: 'xml',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  conf: 'ini',
  cfg: 'ini',
  env: 'ini',
  diff: 'diff',
  patch: 'diff',
  graphql: 'graphql',
  makefile: 'makefile',
  mk: 'makefile',
  dockerfile: 'dockerfile',
  txt: 'plaintext',
  log: 'plaintext',
  csv: 'plaintext',
  tsv: 'plaintext',
  text: 'plaintext',
};

export function extensionOf(name: string): string {
  const base = name.toLowerCase();
  if (base === 'makefile' || base === 'dockerfile') return base;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1) : '';
}

export function previewKind(name: string, contentType?: string | null): PreviewKind {
  const ext = extensionOf(name);
  const byName = BY_EXTENSION[ext];
  if (byName) return byName;
  if (ext in LANGUAGE) return 'code';
  const mime = (contentType ?? '').toLowerCase();
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('text/') || /json|xml|javascript|yaml/.test(mime)) return 'code';
  return 'other';
}

export function codeLanguage(name: string): string {
  return LANGUAGE[extensionOf(name)] ?? 'plaintext';
}

/** Text files that can be edited in place (≤ 10 MB of content, contract `fs/update`). */
export function isEditableText(name: string): boolean {
  const kind = previewKind(name);
  return kind === 'code' || kind === 'markdown' || extensionOf(name) === 'svg';
}
