import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { nameProblem } from '../lib/fs-path';
import { Dialog } from './dialog';

interface NameDialogProps {
  title: string;
  label: string;
  submitLabel: string;
  initial?: string;
  /** Names already present in the folder (refused, except the initial one). */
  taken?: ReadonlySet<string>;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
  testId: string;
}

/** A one-field dialog for a file or folder name (create folder, rename), with validation and the server's error. */
export function NameDialog({ title, label, submitLabel, initial = '', taken, onSubmit, onClose, testId }: NameDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = nameProblem(trimmed);
    if (problem) return setError(t(`names.${problem}`));
    if (trimmed !== initial && taken?.has(trimmed)) return setError(t('names.exists', { name: trimmed }));
    if (trimmed === initial) return onClose();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(trimmed);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog title={title} onClose={onClose} busy={busy} testId={testId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label className="cc-field ce-field">
          <span className="cc-field__label">{label}</span>
          <input
            className="cc-input"
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${testId}-error` : undefined}
            data-testid={`${testId}-input`}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        {error && (
          <p className="cc-alert cc-alert--error" role="alert" id={`${testId}-error`} data-testid={`${testId}-error`}>
            {error}
          </p>
        )}
        <div className="cc-dialog__actions">
          <button type="button" className="cc-button" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="cc-button cc-button--primary" disabled={busy} data-testid={`${testId}-submit`}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
