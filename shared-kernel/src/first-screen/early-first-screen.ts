import { getKernel, hasKernel } from '../kernel';

/**
 * The page's first screen (`<div id="cc-first-screen">`, written by the gateway into the boot page)
 * can be live: it holds real controls (a textarea, a login form) and server-rendered content that the
 * visitor uses before the code arrives. These helpers let a page take that state over instead of
 * starting from scratch, and tell the host when it has done so.
 */

/** The element the gateway writes (deploy/gateway/boot-page.mjs). */
export const FIRST_SCREEN_ELEMENT_ID = 'cc-first-screen';
/** Set on the first screen once a page has taken it over (the host may subscribe late). */
export const FIRST_SCREEN_ADOPTED_ATTRIBUTE = 'data-adopted';

/** What the visitor did with an early control before the page's code arrived. */
export interface EarlyField {
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  focused: boolean;
}

type EarlyControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function firstScreen(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID);
}

/**
 * Whether the control sits in the variants the boot page's CSS shows (shared-kernel/build/index.html):
 * every `[data-lang]` and `[data-session]` block around it matches the page's language and session.
 */
function inShownVariant(control: Element, screen: HTMLElement): boolean {
  const root = document.documentElement;
  const language = root.lang === 'en-US' ? 'en-US' : 'zh-CN';
  const session = root.dataset.session === 'signed-in' ? 'signed-in' : 'signed-out';
  for (let node = control.parentElement; node && node !== screen; node = node.parentElement) {
    const lang = node.getAttribute('data-lang');
    const owner = node.getAttribute('data-session');
    if ((lang !== null && lang !== language) || (owner !== null && owner !== session)) return false;
  }
  return true;
}

function isControl(element: Element): element is EarlyControl {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

function selection(control: EarlyControl): { start: number | null; end: number | null } {
  if (control instanceof HTMLSelectElement) return { start: null, end: null };
  try {
    // Inputs without a text selection (checkbox, number, email in some engines) answer null or throw.
    return { start: control.selectionStart ?? null, end: control.selectionEnd ?? null };
  } catch {
    return { start: null, end: null };
  }
}

function cssValue(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

/**
 * The first screen's control `[data-early-field=name]`: the one in the variant for the page's
 * language, or another variant's control when only that one holds a value. Null when the first
 * screen is gone or has no such control.
 */
export function takeEarlyField(name: string): EarlyField | null {
  const screen = firstScreen();
  if (!screen) return null;
  const controls = Array.from(screen.querySelectorAll(`[data-early-field="${cssValue(name)}"]`)).filter(isControl);
  const shown = controls.find((control) => inShownVariant(control, screen)) ?? controls[0];
  if (!shown) return null;
  const control = shown.value !== '' ? shown : (controls.find((candidate) => candidate.value !== '') ?? shown);
  const { start, end } = selection(control);
  return {
    value: control.value,
    selectionStart: start,
    selectionEnd: end,
    focused: document.activeElement === control,
  };
}

const SUBMITTED_ATTRIBUTE = 'data-early-submitted';

/**
 * Whether the visitor submitted the first screen's `form[data-early-form=name]` before the code
 * arrived (the boot page's start-up script held the native submit back and marked the form).
 * True once: the mark is cleared, so the page submits a single time.
 */
export function takeEarlySubmit(name: string): boolean {
  const screen = firstScreen();
  if (!screen) return false;
  const forms = Array.from(screen.querySelectorAll(`form[data-early-form="${cssValue(name)}"]`));
  const submitted = forms.filter((form) => form.getAttribute(SUBMITTED_ATTRIBUTE) === 'true');
  submitted.forEach((form) => form.removeAttribute(SUBMITTED_ATTRIBUTE));
  return submitted.length > 0;
}

/** The server-rendered content (`[data-server-rendered=kind]`) of the live first screen, if any. */
export function serverRenderedContent(kind: 'paste' | 'file'): HTMLElement | null {
  const screen = firstScreen();
  if (!screen || !screen.hasAttribute('data-live')) return null;
  return screen.querySelector<HTMLElement>(`[data-server-rendered="${kind}"]`);
}

/**
 * The page has taken the first screen over (moved its content, read its controls): the host removes
 * the first screen in this same task (bus event `first-screen-adopted`).
 */
export function markFirstScreenAdopted(): void {
  firstScreen()?.setAttribute(FIRST_SCREEN_ADOPTED_ATTRIBUTE, 'true');
  if (hasKernel()) getKernel().bus.emit('first-screen-adopted', {});
}
