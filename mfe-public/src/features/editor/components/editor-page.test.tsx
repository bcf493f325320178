import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@cloudclip/shared-kernel';
import { makeKernel, renderWithKernel } from '../../../test/test-kernel';
import { EditorPage } from './editor-page';

function renderPage() {
  const kernel = makeKernel({ storage: { admin_token: 't' } });
  return renderWithKernel(<EditorPage />, kernel);
}

function file(name: string, content: string, size = content.length): File {
  const result = new File([content], name, { type: 'text/markdown' });
  Object.defineProperty(result, 'size', { value: size });
  if (!('text' in result)) Object.assign(result, { text: async () => content });
  return result;
}

beforeEach(() => window.localStorage.clear());

describe('EditorPage', () => {
  it('restores the draft kept in localStorage and says so', async () => {
    window.localStorage.setItem(STORAGE_KEYS.editorDraft, '# kept draft');
    renderPage();
    expect(await screen.findByLabelText('Markdown content')).toHaveValue('# kept draft');
    expect(screen.getByTestId('draft-status')).toHaveTextContent('Your unfinished draft was restored');
  });

  it('auto-saves while typing and counts words and characters', async () => {
    jest.useFakeTimers();
    try {
      renderPage();
      const editor = await screen.findByLabelText('Markdown content');
      fireEvent.change(editor, { target: { value: 'hello brave world' } });
      expect(screen.getByTestId('editor-stats')).toHaveTextContent('3 words · 17 characters');
      act(() => jest.advanceTimersByTime(600));
      expect(window.localStorage.getItem(STORAGE_KEYS.editorDraft)).toBe('hello brave world');
      expect(screen.getByTestId('draft-status')).toHaveAttribute('data-status', 'autosaved');
    } finally {
      jest.useRealTimers();
    }
  });

  it('clears only after confirmation', async () => {
    window.localStorage.setItem(STORAGE_KEYS.editorDraft, 'text');
    renderPage();
    await screen.findByLabelText('Markdown content');
    fireEvent.click(screen.getByTestId('editor-clear'));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Clear the editor?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.editorDraft)).toBe('text');
    fireEvent.click(screen.getByTestId('editor-clear'));
    fireEvent.click(screen.getByTestId('clear-dialog-confirm'));
    expect(window.localStorage.getItem(STORAGE_KEYS.editorDraft)).toBeNull();
    expect(screen.getByLabelText('Markdown content')).toHaveValue('');
  });

  it('refuses a file that is not Markdown with a clear message', async () => {
    renderPage();
    await screen.findByLabelText('Markdown content');
    fireEvent.change(screen.getByTestId('editor-import-input'), { target: { files: [file('notes.txt', 'x')] } });
    expect(screen.getByTestId('import-message')).toHaveTextContent('Please choose a Markdown file (.md, .markdown');
  });

  it('refuses a Markdown file of 10 MB or more', async () => {
    renderPage();
    await screen.findByLabelText('Markdown content');
    fireEvent.change(screen.getByTestId('editor-import-input'), { target: { files: [file('big.md', 'x', 10 * 1024 * 1024)] } });
    expect(screen.getByTestId('import-message')).toHaveTextContent('Markdown files must be smaller than 10 MB');
  });

  it('imports straight into an empty editor and asks before overwriting content', async () => {
    renderPage();
    const editor = await screen.findByLabelText('Markdown content');
    fireEvent.change(screen.getByTestId('editor-import-input'), { target: { files: [file('a.md', '# first')] } });
    await waitFor(() => expect(editor).toHaveValue('# first'));
    expect(window.localStorage.getItem(STORAGE_KEYS.editorDraft)).toBe('# first');

    fireEvent.change(screen.getByTestId('editor-import-input'), { target: { files: [file('b.md', '# second')] } });
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Importing b.md replaces what is in the editor now.');
    fireEvent.click(screen.getByTestId('import-dialog-confirm'));
    await waitFor(() => expect(editor).toHaveValue('# second'));
  });
});
