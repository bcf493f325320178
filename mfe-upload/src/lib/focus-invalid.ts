/** Moves the focus to the first invalid field of this remote once React has shown the errors. */
export function focusFirstInvalid(): void {
  setTimeout(() => {
    document.querySelector<HTMLElement>('[data-remote="cloudclip_upload"] [aria-invalid="true"]')?.focus();
  }, 0);
}
