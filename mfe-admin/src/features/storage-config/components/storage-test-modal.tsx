import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, List, Spin, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useKernel, errorText } from '@cloudclip/shared-kernel';
import type { S3Config } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { InfoModal } from '../../../components/info-modal';
import { testReport, type TestReport, type TestStep } from '../api/storage-test-steps';

type Translate = (key: string) => string;

/** Passed, failed, or not applicable to this storage (never shown as a failure). */
function stepStatus(step: TestStep): 'success' | 'error' | 'skipped' {
  return step.skipped ? 'skipped' : step.success ? 'success' : 'error';
}

const STATUS_TEXT = { success: 'storage.stepOk', error: 'storage.stepFailed', skipped: 'storage.stepSkipped' } as const;
const STATUS_TYPE = { success: 'success', error: 'danger', skipped: 'secondary' } as const;

function StatusIcon({ status, t }: { status: 'success' | 'error' | 'skipped'; t: Translate }) {
  if (status === 'skipped') return <MinusCircleOutlined className="cc-admin-muted" aria-label={t(STATUS_TEXT.skipped)} />;
  return status === 'success' ? (
    <CheckCircleFilled className="cc-admin-ok" aria-label={t(STATUS_TEXT.success)} />
  ) : (
    <CloseCircleFilled className="cc-admin-bad" aria-label={t(STATUS_TEXT.error)} />
  );
}

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
    <InfoModal
      open={!!config}
      title={t('storage.testTitle', { name: config?.name ?? '' })}
      onClose={onClose}
      width={680}
      action={
        <Button key="again" onClick={() => setRun((value) => value + 1)} disabled={busy}>
          {t('storage.testAgain')}
        </Button>
      }
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
            renderItem={(step) => {
              const status = stepStatus(step);
              return (
                <List.Item data-testid={`test-step-${step.id}`} data-status={status}>
                  <List.Item.Meta
                    avatar={<StatusIcon status={status} t={t} />}
                    title={
                      <span>
                        {t(step.labelKey)}
                        {step.name ? `: ${step.name}` : ''}{' '}
                        <Typography.Text type={STATUS_TYPE[status]}>{t(STATUS_TEXT[status])}</Typography.Text>
                      </span>
                    }
                    description={
                      <>
                        {step.detail && <div>{step.detail}</div>}
                        {step.facts.map((fact) => (
                          <span key={fact.key} className="cc-admin-fact" data-testid={`test-fact-${fact.key.replace(/^storage\./, '')}`}>
                            {t(fact.key, { value: fact.value })}
                          </span>
                        ))}
                      </>
                    }
                  />
                </List.Item>
              );
            }}
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
    </InfoModal>
  );
}
