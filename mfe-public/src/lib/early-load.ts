import type { Kernel } from '@cloudclip/shared-kernel';

/**
 * The first request of a share page (a paste's text, a file's details), started while the page's
 * code is still downloading (the remote's `preload`, before its first render), so the content does
 * not wait for the code and then for one more round trip. The page's hook takes the started request
 * instead of asking again: still one request, one view counted. It stays available until the page
 * has shown its answer (`forget`), so an effect that runs twice reuses it too.
 */
export interface EarlyLoad<T> {
  start(kernel: Kernel, slug: string): void;
  /** The request started for this slug, if any. */
  started(slug: string): Promise<T> | null;
  /** The page has shown the answer: a later visit asks the server again. */
  forget(load: Promise<T>): void;
}

export function createEarlyLoad<T>(load: (kernel: Kernel, slug: string) => Promise<T>): EarlyLoad<T> {
  let current: { slug: string; load: Promise<T> } | null = null;
  return {
    start(kernel, slug) {
      if (current?.slug === slug) return;
      const request = load(kernel, slug);
      // Whoever takes it handles a failure; nobody may take it (the visitor left first).
      request.catch(() => undefined);
      current = { slug, load: request };
    },
    started: (slug) => (current?.slug === slug ? current.load : null),
    forget(request) {
      if (current?.load === request) current = null;
    },
  };
}
