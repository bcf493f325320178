import { filesOfClipboard, isPictureBesideText, namePastedFiles } from '@cloudclip/shared-kernel';
import { useEffect, useRef } from 'react';
import { isTextField } from '../utils/clipboard-files';
import { wasDropHandled } from '../utils/handled-drops';

/** Marks the touch screen's paste box: a paste there is for files, never text. */
export const PASTE_TARGET_ATTRIBUTE = 'data-paste-target';

const carriesFiles = (data: DataTransfer | null | undefined) => Array.from(data?.types ?? []).includes('Files');

/**
 * While the upload page is shown, files come in from anywhere on it:
 * - paste (Ctrl+V, a phone's Paste): files on the clipboard are taken and the paste is stopped;
 *   pictures without a real name get one from the time. A paste into a text field of an office
 *   program's text with its picture (a spreadsheet's cells) is left to the field, as is any paste
 *   without files.
 * - drag and drop anywhere on the page (the host shows no drop overlay on /upload). A file dragged
 *   over the page never makes the browser open it, even when `enabled` is false (then nothing is taken).
 */
export function usePageFileIntake({ enabled, onFiles }: { enabled: boolean; onFiles: (files: File[]) => void }) {
  const latest = useRef({ enabled, onFiles });
  latest.current = { enabled, onFiles };
  const givenNames = useRef(new Set<string>());

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (!latest.current.enabled || event.defaultPrevented) return;
      const files = filesOfClipboard(event.clipboardData);
      if (files.length === 0) return;
      const target = event.target;
      const pasteBox = target instanceof HTMLElement && target.hasAttribute(PASTE_TARGET_ATTRIBUTE);
      if (!pasteBox && isTextField(target) && isPictureBesideText(event.clipboardData)) return;
      event.preventDefault();
      latest.current.onFiles(namePastedFiles(files, new Date(), givenNames.current));
    };
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = latest.current.enabled ? 'copy' : 'none';
    };
    const onDrop = (event: DragEvent) => {
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0 && !carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      if (wasDropHandled(event) || !latest.current.enabled || files.length === 0) return;
      latest.current.onFiles(files);
    };
    document.addEventListener('paste', onPaste);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('paste', onPaste);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
}
