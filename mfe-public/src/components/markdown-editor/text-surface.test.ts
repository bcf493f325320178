import { codeMirrorSurface, stringSurface } from './text-surface';

describe('stringSurface', () => {
  function surface(initial: string, selection?: { selectionStart: number; selectionEnd: number }) {
    let text = initial;
    return {
      surface: stringSurface(
        () => text,
        (next) => {
          text = next;
        },
        selection,
      ),
      text: () => text,
    };
  }

  it('inserts at the selection, replacing what is selected', () => {
    const doc = surface('hello world', { selectionStart: 6, selectionEnd: 11 });
    doc.surface.insertAtCursor('there');
    expect(doc.text()).toBe('hello there');
  });

  it('inserts at the end without a text area', () => {
    const doc = surface('a');
    doc.surface.insertAtCursor('b');
    expect(doc.text()).toBe('ab');
  });

  it('replaces the first occurrence only, and says when the text is gone', () => {
    const doc = surface('x [p] y [p]');
    expect(doc.surface.replaceFirst('[p]', 'Q')).toBe(true);
    expect(doc.text()).toBe('x Q y [p]');
    expect(doc.surface.replaceFirst('[missing]', 'Q')).toBe(false);
    expect(doc.text()).toBe('x Q y [p]');
  });
});

describe('codeMirrorSurface', () => {
  it('replaces the placeholder as a range of the editor, not the whole document', () => {
    const value = 'ab\n![Uploading x…]()\ncd';
    const editor = {
      getValue: () => value,
      posFromIndex: (index: number) => ({ line: 0, ch: index }),
      replaceRange: jest.fn(),
      replaceSelection: jest.fn(),
    };
    const surface = codeMirrorSurface(editor as unknown as Parameters<typeof codeMirrorSurface>[0]);
    expect(surface.replaceFirst('![Uploading x…]()', '![x](u)')).toBe(true);
    expect(editor.replaceRange).toHaveBeenCalledWith('![x](u)', { line: 0, ch: 3 }, { line: 0, ch: 20 }, '+cc-upload');
    expect(surface.replaceFirst('nope', '')).toBe(false);
    surface.insertAtCursor('![y]()');
    expect(editor.replaceSelection).toHaveBeenCalledWith('![y]()', 'end', '+input');
  });
});

describe('takeOver', () => {
  it('puts the whole text into CodeMirror with the selection and the focus', () => {
    let value = 'old draft';
    const editor = {
      getValue: () => value,
      setValue: jest.fn((next: string) => {
        value = next;
      }),
      posFromIndex: (index: number) => ({ line: 0, ch: index }),
      setSelection: jest.fn(),
      focus: jest.fn(),
      clearHistory: jest.fn(),
    };
    const surface = codeMirrorSurface(editor as unknown as Parameters<typeof codeMirrorSurface>[0]);
    surface.takeOver('typed early', { start: 2, end: 5 }, true);
    expect(value).toBe('typed early');
    expect(editor.clearHistory).toHaveBeenCalledTimes(1);
    expect(editor.setSelection).toHaveBeenCalledWith({ line: 0, ch: 2 }, { line: 0, ch: 5 });
    expect(editor.focus).toHaveBeenCalledTimes(1);

    surface.takeOver('typed early', null, false);
    expect(editor.setValue).toHaveBeenCalledTimes(1);
    expect(editor.setSelection).toHaveBeenCalledTimes(1);
    expect(editor.focus).toHaveBeenCalledTimes(1);
  });

  it('writes the text through a string surface only when it differs', () => {
    let text = 'a';
    const write = jest.fn((next: string) => {
      text = next;
    });
    const surface = stringSurface(() => text, write);
    surface.takeOver('a', null, true);
    expect(write).not.toHaveBeenCalled();
    surface.takeOver('typed', { start: 0, end: 0 }, true);
    expect(text).toBe('typed');
  });
});
