import { useEffect, useRef, useState } from 'react';
import { addListeners } from '@cloudclip/shared-kernel';

/** Whether a drag carries files (not text, a link or an element of the page). */
export function carriesFiles(event: Event): boolean {
  const types = (event as DragEvent).dataTransfer?.types;
  return !!types && Array.from(types).includes('Files');
}

export interface WindowFileDropOptions {
  /** Off on a page that takes dropped files itself (the upload page). */
  enabled: boolean;
  /** Files dropped where no element of the page took them. */
  onDrop: (files: File[]) => void;
  win?: Window;
}

/**
 * Files dragged over the window: `dragging` while they are over the page, except over an element
 * that takes the drop itself. A drop that no element
 * of the page handled (none called preventDefault: the listeners bubble, so a drop zone or an
 * editor runs first) hands the files to `onDrop` instead of letting the browser open them.
 */
export function useWindowFileDrop({ enabled, onDrop, win = window }: WindowFileDropOptions): boolean {
  const [dragging, setDragging] = useState(false);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  useEffect(() => {
    setDragging(false);
    if (!enabled) return undefined;
    // dragenter of the next element comes before dragleave of the last: count, to know when the drag left the window.
    let depth = 0;
    const enter = (event: Event) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const over = (event: Event) => {
      if (!carriesFiles(event)) return;
      // Over an element that takes drops itself (it accepted the dragover), the overlay steps aside.
      if (event.defaultPrevented) {
        setDragging(false);
        return;
      }
      // Lets the drop happen here rather than the browser opening the file.
      event.preventDefault();
      const transfer = (event as DragEvent).dataTransfer;
      if (transfer) transfer.dropEffect = 'copy';
      setDragging(true);
    };
    const leave = (event: Event) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const end = () => {
      depth = 0;
      setDragging(false);
    };
    const drop = (event: Event) => {
      end();
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      const files = Array.from((event as DragEvent).dataTransfer?.files ?? []);
      if (files.length > 0) onDropRef.current(files);
    };
    return addListeners(win, { dragenter: enter, dragover: over, dragleave: leave, dragend: end, drop });
  }, [enabled, win]);

  return dragging;
}
