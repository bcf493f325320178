import type { BytemdEditorContext } from 'bytemd';

/**
 * What the page may change in the editor's text without replacing the whole document: replacing
 * the whole value makes bytemd reset CodeMirror (the cursor jumps to the start), so an upload that
 * ends while the writer types elsewhere edits only its own placeholder.
 */
export interface EditorTextSurface {
  /** Puts `text` where the cursor is (replacing a selection), the cursor ending after it. */
  insertAtCursor(text: string): void;
  /** Replaces the first occurrence of `find`; false when it is no longer in the text. */
  replaceFirst(find: string, replacement: string): boolean;
  /**
   * Takes over text written elsewhere (the first screen's text area, typed before the editor's code
   * arrived): the whole document becomes `text`, with `selection` (offsets into it; null keeps the
   * editor's own) and the focus when `focus`.
   */
  takeOver(text: string, selection: { start: number; end: number } | null, focus: boolean): void;
}

/** The surface of a CodeMirror 5 editor (the one bytemd hands to its plugins). */
export function codeMirrorSurface(
  editor: Pick<
    BytemdEditorContext['editor'],
    'replaceSelection' | 'getValue' | 'posFromIndex' | 'replaceRange' | 'setValue' | 'setSelection' | 'focus' | 'clearHistory'
  >,
) {
  const surface: EditorTextSurface = {
    insertAtCursor(text) {
      editor.replaceSelection(text, 'end', '+input');
    },
    replaceFirst(find, replacement) {
      const start = editor.getValue().indexOf(find);
      if (start < 0) return false;
      editor.replaceRange(replacement, editor.posFromIndex(start), editor.posFromIndex(start + find.length), '+cc-upload');
      return true;
    },
    takeOver(text, selection, focus) {
      // setValue reports the change (bytemd's onChange), so the page's document follows.
      // A fresh history: undo does not bring back the document that was there before (a replaced
      // draft comes back through the page's notice).
      if (editor.getValue() !== text) {
        editor.setValue(text);
        editor.clearHistory();
      }
      if (selection) editor.setSelection(editor.posFromIndex(selection.start), editor.posFromIndex(selection.end));
      if (focus) editor.focus();
    },
  };
  return surface;
}

/**
 * A surface over the document as a string, for when no CodeMirror is there (before the lazy
 * editor has loaded; the plain text area of unit tests). The cursor is the text area's selection,
 * else the end of the text.
 */
export function stringSurface(
  read: () => string,
  write: (next: string) => void,
  textArea?: Pick<HTMLTextAreaElement, 'selectionStart' | 'selectionEnd'> | null,
): EditorTextSurface {
  return {
    insertAtCursor(text) {
      const current = read();
      const start = Math.min(textArea?.selectionStart ?? current.length, current.length);
      const end = Math.max(start, Math.min(textArea?.selectionEnd ?? start, current.length));
      write(current.slice(0, start) + text + current.slice(end));
    },
    replaceFirst(find, replacement) {
      const current = read();
      const start = current.indexOf(find);
      if (start < 0) return false;
      write(current.slice(0, start) + replacement + current.slice(start + find.length));
      return true;
    },
    takeOver(text) {
      // A string has no selection or focus of its own: the page's text area gets them when rendered.
      if (read() !== text) write(text);
    },
  };
}
