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
