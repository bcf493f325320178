/** Files of a paste event (a screenshot, an image copied in a browser, files copied in a file manager). */
export function filesOfClipboard(data: DataTransfer | null | undefined): File[] {
  if (!data) return [];
  if (data.files && data.files.length > 0) return Array.from(data.files);
  return Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}

/** Whether the clipboard also carries plain text (a spreadsheet's cells come as text and as a picture). */
export function clipboardHasText(data: DataTransfer | null | undefined): boolean {
  return Array.from(data?.types ?? []).includes('text/plain');
}

const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);

/** A field that takes typed or pasted text (the URL field, the options), where a text paste belongs. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(target.type);
  // jsdom has no isContentEditable: the attribute says the same.
  return target.isContentEditable === true || target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** Names the clipboard gives a picture that has no file behind it (a screenshot, a copied image). */
const GENERIC_NAME = /^(?:(?:image|blob|clipboard|pasted graphic(?: \d+)?)(?:\.[a-z0-9]+)?)?$/i;

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'image/tiff': 'tiff',
  'text/plain': 'txt',
  'text/html': 'html',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** `pasted-2026-11-28-153012` in the device's local time. */
export function pastedBaseName(at: Date): string {
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `pasted-${day}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
}

function extensionOf(file: File): string {
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  if (fromName) return fromName.toLowerCase();
  const type = file.type.split(';')[0] ?? '';
  return EXTENSION_OF_TYPE[type.trim().toLowerCase()] ?? '';
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
