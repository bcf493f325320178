import type { SessionState } from '../session/session-store';

/** The part of a paste event's clipboard read here (a DataTransfer in browsers). */
export type ClipboardLike = Pick<DataTransfer, 'getData'> & {
  files?: ArrayLike<File> | null;
  items?: ArrayLike<Pick<DataTransferItem, 'kind' | 'getAsFile'>> | null;
  types?: ArrayLike<string> | null;
};

/** Files of a paste (a screenshot, an image copied in a browser, files copied in a file manager). */
export function filesOfClipboard(data: ClipboardLike | null | undefined): File[] {
  if (!data) return [];
  if (data.files && data.files.length > 0) return Array.from(data.files);
  return Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}

/**
 * Office programs put a picture of the copied cells or paragraphs next to their text and HTML:
 * when the clipboard holds both plain text and HTML, the text is what was meant. A screenshot, an
 * image copied from a web page (HTML but no plain text) or a file copied in a file manager (its
 * name as plain text, no HTML) are files.
 */
export function isPictureBesideText(data: ClipboardLike | null | undefined): boolean {
  if (!data) return false;
  return Array.from(data.types ?? []).includes('text/html') && data.getData('text/plain').trim() !== '';
}

/**
 * Who may upload files (contract guard `file`): the administrator, or an API key with the file
 * permission.
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
  'image/tiff': 'tiff',
  'text/plain': 'txt',
  'text/html': 'html',
};

/** The usual file extension of a MIME type (`image/jpeg` → `jpg`), or '' when none is known. */
export function extensionOfType(type: string): string {
  const essence = (type.split(';')[0] ?? '').trim().toLowerCase();
  return EXTENSION_OF_TYPE[essence] ?? '';
}

/** Names the clipboard gives a picture that has no file behind it (a screenshot, a copied image). */
const GENERIC_NAME = /^(?:(?:image|blob|clipboard|pasted graphic(?: \d+)?)(?:\.[a-z0-9]+)?)?$/i;

const pad = (value: number) => String(value).padStart(2, '0');

/** `pasted-2026-11-28-153012` in the device's local time. */
export function pastedBaseName(at: Date): string {
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `pasted-${day}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
}

function extensionOf(file: File): string {
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  if (fromName) return fromName.toLowerCase();
  return extensionOfType(file.type);
}

/**
 * Gives pasted pictures that came without a real name (`image.png`) a name of their own from the
 * paste time, `pasted-2026-11-28-153012.png`, with `-2`, `-3`… when that name was already given
 * (`used`, kept by the caller across pastes). Files with a real name (copied in a file manager)
 * keep it.
 */
export function namePastedFiles(files: File[], at: Date, used: Set<string>): File[] {
  const base = pastedBaseName(at);
  return files.map((file) => {
    if (!GENERIC_NAME.test(file.name)) return file;
    const extension = extensionOf(file);
    const suffix = extension ? `.${extension}` : '';
    let name = `${base}${suffix}`;
    for (let n = 2; used.has(name); n += 1) name = `${base}-${n}${suffix}`;
    used.add(name);
    return new File([file], name, { type: file.type, lastModified: file.lastModified });
  });
}
