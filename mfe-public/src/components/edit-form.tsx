import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

interface EditFormProps {
  /** From useId: the title's id is `${id}-title`. */
  id: string;
  /** The card's own class next to `cp-card`. */
  className: string;
  title: string;
  /** Test ids `${prefix}-form`, `-error`, `-save` and `-cancel`. */
  testIdPrefix: string;
  busy: boolean;
  /** The save's error message, shown above the buttons. */
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The card of an owner's edit of a share (paste or file): title, fields, the save's error, save and cancel. */
export function EditForm({ id, className, title, testIdPrefix, busy, failure, onSubmit, onCancel, children }: EditFormProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <form
      className={`cp-card ${className}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid={`${testIdPrefix}-form`}
    >
      <h2 id={`${id}-title`} className="cp-card__title">
        {title}
      </h2>
      {children}
      {failure && (
        <p className="cp-alert cp-alert--error" role="alert" data-testid={`${testIdPrefix}-error`}>
          {failure}
        </p>
      )}
      <div className="cp-form-actions">
        <button type="submit" className="cp-button cp-button--primary" disabled={busy} data-testid={`${testIdPrefix}-save`}>
          {busy ? t('common.saving') : t('common:actions.save')}
        </button>
        <button type="button" className="cp-button" onClick={onCancel} disabled={busy} data-testid={`${testIdPrefix}-cancel`}>
          {t('common:actions.cancel')}
        </button>
      </div>
    </form>
  );
}
