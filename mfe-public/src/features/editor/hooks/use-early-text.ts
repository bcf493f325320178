import { useCallback, useRef, useState } from 'react';
import { FIRST_SCREEN_ELEMENT_ID, markFirstScreenAdopted, takeEarlyField, type EarlyField } from '@cloudclip/shared-kernel';
import type { EditorTextSurface } from '../../../components/markdown-editor/text-surface';

/** The first screen's text area on `/` (src/first-screen.tsx): what the visitor typed before the code arrived. */
export const EARLY_EDITOR_FIELD = 'paste-content';

/** What the page says after the hand-over: the typed text replaced a draft, which can come back. */
export type EarlyTextNotice = { kind: 'replaced'; previous: string } | { kind: 'restored' };

function earlyTextAreas(): HTMLTextAreaElement[] {
  if (typeof document === 'undefined') return [];
  return Array.from(
    document.querySelectorAll<HTMLTextAreaElement>(`#${FIRST_SCREEN_ELEMENT_ID} textarea[data-early-field="${EARLY_EDITOR_FIELD}"]`),
  );
}

/** What a text area of a first screen that is gone holds (a removed element keeps its value). */
function typedInto(areas: HTMLTextAreaElement[]): EarlyField | null {
  const area = areas.find((candidate) => candidate.value !== '');
  return area ? { value: area.value, selectionStart: area.selectionStart, selectionEnd: area.selectionEnd, focused: false } : null;
}

export interface EarlyTextOptions {
  /** The document as it is now (the restored draft, until the hand-over). */
  currentText: () => string;
  /** Sets the document as typed (auto-saved as the draft). */
  setContent: (next: string) => void;
  /** Replaces the document and saves it as the draft at once. */
  replace: (next: string) => void;
}

/**
 * The editor on `/` takes over the first screen's text area once it can take input itself: until
 * then the host keeps the first screen, so the visitor types there. Typed text wins over a saved
 * draft (the draft can be restored from the notice); the caret, the selection and the focus move
 * with it; then the first screen is marked adopted and the host removes it in the same task.
 */
export function useEarlyText({ currentText, setContent, replace }: EarlyTextOptions) {
  const [notice, setNotice] = useState<EarlyTextNotice | null>(null);
  const latest = useRef({ currentText, setContent, replace });
  latest.current = { currentText, setContent, replace };
  const adopted = useRef(false);
  // The first screen's text areas, held from the page's first render: the host may remove the first
  // screen before the editor is ready (when the editor's code takes long), and what was typed must
  // still reach the editor.
  const [heldAreas] = useState(earlyTextAreas);

  /** Called with the editor's surface when the editor can take input (once per page). */
  const adopt = useCallback(
    (surface: EditorTextSurface) => {
      if (adopted.current) return;
      adopted.current = true;
      const early = takeEarlyField(EARLY_EDITOR_FIELD) ?? typedInto(heldAreas);
      const previous = latest.current.currentText();
      const typed = early !== null && early.value !== '';
      const text = typed ? early.value : previous;
      const selection =
        typed && early.selectionStart !== null
          ? { start: early.selectionStart, end: Math.max(early.selectionStart, early.selectionEnd ?? early.selectionStart) }
          : null;
      surface.takeOver(text, selection, false);
      if (typed && text !== previous) {
        latest.current.setContent(text);
        if (previous.trim()) setNotice({ kind: 'replaced', previous });
      }
      // Only the editor's own first screen: another page's (left before it was taken over) is not ours to end.
      if (heldAreas.length > 0) markFirstScreenAdopted();
      // Only now: while the first screen stands in, the page is invisible and cannot take the focus.
      if (early?.focused) surface.takeOver(text, null, true);
    },
    [heldAreas],
  );

  const restorePrevious = useCallback(() => {
    if (notice?.kind !== 'replaced') return;
    latest.current.replace(notice.previous);
    setNotice({ kind: 'restored' });
  }, [notice]);

  const dismiss = useCallback(() => setNotice(null), []);

  return { adopt, notice, restorePrevious, dismiss };
}
