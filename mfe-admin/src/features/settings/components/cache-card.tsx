import { Button } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from 'react-i18next';
import { useClearCache } from '../../../hooks/use-clear-cache';
import { NAMESPACE } from '../../../i18n/resources';

/** Clears the directory and presigned-URL caches: everything (admin) or the key's (user endpoint). */
export function CacheCard({ scope }: { scope: 'admin' | 'user' }) {
  const { t } = useTranslation(NAMESPACE);
  const clear = useClearCache(scope);
  return (
    <SectionCard title={t('cache.title')} testId="settings-cache">
      <p className="cc-admin-muted">{t('cache.body')}</p>
      <Button icon={<ClearOutlined />} onClick={clear} data-testid="cache-clear">
        {t('cache.clear')}
      </Button>
    </SectionCard>
  );
}
