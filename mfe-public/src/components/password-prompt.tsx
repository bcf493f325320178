import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { PasswordInput } from './password-input';

interface PasswordPromptProps {
  title: string;
  hint: string;
  /** Resolves when the password was right; rejects with a displayable error otherwise. */
  onSubmit: (password: string) => Promise<void>;
  testId?: string;
}

/** Password form of a protected share: the server's message (or 'wrong password') on failure. */
export function PasswordPrompt({ title, hint, onSubmit, testId }: PasswordPromptProps) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('password.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : t('password.wrong'));
      setBusy(false);
    }
  };

  return (
    <form className="cc-card cp-password-prompt" onSubmit={(event) => void submit(event)} data-testid={testId} noValidate>
      <h1 className="cc-card__title">{title}</h1>
      <p className="cc-muted">{hint}</p>
      <div className="cc-field">
        <PasswordInput
          id={`${id}-password`}
          value={password}
          onChange={setPassword}
          testId="password-input"
          autoFocus
          errorId={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="cc-field__error" role="alert" data-testid="password-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="cc-button cc-button--primary" disabled={busy} data-testid="password-submit">
        {busy ? t('password.checking') : t('password.submit')}
      </button>
    </form>
  );
}
