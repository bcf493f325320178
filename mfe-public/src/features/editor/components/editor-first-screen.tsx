import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { EARLY_EDITOR_FIELD } from '../hooks/use-early-text';
import { EditorPageHead } from './editor-page-head';

/** `inert` as React 18 writes an attribute its types do not know yet. */
const INERT = { inert: '' } as Record<string, string>;

/**
 * The editor page (`/`) as the boot page shows it before any script has run (src/first-screen.tsx):
 * the page's head, its toolbar and preview as a picture, and, where the editor will be, a real text
 * area of the same size and look, so the visitor can start writing at once. The page takes its text,
 * caret and focus over when the editor can take input (hooks/use-early-text.ts).
 */
export function EditorFirstScreen() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="cp-page cp-editor-page">
      <EditorPageHead />
      {/* The toolbar's look only (inert: out of the tab order, the pointer and the accessibility tree):
          its buttons work once the page is there. */}
      <div className="cc-toolbar cp-editor-toolbar" {...INERT}>
        <button type="button" className="cc-button">
          {t('editor.save')}
        </button>
        <button type="button" className="cc-button" aria-pressed="true">
          {t('editor.preview')}
        </button>
        <button type="button" className="cc-button">
          {t('editor.import')}
        </button>
        <button type="button" className="cc-button" disabled>
          {t('editor.download')}
        </button>
        <button type="button" className="cc-button cc-button--danger" disabled>
          {t('editor.clear')}
        </button>
        <span className="cp-toolbar__spacer" />
        <span className="cp-toolbar__status">{t('draft.idle')}</span>
      </div>
      <div className="cp-editor-layout" data-preview="on">
        <div className="cp-editor-layout__editor">
          <div className="cp-early-editor" data-live="">
            <div className="cp-early-editor__toolbar" aria-hidden="true" />
            <label className="cp-early-editor__field">
              <span className="cc-visually-hidden">{t('editor.label')}</span>
              <textarea
                className="cp-early-editor__text"
                data-early-field={EARLY_EDITOR_FIELD}
                placeholder={t('editor.placeholder')}
                spellCheck={false}
              />
            </label>
          </div>
        </div>
        <div className="cp-editor-layout__preview" {...INERT}>
          <p className="cc-muted cp-editor-layout__empty">{t('editor.previewEmpty')}</p>
        </div>
      </div>
    </section>
  );
}
