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
 *
 * A live first screen (`data-live`: the gateway rendered it on the server, or the build marked it
 * live) is in use: the visitor may be typing in its textarea or reading its server-rendered text.
 * It stays until the page has taken it over — the page calls the kernel's markFirstScreenAdopted(),
 * whose bus event `first-screen-adopted` removes it in that same task — or, if the page never does,
 * `FIRST_SCREEN_GRACE_MS` after the page is in (and, as above, on failure or leaving).
 */
import { FIRST_SCREEN_ADOPTED_ATTRIBUTE, FIRST_SCREEN_ELEMENT_ID, type EventBus } from '@cloudclip/shared-kernel';

/** A remote's page marks its root element with data-area (e.g. data-area="public"). */
const PAGE_SELECTOR = '[data-area]';
export const FIRST_SCREEN_GRACE_MS = 3000;
/** Set by the gateway on a first screen the visitor can use (boot-page.mjs). */
const LIVE_ATTRIBUTE = 'data-live';

let screen: HTMLElement | null | undefined;
/** A live first screen whose page is in: it waits for the page to adopt it (or for the grace period). */
let awaitingAdoption = false;

/**
 * The first screen of the page, read once: from then on the shell's layout makes room for it. An
 * empty placeholder (a page served without the gateway, or without a first screen) is removed.
 */
export function claimFirstScreen(): HTMLElement | null {
  if (screen !== undefined) return screen;
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID);
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
  awaitingAdoption = false;
  delete document.documentElement.dataset.firstScreen;
}

/**
 * Removes the first screen unless it is live and its page is in and about to adopt it (the page's
 * own grace period runs then). For the slot's rule "mounted, but no page within the grace period".
 */
export function dismissUnlessAwaitingAdoption(): void {
  if (!awaitingAdoption) dismissFirstScreen();
}

/**
 * Calls `pageIn` as soon as `mount` (the remote's element) holds a page, before the browser paints
 * again (a MutationObserver runs in the task that added the page).
 * @returns stops watching
 */
function whenPageIn(mount: HTMLElement, pageIn: () => void): () => void {
  const observer = new MutationObserver(() => check());
  const check = (): boolean => {
    if (!mount.querySelector(PAGE_SELECTOR)) return false;
    observer.disconnect();
    pageIn();
    return true;
  };
  if (!check()) observer.observe(mount, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Whether the first screen shows this visitor nothing: every block of it is hidden by the page's CSS
 * (e.g. the signed-out login form of /admin for a visitor with a stored credential). Nothing there
 * can be adopted, so nothing is waited for.
 */
function showsNothing(element: HTMLElement): boolean {
  const blocks = Array.from(element.children).filter((child) => child.tagName !== 'STYLE' && child.tagName !== 'SCRIPT');
  return blocks.every((block) => getComputedStyle(block).display === 'none');
}

/** A live first screen goes when the page adopts it (`bus`), or the grace period after the page is in. */
function dismissWhenAdopted(element: HTMLElement, mount: HTMLElement, bus: Pick<EventBus, 'on'>): () => void {
  if (element.hasAttribute(FIRST_SCREEN_ADOPTED_ATTRIBUTE)) {
    dismissFirstScreen();
    return () => undefined;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Set below; the page may already be in (and the screen show nothing) while it is being set.
  let stopWatching: () => void = () => undefined;
  const stop = (): void => {
    subscription.unsubscribe();
    stopWatching();
    if (timer !== undefined) clearTimeout(timer);
  };
  const finish = (): void => {
    stop();
    dismissFirstScreen();
  };
  const subscription = bus.on('first-screen-adopted').subscribe(finish);
  stopWatching = whenPageIn(mount, () => {
    if (showsNothing(element)) {
      finish();
      return;
    }
    awaitingAdoption = true;
    timer = setTimeout(finish, FIRST_SCREEN_GRACE_MS);
  });
  return stop;
}

/**
 * Swaps the first screen for the page: as soon as `mount` (the remote's element) holds a page, or,
 * for a live first screen, when the page has adopted it (kernel bus `first-screen-adopted`, in the
 * same task) — at the latest `FIRST_SCREEN_GRACE_MS` after the page is in.
 * @returns stops watching
 */
export function dismissWhenPageIn(mount: HTMLElement, bus: Pick<EventBus, 'on'>): () => void {
  const element = claimFirstScreen();
  if (!element) return () => undefined;
  if (element.hasAttribute(LIVE_ATTRIBUTE)) return dismissWhenAdopted(element, mount, bus);
  return whenPageIn(mount, dismissFirstScreen);
}

/** Tests only: forget the element read from the document. */
export function resetFirstScreenForTests(): void {
  screen = undefined;
  awaitingAdoption = false;
}
