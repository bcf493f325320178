import type { ReactNode } from 'react';
import { EyeInvisibleOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { LoginTabs } from './login-tabs';

/** `data-early-form` of the login form in `/admin`'s first screen (the boot page marks it submitted). */
export const EARLY_LOGIN_FORM = 'admin-login';
/** `data-early-field` names of its controls; the login page takes their values when it mounts. */
export const EARLY_USERNAME_FIELD = 'admin-username';
export const EARLY_PASSWORD_FIELD = 'admin-password';

/** antd writes a two-character Chinese button label with a space between them (登 录); so does this copy. */
function antdButtonText(text: string): string {
  return /^[\u4e00-\u9fa5]{2}$/.test(text) ? text.split('').join(' ') : text;
}

/**
 * The admin login as real controls in `/admin`'s first screen (src/first-screen.tsx): a visitor can
 * type and submit before the admin code has arrived, and the login page (login-page.tsx) takes over
 * what was typed. Plain HTML laid out like the antd form the page renders (styles/admin.css
 * `.cc-admin-early`), so nothing moves when the page replaces it. No ids (the page's own elements
 * are the ones a label or a test finds by id; labels wrap their inputs) and no `name` attributes:
 * a native submit, which the boot page stops anyway, carries nothing. Only the admin tab works
 * before the code; the API key tab is shown as the page shows it.
 */
export function EarlyLoginForm() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <form className="cc-admin-login__form cc-admin-early" data-early-form={EARLY_LOGIN_FORM} data-live="" noValidate>
      <LoginTabs
        active="admin"
        onChange={() => undefined}
        items={[
          { key: 'admin', label: t('auth.tabAdmin') },
          { key: 'apiKey', label: t('auth.tabApiKey') },
        ]}
      />
      <div role="tabpanel">
        <EarlyField
          field={EARLY_USERNAME_FIELD}
          label={t('auth.username')}
          icon={<UserOutlined aria-hidden />}
          autoComplete="username"
          placeholder={t('auth.usernamePlaceholder')}
        />
        <EarlyField
          secret
          field={EARLY_PASSWORD_FIELD}
          label={t('auth.password')}
          icon={<LockOutlined aria-hidden />}
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
        />
      </div>
      <div className="cc-admin-early__item cc-admin-login__submit">
        <button type="submit" className="cc-admin-early__button">
          {antdButtonText(t('auth.submitAdmin'))}
        </button>
      </div>
    </form>
  );
}

function EarlyField({
  field,
  label,
  icon,
  autoComplete,
  placeholder,
  secret = false,
}: {
  field: string;
  label: string;
  icon: ReactNode;
  autoComplete: string;
  placeholder: string;
  secret?: boolean;
}) {
  return (
    <label className="cc-admin-early__item">
      <span className="cc-admin-early__label">{label}</span>
      <span className="cc-admin-early__control">
        <span className="cc-admin-early__prefix">{icon}</span>
        <input
          className="cc-admin-early__input"
          type={secret ? 'password' : 'text'}
          data-early-field={field}
          aria-required="true"
          autoComplete={autoComplete}
          placeholder={placeholder}
          spellCheck={false}
        />
        {secret && (
          <span className="cc-admin-early__suffix">
            <EyeInvisibleOutlined aria-hidden />
          </span>
        )}
      </span>
    </label>
  );
}
