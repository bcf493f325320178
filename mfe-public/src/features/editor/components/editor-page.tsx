import { lazy, Suspense, useCallback, useDeferredValue, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, MARKDOWN_EXTENSIONS } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { messageText, type FieldMessage } from '../../../lib/field-message';
import { stringSurface, type EditorTextSurface } from '../../../components/markdown-editor/text-surface';
import { useDraft, type DraftStatus } from '../hooks/use-draft';
import { useSharedContent } from '../hooks/use-shared-content';
import { useFilePaste } from '../hooks/use-file-paste';
import { useEarlyText } from '../hooks/use-early-text';
import { textStats } from '../utils/text-stats';
import { documentFileName } from '../utils/document-name';
import { decideImport, readImportFile } from '../utils/markdown-import';
import { ShareForm, type SharedPaste } from './share-form';
import { ShareResult } from './share-result';
import { EditorPageHead } from './editor-page-head';
import { SharedContentNotice } from './shared-content-notice';
import { EarlyTextNotice } from './early-text-notice';
import { PasteUploadAlert, PasteUploadProgressLine } from './paste-upload-status';
import './editor-page.css';

const MarkdownEditor = lazy(() => import(/* webpackChunkName: "markdown-editor" */ '../../../components/markdown-editor/markdown-editor'));
// The preview's Markdown pipeline (unified, sanitize, ~100 KB compressed) is only needed once there
// is text to preview: the page renders without waiting for it.
const MarkdownView = lazy(() =>
  import(/* webpackChunkName: "markdown-view" */ '../../../lib/markdown/markdown-view').then((m) => ({ default: m.MarkdownView })),
);

const IMPORT_ACCEPT = [...MARKDOWN_EXTENSIONS, 'text/markdown'].join(',');

function useStatusText(status: DraftStatus): string {
  const { t, i18n } = useTranslation(NAMESPACE);
  const time = (at: number) => new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(at);
  switch (status.kind) {
    case 'restored':
      return t('draft.restored');
    case 'autosaved':
      return t('draft.autosaved', { time: time(status.at) });
    case 'saved':
      return t('draft.saved', { time: time(status.at) });
    case 'failed':
      return t('draft.failed');
    default:
      return t('draft.idle');
  }
}

