import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../../../components/password-input';
import { NAMESPACE } from '../../../i18n/resources';
import type { DecryptFailure } from '../hooks/use-decrypted-content';

interface DecryptProblemProps {
  reason: DecryptFailure;
  /** Decrypts again with this password (in the browser only). */
  onPassword: (password: string) => void;
}

/**
 * Why an encrypted paste cannot be shown, in the page's language, in place of its text (the rest of
 * the page and the site keep working). When a password is missing or may be wrong, it can be entered
 * here: it only goes into the key derivation, never to the server.
 */
export function DecryptProblem({ reason, onPassword }: DecryptProblemProps) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [password, setPassword] = useState('');
  const asksPassword = reason === 'passwordRequired' || reason === 'wrongPassword';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onPassword(password);
  };

  return (
    <div className="cc-alert cc-alert--error cp-decrypt-problem" role="alert" data-testid="paste-decrypt-error" data-reason={reason}>
      <p>{t(`paste.crypto.${reason}`)}</p>
      {asksPassword && (
        <form className="cp-decrypt-problem__form" onSubmit={submit} noValidate>
          <PasswordInput id={`${id}-password`} value={password} onChange={setPassword} testId="paste-decrypt-password" />
          <button type="submit" className="cc-button cc-button--primary" disabled={!password} data-testid="paste-decrypt-submit">
            {t('paste.decrypt')}
          </button>
        </form>
      )}
    </div>
  );
}
