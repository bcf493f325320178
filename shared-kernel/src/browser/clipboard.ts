/**
 * Copies text for every remote. The async Clipboard API exists only on secure origins (https,
 * localhost); a self-hosted server on plain http falls back to a hidden textarea and
 * `execCommand('copy')`, restoring the visitor's selection afterwards.
 * @returns whether the text reached the clipboard
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText && typeof window !== 'undefined' && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      /* permission refused: try the fallback */
    }
  }
  return copyWithCommand({ 'text/plain': text });
}

/**
 * The copy command on a temporary selection, for when the async Clipboard API is missing or
 * refused: a hidden textarea holding the plain text is selected, and the copy event puts every
 * type of `data` (e.g. `text/html` and `text/plain`) on the clipboard. The visitor's selection is
 * restored afterwards.
 * @returns whether the clipboard got every type (a browser whose copy event carries no data still
 *   copies the selected plain text, which is enough when that is all there is)
 */
export function copyWithCommand(data: Readonly<Record<string, string>>): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  let handled = false;
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    for (const [type, value] of Object.entries(data)) event.clipboardData.setData(type, value);
    event.preventDefault();
    handled = true;
  };
  const area = document.createElement('textarea');
  area.value = data['text/plain'] ?? '\u00a0';
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const selection = document.getSelection();
  const previous = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  area.select();
  document.addEventListener('copy', onCopy, true);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  document.removeEventListener('copy', onCopy, true);
  area.remove();
  if (selection) {
    selection.removeAllRanges();
    if (previous) selection.addRange(previous);
  }
  const onlyPlainText = Object.keys(data).every((type) => type === 'text/plain');
  return copied && (handled || onlyPlainText);
}
