import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { CloudServerOutlined, FileTextOutlined, FolderOpenOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, type DashboardStats, useKernel, useLanguage, errorText } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { activityDays } from '../api/activity';
import { ActivityChart } from './activity-chart';
import { StorageUsage } from './storage-usage';

/** Counts, storage usage per configuration and the last 7 days of activity. Admin only. */
export function DashboardPage() {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const [stats, setStats] = useState<DashboardStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState(0);
  const refresh = useCallback(() => setRun((value) => value + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    kernel.api.system
      .dashboardStats(controller.signal)
      .then(setStats)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorText(failure, t('common:errors.requestFailed')));
      });
    return () => controller.abort();
  }, [kernel, t, run]);

  const cards = stats
    ? [
        { key: 'pastes', title: t('dashboard.pastes'), value: stats.totalPastes, icon: <FileTextOutlined /> },
        { key: 'files', title: t('dashboard.files'), value: stats.totalFiles, icon: <FolderOpenOutlined /> },
        { key: 'keys', title: t('dashboard.keys'), value: stats.totalApiKeys, icon: <KeyOutlined /> },
        { key: 'configs', title: t('dashboard.configs'), value: stats.totalS3Configs, icon: <CloudServerOutlined /> },
      ]
    : [];

  return (
    <div data-testid="dashboard">
      <div className="cc-admin-toolbar">
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {t('actions.refresh')}
        </Button>
      </div>
      {error && <Alert type="error" showIcon message={error} className="cc-admin-gap" />}
      {!stats && !error && <Skeleton active />}
      {stats && (
        <>
          <Row gutter={[16, 16]}>
            {cards.map((card) => (
              <Col key={card.key} xs={12} md={6}>
                <Card size="small" data-testid={`stat-${card.key}`}>
                  <Statistic title={card.title} value={card.value ?? 0} prefix={card.icon} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]} className="cc-admin-gap">
            <Col xs={24} lg={10}>
              <Card
                title={<h2 className="cc-admin-card-title">{t('dashboard.storageTitle')}</h2>}
                extra={
                  <span className="cc-admin-muted">{t('dashboard.totalUsed', { size: formatBytes(stats.totalStorageUsed ?? 0) })}</span>
                }
                data-testid="storage-usage"
              >
                <StorageUsage buckets={stats.s3Buckets ?? []} />
              </Card>
            </Col>
            <Col xs={24} lg={14}>
              <Card title={<h2 className="cc-admin-card-title">{t('dashboard.activityTitle')}</h2>}>
                <ActivityChart days={activityDays(stats, language)} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
