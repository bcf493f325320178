import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

interface EditFormProps {
  /** From useId: the title's id is `${id}-title`. */
  id: string;
  /** The card's own class next to `cc-card`. */
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
      className={`cc-card ${className}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid={`${testIdPrefix}-form`}
    >
      <h2 id={`${id}-title`} className="cc-card__title">
        {title}
      </h2>
      {children}
      {failure && (
        <p className="cc-alert cc-alert--error" role="alert" data-testid={`${testIdPrefix}-error`}>
          {failure}
        </p>
      )}
      <div className="cc-toolbar cp-form-actions">
        <button type="submit" className="cc-button cc-button--primary" disabled={busy} data-testid={`${testIdPrefix}-save`}>
          {busy ? t('common.saving') : t('common:actions.save')}
        </button>
        <button type="button" className="cc-button" onClick={onCancel} disabled={busy} data-testid={`${testIdPrefix}-cancel`}>
          {t('common:actions.cancel')}
        </button>
      </div>
    </form>
  );
}