/** `/`: write Markdown with a live preview, keep a local draft, import/download, share. */
export function EditorPage() {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const { content, setContent, saveNow, replace, clear, status } = useDraft();
  const [preview, setPreview] = useState(true);
  const [shared, setShared] = useState<SharedPaste | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [pendingImport, setPendingImport] = useState<File | null>(null);
  const [importMessage, setImportMessage] = useState<{ tone: 'error' | 'success'; message: FieldMessage } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const deferred = useDeferredValue(content);
  const stats = useMemo(() => textStats(deferred), [deferred]);
  const statusText = useStatusText(status);

  // The text as last written, also between a change and the next render (placeholders, shared text).
  const contentRef = useRef(content);
  contentRef.current = content;
  const currentText = useCallback(() => contentRef.current, []);
  const earlyText = useEarlyText({ currentText, setContent, replace });
  const adoptEarlyText = earlyText.adopt;
  const editorSurface = useRef<EditorTextSurface | null>(null);
  // The editor can take input: it takes over what was typed into the first screen (src/first-screen.tsx).
  const onSurface = useCallback(
    (surface: EditorTextSurface | null) => {
      editorSurface.current = surface;
      if (surface) adoptEarlyText(surface);
    },
    [adoptEarlyText],
  );
  const surfaceFor = useCallback(
    (target: EventTarget | null) =>
      editorSurface.current ??
      stringSurface(
        currentText,
        (next) => {
          contentRef.current = next;
          setContent(next);
        },
        target instanceof HTMLTextAreaElement ? target : null,
      ),
    [currentText, setContent],
  );
  const editorBox = useRef<HTMLDivElement>(null);
  const paste = useFilePaste({ container: editorBox, surfaceFor, currentText });
  const sharedContent = useSharedContent({ currentText, replace });

  const importFile = async (file: File) => {
    try {
      replace(await readImportFile(file));
      setImportMessage({ tone: 'success', message: { key: 'public:import.done', params: { name: file.name } } });
    } catch {
      setImportMessage({ tone: 'error', message: { key: 'public:import.readFailed', params: { name: file.name } } });
    }
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const decision = decideImport(file, content);
    if (decision.kind === 'invalid') setImportMessage({ tone: 'error', message: decision.message });
    else if (decision.kind === 'confirm') setPendingImport(file);
    else void importFile(file);
  };

  return (
    <section className="cp-page cp-editor-page" data-testid="area-page" data-area="public" data-page="home">
      <EditorPageHead />

      <div className="cc-toolbar cp-editor-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        <button type="button" className="cc-button" onClick={saveNow} data-testid="editor-save">
          {t('editor.save')}
        </button>
        <button
          type="button"
          className="cc-button"
          aria-pressed={preview}
          onClick={() => setPreview((value) => !value)}
          data-testid="editor-preview-toggle"
        >
          {t('editor.preview')}
        </button>
        <button type="button" className="cc-button" onClick={() => fileInput.current?.click()} data-testid="editor-import">
          {t('editor.import')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMPORT_ACCEPT}
          className="cc-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFileChosen}
          data-testid="editor-import-input"
        />
        <button
          type="button"
          className="cc-button"
          disabled={!content}
          onClick={() => downloadText(documentFileName(content), content)}
          data-testid="editor-download"
        >
          {t('editor.download')}
        </button>
        <button
          type="button"
          className="cc-button cc-button--danger"
          disabled={!content}
          onClick={() => setConfirmClear(true)}
          data-testid="editor-clear"
        >
          {t('editor.clear')}
        </button>
        <span className="cp-toolbar__spacer" />
        <span className="cp-toolbar__status" role="status" data-testid="draft-status" data-status={status.kind}>
          {statusText}
        </span>
      </div>

      {importMessage && (
        <p
          className={`cc-alert cc-alert--${importMessage.tone}`}
          role={importMessage.tone === 'error' ? 'alert' : 'status'}
          data-testid="import-message"
          data-tone={importMessage.tone}
        >
          {messageText(t, importMessage.message)}
        </p>
      )}

      {earlyText.notice && (
        <EarlyTextNotice notice={earlyText.notice} onRestore={earlyText.restorePrevious} onDismiss={earlyText.dismiss} />
      )}
      {sharedContent.notice && (
        <SharedContentNotice notice={sharedContent.notice} onRestore={sharedContent.restorePrevious} onDismiss={sharedContent.dismiss} />
      )}
      {paste.message && <PasteUploadAlert message={paste.message} onDismiss={paste.dismissMessage} />}
      {paste.progress && <PasteUploadProgressLine progress={paste.progress} />}

      <div className="cp-editor-layout" data-preview={preview ? 'on' : 'off'}>
        <div className="cp-editor-layout__editor" ref={editorBox}>
          <Suspense fallback={<Loading label={t('editor.loadingEditor')} />}>
            <MarkdownEditor
              value={content}
              onChange={setContent}
              label={t('editor.label')}
              placeholder={t('editor.placeholder')}
              onSurface={onSurface}
            />
          </Suspense>
        </div>
        {preview && (
          <div
            className="cp-editor-layout__preview"
            tabIndex={0}
            aria-labelledby={`${id}-preview-title`}
            role="region"
            data-testid="editor-preview"
          >
            <h2 id={`${id}-preview-title`} className="cc-visually-hidden">
              {t('editor.previewTitle')}
            </h2>
            {deferred.trim() ? (
              <Suspense fallback={<Loading label={t('editor.loadingPreview')} />}>
                <MarkdownView value={deferred} />
              </Suspense>
            ) : (
              <p className="cc-muted cp-editor-layout__empty">{t('editor.previewEmpty')}</p>
            )}
          </div>
        )}
      </div>

      <p className="cp-editor-stats cc-muted" data-testid="editor-stats" data-words={stats.words} data-characters={stats.characters}>
        {t('editor.stats', { words: stats.words, characters: stats.characters })}
      </p>

      <ShareForm content={content} onShared={setShared} />
      {shared && <ShareResult shared={shared} />}

      <ConfirmDialog
        open={confirmClear}
        title={t('editor.clearTitle')}
        message={t('editor.clearMessage')}
        confirmLabel={t('editor.clearConfirm')}
        danger
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          clear();
          setShared(null);
          setImportMessage(null);
          setConfirmClear(false);
        }}
        testId="clear-dialog"
      />
      <ConfirmDialog
        open={pendingImport !== null}
        title={t('import.overwriteTitle')}
        message={t('import.overwriteMessage', { name: pendingImport?.name ?? '' })}
        confirmLabel={t('import.overwriteConfirm')}
        onCancel={() => setPendingImport(null)}
        onConfirm={() => {
          const file = pendingImport;
          setPendingImport(null);
          if (file) void importFile(file);
        }}
        testId="import-dialog"
      />
    </section>
  );
}

export default EditorPage;
