/**
 * The page's first screen: the top of the page (its heading, its lead text) that the gateway wrote
 * into the boot page from the remote's build (deploy/gateway/boot-page.mjs), painted with the HTML,
 * right below the start-up header and outside the shell's React root.
 *
 * It never moves: while it is shown (`<html data-first-screen="shown">`), the shell's <main> is laid
 * out but invisible and out of the flow, and the footer waits, so the first screen stays exactly
 * where the page will be (host-shell/src/styles/shell.css). The remote's slot removes it in the same
 * task in which the remote's page arrives (`dismissWhenPageIn`), so nothing blinks and the text does
 * not move. It also goes when the remote fails, when the visitor leaves the address, or when the
 * remote shows no page within `FIRST_SCREEN_GRACE_MS` of being mounted.
 */

/** The element the gateway writes (boot-page.mjs `firstScreenMarkup`). */
export const FIRST_SCREEN_ID = 'cc-first-screen';
/** A remote's page marks its root element with data-area (e.g. data-area="public"). */
const PAGE_SELECTOR = '[data-area]';
export const FIRST_SCREEN_GRACE_MS = 3000;

let screen: HTMLElement | null | undefined;

/**
 * The first screen of the page, read once: from then on the shell's layout makes room for it. An
 * empty placeholder (a page served without the gateway, or without a first screen) is removed.
 */
export function claimFirstScreen(): HTMLElement | null {
  if (screen !== undefined) return screen;
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ID);
  screen = element && element.childElementCount > 0 ? element : null;
  if (element && !screen) element.remove();
  if (screen) document.documentElement.dataset.firstScreen = 'shown';
  return screen;
}

/** Whether a first screen is still shown. */
export function firstScreenShown(): boolean {
  return claimFirstScreen() !== null;
}

/** Removes the first screen for good, and with it the shell's room for it. */
export function dismissFirstScreen(): void {
  const element = claimFirstScreen();
  if (!element) return;
  element.remove();
  screen = null;
  delete document.documentElement.dataset.firstScreen;
}

/**
 * Swaps the first screen for the page as soon as `mount` (the remote's element) holds a page,
 * before the browser paints again (a MutationObserver runs in the task that added the page).
 * @returns stops watching
 */
export function dismissWhenPageIn(mount: HTMLElement): () => void {
  if (!firstScreenShown()) return () => undefined;
  const observer = new MutationObserver(() => swap());
  const swap = (): boolean => {
    if (!mount.querySelector(PAGE_SELECTOR)) return false;
    observer.disconnect();
    dismissFirstScreen();
    return true;
  };
  if (!swap()) observer.observe(mount, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** Tests only: forget the element read from the document. */
export function resetFirstScreenForTests(): void {
  screen = undefined;
}
