import { useState } from 'react';
import { Alert, App, Tabs } from 'antd';
import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  validateAdminLoginForm,
  validateApiKeyLoginForm,
  type AdminLoginFormInput,
  type ApiKeyLoginFormInput,
} from '@cloudclip/shared-kernel';
import { useKernel } from '../../../lib/kernel-context';
import { kernelRule } from '../../../lib/validation';
import { NAMESPACE } from '../../../i18n/resources';
import { adminLoginErrorText, apiKeyLoginErrorText } from '../api/login-errors';

export type LoginTab = 'admin' | 'apiKey';

interface LoginValues {
  username?: string;
  password?: string;
  apiKey?: string;
}

/** Two ways in (spec §2, §6): admin username + password, or an API key. */
export function LoginPage({ initialTab = 'admin' }: { initialTab?: LoginTab }) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const { message } = App.useApp();
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: LoginValues): Promise<boolean> => {
    setError(null);
    try {
      if (tab === 'admin') {
        const result = validateAdminLoginForm({ username: values.username, password: values.password });
        if (!result.valid) return false;
        await kernel.auth.loginAdmin(result.value.username, result.value.password);
        void message.success(t('auth.adminLoggedIn'));
      } else {
        const result = validateApiKeyLoginForm({ apiKey: values.apiKey });
        if (!result.valid) return false;
        await kernel.auth.loginApiKey(result.value.apiKey);
        void message.success(t('auth.keyLoggedIn'));
      }
      return true;
    } catch (failure) {
      setError(tab === 'admin' ? adminLoginErrorText(t, failure) : apiKeyLoginErrorText(t, failure));
      return false;
    }
  };

  return (
    <div className="cc-admin-login" data-testid="admin-login">
      <LoginForm<LoginValues>
        title={<h1 className="cc-admin-login__title">{t('auth.title')}</h1>}
        subTitle={t('auth.subtitle')}
        onFinish={submit}
        submitter={{ searchConfig: { submitText: t(tab === 'admin' ? 'auth.submitAdmin' : 'auth.submitKey') } }}
      >
        <Tabs
          centered
          activeKey={tab}
          onChange={(key) => {
            setTab(key as LoginTab);
            setError(null);
          }}
          items={[
            { key: 'admin', label: t('auth.tabAdmin') },
            { key: 'apiKey', label: t('auth.tabApiKey') },
          ]}
        />
        {error && <Alert className="cc-admin-login__error" type="error" showIcon message={error} data-testid="login-error" />}
        {tab === 'admin' ? (
          <>
            <ProFormText
              name="username"
              label={t('auth.username')}
              required
              fieldProps={{ size: 'large', prefix: <UserOutlined aria-hidden />, autoComplete: 'username' }}
              placeholder={t('auth.usernamePlaceholder')}
              rules={[kernelRule<AdminLoginFormInput, 'username'>(t, 'username', validateAdminLoginForm)]}
            />
            <ProFormText.Password
              name="password"
              label={t('auth.password')}
              required
              fieldProps={{ size: 'large', prefix: <LockOutlined aria-hidden />, autoComplete: 'current-password' }}
              placeholder={t('auth.passwordPlaceholder')}
              rules={[kernelRule<AdminLoginFormInput, 'password'>(t, 'password', validateAdminLoginForm)]}
            />
          </>
        ) : (
          <ProFormText.Password
            name="apiKey"
            label={t('auth.apiKey')}
            required
            fieldProps={{ size: 'large', prefix: <KeyOutlined aria-hidden />, autoComplete: 'off' }}
            placeholder={t('auth.apiKeyPlaceholder')}
            rules={[kernelRule<ApiKeyLoginFormInput, 'apiKey'>(t, 'apiKey', validateApiKeyLoginForm)]}
          />
        )}
      </LoginForm>
    </div>
  );
}
