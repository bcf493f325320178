import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

interface PasswordInputProps {
  id: string;
  value: string;
  onChange: (password: string) => void;
  testId: string;
  autoFocus?: boolean;
  /** The id of the error shown for the password: marks the input invalid and described by it. */
  errorId?: string;
}

/** The labelled password input of a share's password form or an encrypted paste's (never autocompleted). */
export function PasswordInput({ id, value, onChange, testId, autoFocus, errorId }: PasswordInputProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <label className="cc-field__label" htmlFor={id}>
        {t('password.label')}
      </label>
      <input
        id={id}
        className="cc-input"
        type="password"
        autoComplete="off"
        autoFocus={autoFocus}
        value={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </>
  );
}
