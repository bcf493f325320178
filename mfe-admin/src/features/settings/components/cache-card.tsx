import { App, Button } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from 'react-i18next';
import { useDangerConfirm } from '../../../hooks/use-confirm';
import { NAMESPACE } from '../../../i18n/resources';
import { useKernel, errorText } from '@cloudclip/shared-kernel';

/** Clears the directory and presigned-URL caches: everything (admin) or the key's (user endpoint). */
export function CacheCard({ scope }: { scope: 'admin' | 'user' }) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const { message } = App.useApp();
  const confirm = useDangerConfirm();
  const clear = () =>
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
  return (
    <SectionCard title={t('cache.title')} testId="settings-cache">
      <p className="cc-admin-muted">{t('cache.body')}</p>
      <Button icon={<ClearOutlined />} onClick={clear} data-testid="cache-clear">
        {t('cache.clear')}
      </Button>
    </SectionCard>
  );
}
