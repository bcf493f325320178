import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, List, Modal, Spin, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useKernel, errorText } from '@cloudclip/shared-kernel';
import type { S3Config } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { testReport, type TestReport } from '../api/storage-test-steps';

/** Runs the connection test of a config and shows every step's result. */
export function StorageTestModal({ config, onClose }: { config: S3Config | null; onClose: () => void }) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const [report, setReport] = useState<TestReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [run, setRun] = useState(0);

  useEffect(() => {
    setReport(null);
    setFailure(null);
    if (!config) return;
    const controller = new AbortController();
    kernel.api.s3Configs
      .test(config.id, controller.signal)
      .then((result) => setReport(testReport(result)))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorText(error, t('common:errors.requestFailed')));
      });
    return () => controller.abort();
  }, [config, kernel, t, run]);

  const busy = !!config && !report && !failure;
  return (
    <Modal
      open={!!config}
      title={t('storage.testTitle', { name: config?.name ?? '' })}
      onCancel={onClose}
      width={680}
      destroyOnHidden
      footer={[
        <Button key="again" onClick={() => setRun((value) => value + 1)} disabled={busy}>
          {t('storage.testAgain')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('actions.close')}
        </Button>,
      ]}
    >
      {busy && (
        <div className="cc-admin-center" role="status">
          <Spin />
          <span className="cc-admin-muted">{t('storage.testing')}</span>
        </div>
      )}
      {failure && <Alert type="error" showIcon message={failure} />}
      {report && (
        <div data-testid="storage-test-report" data-success={report.success ? 'true' : 'false'}>
          <Alert
            type={report.success ? 'success' : report.error ? 'error' : 'warning'}
            showIcon
            message={t(report.success ? 'storage.testPassed' : 'storage.testFailed')}
            description={report.error || report.note || undefined}
          />
          <List
            className="cc-admin-gap"
            dataSource={report.steps}
            renderItem={(step) => (
              <List.Item data-testid={`test-step-${step.id}`} data-status={step.success ? 'success' : 'error'}>
                <List.Item.Meta
                  avatar={
                    step.success ? (
                      <CheckCircleFilled className="cc-admin-ok" aria-label={t('storage.stepOk')} />
                    ) : (
                      <CloseCircleFilled className="cc-admin-bad" aria-label={t('storage.stepFailed')} />
                    )
                  }
                  title={
                    <span>
                      {t(step.labelKey)}
                      {step.name ? `: ${step.name}` : ''}{' '}
                      <Typography.Text type={step.success ? 'success' : 'danger'}>
                        {t(step.success ? 'storage.stepOk' : 'storage.stepFailed')}
                      </Typography.Text>
                    </span>
                  }
                  description={
                    <>
                      {step.detail && <div>{step.detail}</div>}
                      {step.facts.map((fact) => (
                        <span key={fact.key} className="cc-admin-fact">
                          {t(fact.key, { value: fact.value })}
                        </span>
                      ))}
                    </>
                  }
                />
              </List.Item>
            )}
          />
          {report.connection && (
            <Descriptions size="small" column={1} bordered title={t('storage.connection')}>
              <Descriptions.Item label={t('storage.fieldEndpoint')}>{report.connection.endpoint}</Descriptions.Item>
              <Descriptions.Item label={t('storage.fieldBucket')}>{report.connection.bucket}</Descriptions.Item>
              <Descriptions.Item label={t('storage.fieldRegion')}>{report.connection.region}</Descriptions.Item>
              <Descriptions.Item label={t('storage.fieldProvider')}>{report.connection.provider}</Descriptions.Item>
            </Descriptions>
          )}
        </div>
      )}
    </Modal>
  );
}
