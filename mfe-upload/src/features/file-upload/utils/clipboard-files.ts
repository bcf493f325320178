const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);

/** A field that takes typed or pasted text (the URL field, the options), where a text paste belongs. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(target.type);
  // jsdom has no isContentEditable: the attribute says the same.
  return target.isContentEditable === true || target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}
