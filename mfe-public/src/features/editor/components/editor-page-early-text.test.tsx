import { act, fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@cloudclip/shared-kernel';
import { makeKernel, renderWithKernel } from '../../../test/test-kernel';
import { mountEditorFirstScreen } from '../test-first-screen';
import { EditorPage } from './editor-page';

// The editor as far as the hand-over sees it: a text area that becomes a CodeMirror-like surface
// (codeMirrorSurface over it) only when the test says the editor can take input.
const mockEditorReady: Array<() => void> = [];
const mockFocusedWhileFirstScreen: boolean[] = [];
jest.mock('../../../components/markdown-editor/markdown-editor', () => {
  const React = jest.requireActual<typeof import('react')>('react');
  const { codeMirrorSurface } = jest.requireActual<typeof import('../../../components/markdown-editor/text-surface')>(
    '../../../components/markdown-editor/text-surface',
  );
  type Props = { value: string; onChange: (value: string) => void; label: string; onSurface?: (surface: unknown) => void };
  function FakeCodeMirror({ value, onChange, label, onSurface }: Props) {
    const area = React.useRef<HTMLTextAreaElement>(null);
    const changed = React.useRef(onChange);
    changed.current = onChange;
    React.useEffect(() => {
      mockEditorReady.push(() => {
        const node = area.current!;
        const editor = {
          getValue: () => node.value,
          setValue: (next: string) => {
            node.value = next;
            changed.current(next);
          },
          posFromIndex: (index: number) => index,
          setSelection: (from: number, to: number) => node.setSelectionRange(from, to),
          clearHistory: () => undefined,
          focus: () => {
            // The page is visible (and can take the focus) only once the first screen is gone.
            mockFocusedWhileFirstScreen.push(document.querySelector('#cc-first-screen:not([data-adopted])') !== null);
            node.focus();
          },
        };
        onSurface?.(codeMirrorSurface(editor as never));
      });
    }, [onSurface]);
    return React.createElement('textarea', {
      ref: area,
      'aria-label': label,
      value,
      onChange: (event: { target: { value: string } }) => onChange(event.target.value),
      'data-testid': 'code-mirror',
    });
  }
  return { __esModule: true, default: FakeCodeMirror };
});

function earlyField(firstScreen: HTMLElement, language: string): HTMLTextAreaElement {
  return firstScreen.querySelector<HTMLTextAreaElement>(`[data-lang="${language}"] [data-early-field="paste-content"]`)!;
}

async function renderPage() {
  renderWithKernel(<EditorPage />, makeKernel());
  return screen.findByTestId('code-mirror');
}

function editorCanTakeInput() {
  act(() => mockEditorReady.splice(0).forEach((ready) => ready()));
}

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = 'en-US';
  mockEditorReady.length = 0;
  mockFocusedWhileFirstScreen.length = 0;
});
afterEach(() => document.getElementById('cc-first-screen')?.remove());

describe('EditorPage taking over the first screen', () => {
  it('starts from the text, caret and focus typed into the first screen, once the editor can take input', async () => {
    const firstScreen = mountEditorFirstScreen();
    const typed = earlyField(firstScreen, 'en-US');
    typed.focus();
    typed.value = '# Typed early\n\nbefore the code';
    typed.setSelectionRange(2, 7);

    const editor = (await renderPage()) as HTMLTextAreaElement;
    // The page is there but its editor is not ready yet: the first screen stays, still holding the text.
    expect(firstScreen).not.toHaveAttribute('data-adopted');
    expect(firstScreen.isConnected).toBe(true);
    expect(document.activeElement).toBe(typed);

    editorCanTakeInput();
    expect(editor).toHaveValue('# Typed early\n\nbefore the code');
    expect([editor.selectionStart, editor.selectionEnd]).toEqual([2, 7]);
    expect(document.activeElement).toBe(editor);
    expect(mockFocusedWhileFirstScreen).toEqual([false]);
    expect(firstScreen).toHaveAttribute('data-adopted', 'true');
    expect(screen.getByTestId('editor-stats')).toHaveAttribute('data-words', '5');
    expect(screen.queryByTestId('early-text-notice')).toBeNull();

    // The draft autosave has it: written when the page is left.
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.editorDraft)).toBe('# Typed early\n\nbefore the code');
  });

  it('takes the text from the other language variant when only that one was typed into', async () => {
    const firstScreen = mountEditorFirstScreen();
    earlyField(firstScreen, 'zh-CN').value = '中文';
    const editor = await renderPage();
    editorCanTakeInput();
    expect(editor).toHaveValue('中文');
  });

  it('keeps the typed text when the first screen went before the editor was ready', async () => {
    const firstScreen = mountEditorFirstScreen();
    const editor = await renderPage();
    earlyField(firstScreen, 'en-US').value = 'typed while the editor loaded';
    firstScreen.remove();
    editorCanTakeInput();
    expect(editor).toHaveValue('typed while the editor loaded');
  });

  it("leaves another page's first screen alone", async () => {
    const other = document.createElement('div');
    other.id = 'cc-first-screen';
    other.setAttribute('data-live', 'server');
    other.innerHTML = '<div data-server-rendered="paste"><p>shared text</p></div>';
    document.body.prepend(other);
    await renderPage();
    editorCanTakeInput();
    expect(other).not.toHaveAttribute('data-adopted');
  });

  it('lets typed text win over the saved draft and keeps the draft restorable', async () => {
    window.localStorage.setItem(STORAGE_KEYS.editorDraft, '# saved draft');
    const firstScreen = mountEditorFirstScreen();
    earlyField(firstScreen, 'en-US').value = 'typed first';

    const editor = await renderPage();
    expect(editor).toHaveValue('# saved draft');
    editorCanTakeInput();
    expect(editor).toHaveValue('typed first');
    const notice = screen.getByTestId('early-text-notice');
    expect(notice).toHaveTextContent('The editor holds what you typed while the page was loading; it replaced your previous draft.');

    fireEvent.click(screen.getByTestId('early-text-restore'));
    expect(editor).toHaveValue('# saved draft');
    expect(window.localStorage.getItem(STORAGE_KEYS.editorDraft)).toBe('# saved draft');
    expect(screen.getByTestId('early-text-notice')).toHaveAttribute('data-kind', 'restored');
  });

  it('keeps the saved draft when nothing was typed, and hands over once', async () => {
    window.localStorage.setItem(STORAGE_KEYS.editorDraft, '# saved draft');
    const firstScreen = mountEditorFirstScreen();
    const editor = await renderPage();
    editorCanTakeInput();
    expect(editor).toHaveValue('# saved draft');
    expect(firstScreen).toHaveAttribute('data-adopted', 'true');
    expect(screen.queryByTestId('early-text-notice')).toBeNull();

    // The editor coming back (theme or language change) does not take the first screen over again.
    earlyField(firstScreen, 'en-US').value = 'late';
    fireEvent.change(editor, { target: { value: '# edited' } });
    editorCanTakeInput();
    expect(editor).toHaveValue('# edited');
  });
});
