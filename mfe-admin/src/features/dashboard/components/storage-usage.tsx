import { Empty, List, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, type DashboardBucketUsage } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';

/** Used / capacity of each storage configuration, as a bar. */
export function StorageUsage({ buckets }: { buckets: DashboardBucketUsage[] }) {
  const { t } = useTranslation(NAMESPACE);
  if (buckets.length === 0) return <Empty description={t('dashboard.noStorage')} />;
  return (
    <List
      dataSource={buckets}
      renderItem={(bucket) => {
        const percent = Math.max(
          0,
          Math.min(100, Math.round(bucket.usagePercent ?? (bucket.totalStorage ? (bucket.usedStorage / bucket.totalStorage) * 100 : 0))),
        );
        return (
          <List.Item data-testid="storage-usage-item" data-percent={percent}>
            <div className="cc-admin-usage">
              <div className="cc-admin-usage__head">
                <strong>{bucket.name}</strong> <Tag>{bucket.providerType}</Tag>
                <span className="cc-admin-muted">{t('dashboard.fileCount', { count: bucket.fileCount ?? 0 })}</span>
              </div>
              <Progress
                percent={percent}
                status={percent >= 90 ? 'exception' : 'normal'}
                aria-label={t('dashboard.usageOf', { name: bucket.name })}
              />
              <div className="cc-admin-muted" data-testid="storage-usage-text">
                {t('dashboard.usedOf', { used: formatBytes(bucket.usedStorage ?? 0), total: formatBytes(bucket.totalStorage ?? 0) })}
              </div>
            </div>
          </List.Item>
        );
      }}
    />
  );
}
