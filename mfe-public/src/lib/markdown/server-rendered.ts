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

/**
 * The first block of `chunks` that reaches into the viewport, and where its top is: what the reader
 * is looking at. Keeping it in place keeps the reading position whatever changed above it.
 */
function readingAnchor(chunks: readonly HTMLElement[]): { element: Element; top: number } | null {
  for (const chunk of chunks) {
    const box = chunk.getBoundingClientRect();
    if (box.bottom <= 0) continue;
    for (const child of Array.from(chunk.children)) {
      const top = child.getBoundingClientRect();
      if (top.bottom > 0) return { element: child, top: top.top };
    }
    return { element: chunk, top: box.top };
  }
  return null;
}

/**
 * Notes the window's scroll position, the block of `chunks` the reader is looking at and the
 * document's selection; the returned function sets them again. Taking a node out of the document
 * collapses every range in it, and the document may be laid out differently while the chunks move
 * (the page they move into is shown only once the first screen is gone, and the outline may come in
 * above the text): call it after the move, after the first screen has been handed over, and once
 * more before the next frame. The reading block is put back where it was on screen; without one,
 * the scroll offsets are.
 */
export function keepReadingPosition(chunks: readonly HTMLElement[] = []): () => void {
  const scrollX = window.scrollX;
  const scrollY = window.scrollY;
  const anchor = readingAnchor(chunks);
  const selection = typeof document.getSelection === 'function' ? document.getSelection() : null;
  const saved =
    selection && selection.rangeCount > 0 && selection.anchorNode && selection.focusNode
      ? {
          anchorNode: selection.anchorNode,
          anchorOffset: selection.anchorOffset,
          focusNode: selection.focusNode,
          focusOffset: selection.focusOffset,
        }
      : null;
  return () => {
    if (saved && selection && saved.anchorNode.isConnected && saved.focusNode.isConnected) {
      try {
        selection.setBaseAndExtent(saved.anchorNode, saved.anchorOffset, saved.focusNode, saved.focusOffset);
      } catch {
        /* a selection the browser no longer accepts: leave it */
      }
    }
    if (anchor && anchor.element.isConnected) {
      const moved = anchor.element.getBoundingClientRect().top - anchor.top;
      if (window.scrollX !== scrollX) window.scrollTo(scrollX, window.scrollY);
      if (Math.abs(moved) >= 0.5) window.scrollBy(0, moved);
      return;
    }
    if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
  };
}

/** Moves `chunks` (the same nodes) to the end of `target`. */
export function moveChunks(chunks: HTMLElement[], target: HTMLElement): void {
  const fragment = document.createDocumentFragment();
  for (const chunk of chunks) fragment.appendChild(chunk);
  target.appendChild(fragment);
}
