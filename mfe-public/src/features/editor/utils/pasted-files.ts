import type { SessionState } from '@cloudclip/shared-kernel';

/** The part of a paste event's clipboard this module reads (DataTransfer in browsers). */
export type ClipboardLike = Pick<DataTransfer, 'getData'> & {
  files?: ArrayLike<File> | null;
  items?: ArrayLike<Pick<DataTransferItem, 'kind' | 'getAsFile'>> | null;
  types?: ArrayLike<string> | null;
};

/**
 * The files a paste brings, or none when it is a text paste. Office programs put a picture of
 * the copied cells or paragraphs next to their text and HTML: when the clipboard holds both plain
 * text and HTML, the text is what was meant and the files are ignored. A screenshot, an image
 * copied from a web page (HTML but no plain text) or a file copied in a file manager (its name as
 * plain text, no HTML) give their files.
 */
export function pastedFiles(data: ClipboardLike | null | undefined): File[] {
  if (!data) return [];
  let files = Array.from(data.files ?? []);
  if (files.length === 0) {
    files = Array.from(data.items ?? [])
      .filter((item) => item.kind === 'file')
      .map((item) => item.getAsFile())
      .filter((file): file is File => file !== null);
  }
  if (files.length === 0) return [];
  const types = Array.from(data.types ?? []);
  const text = data.getData('text/plain');
  if (types.includes('text/html') && text.trim() !== '') return [];
  return files;
}

/**
 * Who may upload (the upload page's rule, contract guard `file`): the administrator, or an API key
 * with the file permission.
 */
export function mayUploadFiles(session: Pick<SessionState, 'adminToken' | 'apiKey' | 'apiKeyPermissions'>): boolean {
  if (session.adminToken) return true;
  return !!session.apiKey && !!session.apiKeyPermissions?.file;
}

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'image/heic': 'heic',
};

/**
 * The name a pasted file is uploaded under. The server infers the type from the name's extension,
 * so a nameless or extension-less image gets one from its MIME type.
 */
export function uploadName(file: Pick<File, 'name' | 'type'>, now: Date = new Date()): string {
  const extension = EXTENSION_OF_TYPE[file.type];
  const name = file.name.trim();
  if (!name) {
    const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    return extension ? `pasted-${stamp}.${extension}` : `pasted-${stamp}`;
  }
  if (extension && !/\.[A-Za-z0-9]{1,8}$/.test(name)) return `${name}.${extension}`;
  return name;
}

/** The name as Markdown image text: brackets and backslashes escaped, line breaks folded. */
function altText(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/([\\[\]])/g, '\\$1');
}

/** `![name](url)`; an address with spaces or parentheses goes in angle brackets. */
export function imageMarkdown(name: string, url: string): string {
  const target = /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
  return `![${altText(name)}](${target})`;
}

/**
 * `![<label>]()`, made unique: "(2)", "(3)"… are added while `taken` says the text is already in use,
 * so each upload finds its own placeholder again.
 */
export function uniquePlaceholder(label: string, taken: (text: string) => boolean): string {
  const text = (suffix: string) => `![${altText(label)}${suffix}]()`;
  let candidate = text('');
  for (let n = 2; taken(candidate); n += 1) candidate = text(` (${n})`);
  return candidate;
}
