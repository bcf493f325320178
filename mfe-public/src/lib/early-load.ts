import type { Kernel } from '@cloudclip/shared-kernel';

/**
 * The first request of a share page (a paste's text, a file's details, then a text file's text),
 * started while the page's code is still downloading (the remote's `preload`, before its first
 * render), so the content does not wait for the code and then for one more round trip. The page's
 * hook takes the started request instead of asking again: still one request, one view counted. It
 * stays available until the page has shown its answer (`forget`), so an effect that runs twice
 * reuses it too. (The boot page may have sent the very first API request even earlier; the kernel's
 * client then answers from that: shared-kernel/src/api/early-responses.ts.)
 */
export interface EarlyLoad<T> {
  /** Starts the request for `key` (a slug, or an address), unless it is the one already started. */
  start(kernel: Kernel, key: string): void;
  /** The request started for this key, if any. */
  started(key: string): Promise<T> | null;
  /**
   * The answer of the request started for this key, once it has arrived (null before, after a
   * failure, or for another key): a page renders it at once instead of rendering "loading" and
   * then again with the answer.
   */
  settled(key: string): { value: T } | null;
  /** The page has shown the answer: a later visit asks the server again. */
  forget(load: Promise<T>): void;
}

export function createEarlyLoad<T>(load: (kernel: Kernel, key: string) => Promise<T>): EarlyLoad<T> {
  let current: { key: string; load: Promise<T>; settled: { value: T } | null } | null = null;
  return {
    start(kernel, key) {
      if (current?.key === key) return;
      const request = load(kernel, key);
      const entry: NonNullable<typeof current> = { key, load: request, settled: null };
      // Whoever takes it handles a failure; nobody may take it (the visitor left first).
      request.then(
        (value) => {
          entry.settled = { value };
        },
        () => undefined,
      );
      current = entry;
    },
    started: (key) => (current?.key === key ? current.load : null),
    settled: (key) => (current?.key === key ? current.settled : null),
    forget(request) {
      if (current?.load === request) current = null;
    },
  };
}
