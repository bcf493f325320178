import { expect, type Page } from '@playwright/test';

/** What the page knows about its service worker, and what the worker says about its precache. */
export interface ServiceWorkerStatus {
  /** navigator.serviceWorker.controller is set: the page's requests go through the worker. */
  controlled: boolean;
  /** The app-cache key the worker last precached (null: none yet, or no answer). */
  key: string | null;
  /** The worker has cached the shell and the files of the current app-cache key. */
  precached: boolean;
}

/**
 * Asks the controlling worker `{ type: 'cc:status' }` over a MessageChannel (it answers on the
 * port). A worker that does not answer within 2 s counts as not precached.
 */
export async function serviceWorkerStatus(page: Page): Promise<ServiceWorkerStatus> {
  return page.evaluate(
    () =>
      new Promise<ServiceWorkerStatus>((resolve) => {
        const controller = navigator.serviceWorker?.controller ?? null;
        if (!controller) {
          resolve({ controlled: false, key: null, precached: false });
          return;
        }
        const channel = new MessageChannel();
        const timer = window.setTimeout(() => resolve({ controlled: true, key: null, precached: false }), 2_000);
        channel.port1.onmessage = (event: MessageEvent<{ type?: string; key?: string | null; precached?: boolean }>) => {
          if (event.data?.type !== 'cc:status') return;
          window.clearTimeout(timer);
          channel.port1.close();
          resolve({ controlled: true, key: event.data.key ?? null, precached: event.data.precached === true });
        };
        controller.postMessage({ type: 'cc:status' }, [channel.port2]);
      }),
  );
}

/**
 * Waits until a service worker controls the page and (unless `precached: false`) has precached the
 * shell and the pinned releases, so that the next load can run without the network.
 * The worker registers after `load` and claims the page when it activates: no reload is needed.
 */
export async function waitForServiceWorker(
  page: Page,
  { precached = true, timeout = 20_000 }: { precached?: boolean; timeout?: number } = {},
): Promise<ServiceWorkerStatus> {
  let last: ServiceWorkerStatus = { controlled: false, key: null, precached: false };
  await expect
    .poll(
      async () => {
        last = await serviceWorkerStatus(page);
        return precached ? last.controlled && last.precached : last.controlled;
      },
      {
        timeout,
        intervals: [100, 250, 500],
        message: precached ? 'a precached service worker controls the page' : 'a service worker controls the page',
      },
    )
    .toBe(true);
  return last;
}
