import { REMOTE } from '../remote';

/** Moves the focus to the first invalid field of this remote once React has shown the errors. */
export function focusFirstInvalid(): void {
  setTimeout(() => {
    document.querySelector<HTMLElement>(`[data-remote="${REMOTE.name}"] [aria-invalid="true"]`)?.focus();
  }, 0);
}
