/**
 * Drops the drop zone already took: the page-wide drop handler (on the window) sees the same event
 * after it bubbled up, and must not add the files a second time.
 */
const handled = new WeakSet<Event>();

export function markDropHandled(event: Event): void {
  handled.add(event);
}

export function wasDropHandled(event: Event): boolean {
  return handled.has(event);
}
