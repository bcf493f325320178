import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { useKernel } from '@cloudclip/shared-kernel';

/** Logs out through the kernel (admin: server logout, errors ignored; key: 'logout authorization'). */
export function useLogout(): () => Promise<void> {
  const kernel = useKernel();
  const { message } = App.useApp();
  const { t } = useTranslation(NAMESPACE);
  return useCallback(async () => {
    const wasKey = kernel.session.kind === 'apiKey';
    await kernel.auth.logout();
    void message.success(t(wasKey ? 'auth.keyLoggedOut' : 'auth.loggedOut'));
  }, [kernel, message, t]);
}
