import { firstScreens } from '../../../first-screen';
import { resources } from '../../../i18n/resources';
import { editorFirstScreenHtml } from '../test-first-screen';

function renderEditorFirstScreen(language: 'zh-CN' | 'en-US'): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = editorFirstScreenHtml(language);
  return holder;
}

describe('the editor first screen', () => {
  it('is declared live for /', () => {
    expect(firstScreens.find((item) => item.pattern === '^/$')?.live).toBe(true);
  });

  it.each([
    ['zh-CN', '开始输入 Markdown……', 'Markdown 内容'],
    ['en-US', 'Start writing Markdown…', 'Markdown content'],
  ] as const)('holds an enabled text area with the editor placeholder in %s', (language, placeholder, label) => {
    const screen = renderEditorFirstScreen(language);
    const fields = screen.querySelectorAll('textarea');
    expect(fields).toHaveLength(1);
    const field = fields[0]!;
    expect(field).toHaveAttribute('data-early-field', 'paste-content');
    expect(field).toHaveAttribute('placeholder', placeholder);
    expect(field).toBeEnabled();
    expect(field).not.toHaveAttribute('readonly');
    expect(field).not.toHaveAttribute('tabindex');
    // Named by its wrapping label (no ids in a first screen), inside the live part of the screen.
    expect(field.closest('label')).toHaveTextContent(label);
    expect(field.closest('[data-live]')).not.toBeNull();
    // Where the editor will be, in the page's layout, beside the (empty) preview.
    expect(field.closest('.cp-editor-layout__editor')).not.toBeNull();
    expect(screen.querySelector('.cp-editor-layout__preview')).toHaveTextContent(resources[language].editor.previewEmpty);
    expect(screen.querySelector('h1')).toHaveTextContent(resources[language].editor.title);
  });

  it('keeps the other controls a picture: nothing but the text area is live', () => {
    const screen = renderEditorFirstScreen('en-US');
    for (const button of Array.from(screen.querySelectorAll('button'))) {
      expect(button.closest('[data-live]')).toBeNull();
      expect(button.closest('[inert]')).not.toBeNull();
    }
    expect(screen.querySelectorAll('[id]')).toHaveLength(0);
  });
});
