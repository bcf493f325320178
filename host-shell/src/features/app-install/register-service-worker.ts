/** Where the gateway serves the service worker (built by this package into dist/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

export interface RegisterServiceWorkerOptions {
  /** Production builds only: a development server has no /sw.js and must not be cached. */
  production?: boolean;
  win?: Window;
}

/** Runs `task` once the page has loaded and the browser is idle, so the worker never competes with the first page. */
function afterLoadWhenIdle(win: Window, task: () => void): void {
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => task(), { timeout: 5000 });
    else win.setTimeout(task, 1000);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}

/**
 * Registers the app's service worker (offline copy of the shell and the pinned releases, the share
 * target) in a production build, after the page's `load` event while the browser is idle. Says
 * nothing when the browser has no service workers, refuses the registration (a test browser that
 * blocks them, a private window) or the server has no /sw.js.
 * @returns the registration, or null when there is none
 */
export function registerServiceWorker({
  production = process.env.NODE_ENV === 'production',
  win = window,
}: RegisterServiceWorkerOptions = {}): Promise<ServiceWorkerRegistration | null> {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!production || !container || typeof container.register !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    afterLoadWhenIdle(win, () => {
      try {
        container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).then(resolve, () => resolve(null));
      } catch {
        resolve(null);
      }
    });
  });
}
