import type { FsApi } from '../../../lib/fs-api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { Dialog } from '../../../components/dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { errorMessage } from '../../../lib/format';
import { loadText, saveText, TEXT_EDIT_MAX_BYTES } from '../api/text-file';
import { ErrorAlert } from '../../../components/error-alert';

/** Edits a text file in place: loads it, saves through `fs/update`; leaving with unsaved changes is confirmed. */
export function TextEditorDialog({
  fs,
  path,
  name,
  onSaved,
  onClose,
}: {
  fs: FsApi;
  path: string;
  name: string;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [original, setOriginal] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    loadText(fs, path, controller.signal).then(
      (content) => {
        setOriginal(content);
        setText(content);
      },
      (caught) => !controller.signal.aborted && setError(errorMessage(caught)),
    );
    return () => controller.abort();
  }, [fs, path]);

  const dirty = original !== null && text !== original;
  const close = () => (dirty ? setConfirmDiscard(true) : onClose());

  const save = async () => {
    if (new Blob([text]).size > TEXT_EDIT_MAX_BYTES) return setError(t('editor.tooLarge'));
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await saveText(fs, path, text);
      setOriginal(text);
      setSaved(true);
      onSaved();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog
        title={t('editor.title', { name })}
        onClose={close}
        busy={busy}
        wide
        testId="editor-dialog"
        footer={
          <>
            <button type="button" className="cc-button" onClick={close} disabled={busy} data-testid="editor-close">
              {t('common:actions.close')}
            </button>
            <button
              type="button"
              className="cc-button cc-button--primary"
              onClick={() => void save()}
              disabled={busy || original === null || !dirty}
              data-testid="editor-save"
            >
              {t('editor.save')}
            </button>
          </>
        }
      >
        {original === null && !error ? (
          <Loading />
        ) : (
          <label className="cc-field ce-field">
            <span className="cc-field__label">{t('editor.label')}</span>
            <textarea
              className="cc-input ce-editor"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setSaved(false);
              }}
              spellCheck={false}
              disabled={original === null}
              data-testid="editor-text"
            />
          </label>
        )}
        <p role="status" className="cc-muted" data-testid="editor-status">
          {saved ? t('editor.saved') : dirty ? t('editor.unsaved') : ''}
        </p>
        <ErrorAlert message={error} testId="editor-error" />
      </Dialog>
      {confirmDiscard && (
        <ConfirmDialog
          title={t('editor.discardTitle')}
          message={t('editor.discardMessage', { name })}
          confirmLabel={t('editor.discard')}
          onCancel={() => setConfirmDiscard(false)}
          onConfirm={onClose}
          testId="discard-dialog"
        />
      )}
    </>
  );
}
