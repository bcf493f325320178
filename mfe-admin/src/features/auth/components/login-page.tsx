import { useState, type ReactNode, type Ref } from 'react';
import { Alert, App, Button, Form, Input, type FormRule, type InputRef } from 'antd';
import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  validateAdminLoginForm,
  validateApiKeyLoginForm,
  type AdminLoginFormInput,
  type ApiKeyLoginFormInput,
  useKernel,
} from '@cloudclip/shared-kernel';
import { kernelRule } from '../../../lib/validation';
import { NAMESPACE } from '../../../i18n/resources';
import { adminLoginErrorText, apiKeyLoginErrorText } from '../api/login-errors';
import { LoginTabs } from './login-tabs';
import { LoginHeader } from './login-header';
import { useEarlyLogin } from './use-early-login';

export type LoginTab = 'admin' | 'apiKey';

interface LoginValues {
  username?: string;
  password?: string;
  apiKey?: string;
}

/**
 * Two ways in (spec §2, §6): admin username + password, or an API key. Plain antd form parts on
 * purpose: the login page is the first thing `/admin` shows, and pro-components' LoginForm would
 * bring the whole pro-form field set (pickers, colour picker, tree) into that first load.
 * It takes over `/admin`'s live first screen (use-early-login.ts): what was typed there, the caret,
 * and a login sent before the code arrived (sent once, here).
 */
export function LoginPage({ initialTab = 'admin' }: { initialTab?: LoginTab }) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginValues>();
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const early = useEarlyLogin(form, () => form.submit(), { submitEarly: initialTab === 'admin' });

  const submit = async (values: LoginValues): Promise<void> => {
    setError(null);
    setSubmitting(true);
    try {
      if (tab === 'admin') {
        const result = validateAdminLoginForm({ username: values.username, password: values.password });
        if (!result.valid) return;
        await kernel.auth.loginAdmin(result.value.username, result.value.password);
        void message.success(t('auth.adminLoggedIn'));
      } else {
        const result = validateApiKeyLoginForm({ apiKey: values.apiKey });
        if (!result.valid) return;
        await kernel.auth.loginApiKey(result.value.apiKey);
        void message.success(t('auth.keyLoggedIn'));
      }
    } catch (failure) {
      setError(tab === 'admin' ? adminLoginErrorText(t, failure) : apiKeyLoginErrorText(t, failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="cc-admin-login" data-testid="admin-login">
      <LoginHeader />
      <Form<LoginValues>
        form={form}
        layout="vertical"
        className="cc-admin-login__form"
        initialValues={early.initialValues}
        onFinish={(values) => void submit(values)}
        requiredMark
      >
        <LoginTabs<LoginTab>
          panelId="cc-admin-login-fields"
          active={tab}
          onChange={(key) => {
            setTab(key);
            setError(null);
          }}
          items={[
            { key: 'admin', label: t('auth.tabAdmin') },
            { key: 'apiKey', label: t('auth.tabApiKey') },
          ]}
        />
        <div id="cc-admin-login-fields" role="tabpanel" aria-labelledby={`cc-admin-login-fields-tab-${tab}`}>
          {error && <Alert className="cc-admin-login__error" type="error" showIcon message={error} data-testid="login-error" />}
          {tab === 'admin' ? (
            <>
              <LoginField
                name="username"
                label={t('auth.username')}
                rule={kernelRule<AdminLoginFormInput, 'username'>(t, 'username', validateAdminLoginForm)}
                icon={<UserOutlined aria-hidden />}
                autoComplete="username"
                placeholder={t('auth.usernamePlaceholder')}
                inputRef={early.usernameRef}
              />
              <LoginField
                secret
                name="password"
                label={t('auth.password')}
                rule={kernelRule<AdminLoginFormInput, 'password'>(t, 'password', validateAdminLoginForm)}
                icon={<LockOutlined aria-hidden />}
                autoComplete="current-password"
                placeholder={t('auth.passwordPlaceholder')}
                inputRef={early.passwordRef}
              />
            </>
          ) : (
            <LoginField
              secret
              name="apiKey"
              label={t('auth.apiKey')}
              rule={kernelRule<ApiKeyLoginFormInput, 'apiKey'>(t, 'apiKey', validateApiKeyLoginForm)}
              icon={<KeyOutlined aria-hidden />}
              autoComplete="off"
              placeholder={t('auth.apiKeyPlaceholder')}
            />
          )}
        </div>
        <Form.Item className="cc-admin-login__submit">
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t(tab === 'admin' ? 'auth.submitAdmin' : 'auth.submitKey')}
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}

/** A required login field (large input with its icon; `secret` hides what is typed). */
function LoginField({
  name,
  label,
  rule,
  icon,
  autoComplete,
  placeholder,
  inputRef,
  secret = false,
}: {
  name: keyof LoginValues;
  label: string;
  rule: FormRule;
  icon: ReactNode;
  autoComplete: string;
  placeholder: string;
  inputRef?: Ref<InputRef>;
  secret?: boolean;
}) {
  const FieldInput = secret ? Input.Password : Input;
  return (
    <Form.Item name={name} label={label} required rules={[rule]}>
      <FieldInput ref={inputRef} size="large" prefix={icon} autoComplete={autoComplete} placeholder={placeholder} />
    </Form.Item>
  );
}
