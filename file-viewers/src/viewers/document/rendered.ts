/** A document rendered into a detached element, ready to be put in the viewer. */
export interface RenderedDocument {
  /** The document's element (its scoped styles inside). */
  node: HTMLElement;
  /** Nothing to read in it (no text, picture or table). */
  empty: boolean;
  /** Only the beginning is shown: the document has more than the viewer's bounds allow. */
  truncated: boolean;
  /** Frees what the render holds (the pictures' object URLs). */
  release: () => void;
}
