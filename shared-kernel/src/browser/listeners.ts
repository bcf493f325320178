/** What listeners can be added to and removed from (window, document, an element, a test's stand-in). */
export type ListenerTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Adds one listener per event type to `target` and returns the function that removes exactly those
 * again (an effect's cleanup), so the two lists cannot drift apart.
 */
export function addListeners(target: ListenerTarget, listeners: Record<string, (event: Event) => void>): () => void {
  const entries = Object.entries(listeners);
  for (const [type, listener] of entries) target.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of entries) target.removeEventListener(type, listener);
  };
}
