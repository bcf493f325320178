import { useCallback, useState } from 'react';
import { Alert } from 'antd';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { SectionCard } from '../../../components/section-card';
import {
  ACCOUNT_CHANGE_LOGOUT_DELAY_MS,
  validateAccountChangeForm,
  type AccountChangeFormField,
  type AccountChangeFormInput,
  useKernel,
} from '@cloudclip/shared-kernel';
import { kernelRule } from '../../../lib/validation';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { useLogoutCountdown } from '../hooks/use-logout-countdown';

/**
 * Change the admin's username and/or password. The server then revokes every token of the admin,
 * so the session ends here after 3 seconds, with a countdown.
 */
export function AccountCard() {
  const kernel = useKernel();
  const { t, message, submit, cardFormProps } = useFormSubmit();
  const [changed, setChanged] = useState(false);
  // The server already revoked the token: forget it locally (a server logout would only fail).
  const endSession = useCallback(() => kernel.session.clear(), [kernel]);
  const { secondsLeft, start } = useLogoutCountdown(ACCOUNT_CHANGE_LOGOUT_DELAY_MS, endSession);
  const rule = (field: AccountChangeFormField) =>
    kernelRule<AccountChangeFormInput, AccountChangeFormField>(t, field, validateAccountChangeForm);

  return (
    <SectionCard title={t('account.title')} testId="settings-account">
      {changed && secondsLeft !== null && (
        <Alert
          type="success"
          showIcon
          className="cc-admin-gap"
          data-testid="account-countdown"
          message={t('account.changed')}
          description={<span aria-live="polite">{t('account.logoutIn', { count: secondsLeft })}</span>}
        />
      )}
      <ProForm<AccountChangeFormInput>
        {...cardFormProps('account.submit')}
        disabled={changed}
        onFinish={async (values) => {
          const result = validateAccountChangeForm(values);
          if (!result.valid) return false;
          return submit(async () => {
            await kernel.api.auth.changePassword(result.value);
            void message.success(t('account.changed'));
            setChanged(true);
            start();
          });
        }}
      >
        <ProFormText.Password
          name="currentPassword"
          label={t('account.currentPassword')}
          required
          fieldProps={{ autoComplete: 'current-password' }}
          rules={[rule('currentPassword')]}
        />
        <ProFormText
          name="newUsername"
          label={t('account.newUsername')}
          placeholder={t('account.optional')}
          fieldProps={{ autoComplete: 'username' }}
          dependencies={['newPassword']}
          rules={[rule('newUsername')]}
        />
        <ProFormText.Password
          name="newPassword"
          label={t('account.newPassword')}
          placeholder={t('account.optional')}
          fieldProps={{ autoComplete: 'new-password' }}
          dependencies={['currentPassword', 'newUsername']}
          rules={[rule('newPassword')]}
        />
      </ProForm>
    </SectionCard>
  );
}
