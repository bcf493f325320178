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
}

/** The surface of a CodeMirror 5 editor (the one bytemd hands to its plugins). */
export function codeMirrorSurface(
  editor: Pick<BytemdEditorContext['editor'], 'replaceSelection' | 'getValue' | 'posFromIndex' | 'replaceRange'>,
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
  };
}
