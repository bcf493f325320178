import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText, useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';
import { useDangerConfirm } from './use-confirm';

/**
 * Clears the directory and presigned-URL caches after the danger dialog: every cache (`admin`) or the
 * key's own (`user` endpoint). Says how many entries went; a failure is shown as an error message.
 * The settings' cache card and the mount page's toolbar both offer it.
 */
export function useClearCache(scope: 'admin' | 'user'): () => void {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const { message } = App.useApp();
  const confirm = useDangerConfirm();
  return () =>
    confirm({
      title: t('cache.clearTitle'),
      content: t('cache.clearBody'),
      okText: t('cache.clear'),
      onOk: async () => {
        try {
          const result = await (scope === 'admin' ? kernel.api.system.adminClearCache() : kernel.api.system.userClearCache());
          void message.success(t('cache.cleared', { count: result?.clearedCount ?? 0 }));
        } catch (error) {
          void message.error(errorText(error, t('common:errors.requestFailed')));
        }
      },
    });
}
