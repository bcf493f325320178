/**
 * A paste rendered by the server (src/server-render, written into the boot page's first screen by
 * the gateway) and taken over by the page: the server marks its Markdown container with the hash of
 * the source it rendered and how many chunks it rendered; the page moves those chunk elements into
 * its own view instead of rendering them again (same nodes: the reader's scroll position and
 * selection survive, nothing flashes).
 */

/** FNV-1a (32 bits) over the UTF-16 code units of a text, as 8 hex digits. */
export function sourceHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The chunk elements of a server-rendered container, when it rendered `source` (else null). */
export function serverChunksFor(container: HTMLElement | null, source: string): HTMLElement[] | null {
  if (!container || container.dataset.sourceHash !== sourceHash(source)) return null;
  const chunks = Array.from(container.children).filter(
    (child): child is HTMLElement => child instanceof HTMLElement && child.classList.contains('cp-md-chunk'),
  );
  const declared = Number(container.dataset.chunks);
  if (chunks.length === 0 || (Number.isFinite(declared) && declared !== chunks.length)) return null;
  return chunks;
}

interface SavedSelection {
  anchorNode: Node;
  anchorOffset: number;
  focusNode: Node;
  focusOffset: number;
}

/**
 * Moves `chunks` to the end of `target`, keeping the window's scroll position and the document's
 * selection (a node taken out of the document collapses every range in it: it is saved before and
 * set again after — the nodes are the same).
 */
export function moveKeepingSelection(chunks: HTMLElement[], target: HTMLElement): void {
  const scrollX = window.scrollX;
  const scrollY = window.scrollY;
  const selection = typeof document.getSelection === 'function' ? document.getSelection() : null;
  let saved: SavedSelection | null = null;
  if (selection && selection.rangeCount > 0 && selection.anchorNode && selection.focusNode) {
    saved = {
      anchorNode: selection.anchorNode,
      anchorOffset: selection.anchorOffset,
      focusNode: selection.focusNode,
      focusOffset: selection.focusOffset,
    };
  }
  const fragment = document.createDocumentFragment();
  for (const chunk of chunks) fragment.appendChild(chunk);
  target.appendChild(fragment);
  if (saved && selection && saved.anchorNode.isConnected && saved.focusNode.isConnected) {
    try {
      selection.setBaseAndExtent(saved.anchorNode, saved.anchorOffset, saved.focusNode, saved.focusOffset);
    } catch {
      /* a selection the browser no longer accepts: leave it */
    }
  }
  if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
}
