import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../lib/kernel-context';
import { NAMESPACE } from '../i18n/resources';

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
