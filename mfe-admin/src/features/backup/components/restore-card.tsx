import { useRef, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Progress, Radio, Space, Table, Typography, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from 'react-i18next';
import { type BackupRestoreCheck, type BackupRestoreResult, errorText, formatDateTime, isApiError } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { useDangerConfirm } from '../../../hooks/use-confirm';
import { tableScroll, useTableLayout } from '../../../hooks/use-table-layout';
import { totalRows, type BackupApi } from '../api/backup-rules';

/** At most this many conflicts are listed one by one; the count says how many there are. */
const CONFLICTS_LISTED = 200;

type Step =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; percent: number | null }
  | { kind: 'checked'; name: string; check: BackupRestoreCheck }
  | { kind: 'done'; report: BackupRestoreResult };

/** Row counts per table, as a small two-column table. */
function CountsTable({ counts, testId }: { counts: Record<string, number>; testId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const layout = useTableLayout();
  return (
    <Table<{ table: string; rows: number }>
      key={layout.narrow ? 'phone' : 'wide'}
      size="small"
      rowKey="table"
      pagination={false}
      scroll={tableScroll('max-content')}
      data-testid={testId}
      dataSource={Object.entries(counts).map(([table, rows]) => ({ table, rows }))}
      columns={layout.columns<TableColumnsType<{ table: string; rows: number }>[number]>([
        { title: t('backup.table'), dataIndex: 'table' },
        { title: t('backup.rows'), dataIndex: 'rows', align: 'right' },
      ])}
    />
  );
}

/**
 * "Restore from a backup": upload the archive to be checked (with progress and cancel), show what it
 * holds and what stands in the way, choose replace or merge, confirm, then show what was restored.
 */
export function RestoreCard({ api, onRestored }: { api: BackupApi; onRestored: () => void }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const confirm = useDangerConfirm();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [merge, setMerge] = useState(true);
  const [secret, setSecret] = useState('');
  const [secretMissing, setSecretMissing] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const startCheck = async (file: File) => {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setError(null);
    setSecret('');
    setSecretMissing(false);
    setStep({ kind: 'uploading', name: file.name, percent: 0 });
    try {
      const check = await api.check(file, {
        signal: controller.signal,
        onUploadProgress: (event) => setStep({ kind: 'uploading', name: file.name, percent: event.percent }),
      });
      if (controller.signal.aborted) return;
      setMerge(!check.targetEmpty);
      setStep({ kind: 'checked', name: file.name, check });
    } catch (failure) {
      setStep({ kind: 'idle' });
      // A cancelled upload is what the user asked for: no error.
      if (!(isApiError(failure) && failure.kind === 'cancelled')) setError(errorText(failure, t('common:errors.requestFailed')));
    }
  };

  const cancelUpload = () => {
    upload.current?.abort();
    setStep({ kind: 'idle' });
  };

  const askRestore = (check: BackupRestoreCheck) => {
    if (!check.secretMatches && !secret.trim()) {
      setSecretMissing(true);
      return;
    }
    const rows = totalRows(check.manifest.rowCounts);
    const tables = Object.keys(check.manifest.rowCounts).length;
    const objectCount = check.manifest.objectsIncluded ? check.manifest.objectCount : 0;
    confirm({
      title: t('backup.confirmTitle'),
      content: (
        <div data-testid="restore-confirm-body">
          <p>{t(merge ? 'backup.confirmMerge' : 'backup.confirmReplace', { rows, tables })}</p>
          {objectCount > 0 && <p>{t('backup.confirmObjects', { count: objectCount })}</p>}
        </div>
      ),
      okText: t('backup.confirmOk'),
      onOk: async () => {
        setError(null);
        try {
          const report = await api.restore({
            checkId: check.checkId,
            merge,
            ...(check.secretMatches ? {} : { secret: secret.trim() }),
          });
          setStep({ kind: 'done', report });
          // After a replace the admin's token may be gone: asking the server again now would end the
          // session before the result is read. The notice tells the admin to sign in again.
          if (merge) onRestored();
        } catch (failure) {
          // The preview stays; the server's message says what to do.
          setError(errorText(failure, t('common:errors.requestFailed')));
        }
      },
    });
  };

  // A plain file input behind a button (antd's Upload wraps the button in another role="button").
  const chooser = (
    <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()} data-testid="restore-choose">
      {step.kind === 'idle' ? t('backup.chooseFile') : t('backup.chooseAnother')}
    </Button>
  );

  return (
    <SectionCard title={t('backup.restoreTitle')} testId="backup-restore" step={step.kind}>
      <Space direction="vertical" size={12} className="cc-admin-stack">
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('backup.restoreBody')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} data-testid="restore-error" />}
        <input
          ref={fileInput}
          type="file"
          accept=".gz,.tgz,application/gzip"
          hidden
          aria-hidden
          tabIndex={-1}
          data-testid="restore-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again is a change too.
            event.target.value = '';
            if (file) void startCheck(file);
          }}
        />

        {step.kind === 'idle' && chooser}

        {step.kind === 'uploading' && (
          <div data-testid="restore-uploading">
            <Typography.Text>{t('backup.uploading', { name: step.name })}</Typography.Text>
            <Progress
              percent={step.percent ?? 0}
              status="active"
              aria-label={t('backup.uploading', { name: step.name })}
              data-testid="restore-progress"
            />
            <Button onClick={cancelUpload} data-testid="restore-cancel">
              {t('backup.cancelUpload')}
            </Button>
          </div>
        )}

        {step.kind === 'checked' && (
          <Space direction="vertical" size={12} className="cc-admin-stack" data-testid="restore-preview">
            <h3 className="cc-admin-card-title">{t('backup.archiveTitle')}</h3>
            <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 3 }} size="small" layout="vertical">
              <Descriptions.Item label={t('backup.createdAt')}>
                {formatDateTime(step.check.manifest.createdAt, i18n.language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('backup.appVersion')}>{step.check.manifest.appVersion}</Descriptions.Item>
              <Descriptions.Item label={t('backup.schemaVersion')}>{String(step.check.manifest.schemaVersion)}</Descriptions.Item>
              <Descriptions.Item label={t('backup.sourceDatabase')}>{step.check.manifest.database}</Descriptions.Item>
              <Descriptions.Item label={t('backup.objectsIncluded')}>
                {step.check.manifest.objectsIncluded
                  ? t('backup.objectsYes', { count: step.check.manifest.objectCount })
                  : t('backup.objectsNo')}
              </Descriptions.Item>
            </Descriptions>
            <CountsTable counts={step.check.manifest.rowCounts} testId="restore-row-counts" />

            {!step.check.schemaMatches ? (
              <Alert type="error" showIcon message={t('backup.schemaMismatch')} data-testid="restore-schema-mismatch" />
            ) : (
              <Form layout="vertical" component="div">
                {!step.check.secretMatches && (
                  <>
                    <Alert type="warning" showIcon message={t('backup.secretMismatch')} style={{ marginBottom: 12 }} />
                    <Form.Item
                      label={t('backup.oldSecret')}
                      htmlFor="cc-backup-old-secret"
                      validateStatus={secretMissing ? 'error' : undefined}
                      help={secretMissing ? t('backup.oldSecretRequired') : undefined}
                      required
                    >
                      <Input.Password
                        id="cc-backup-old-secret"
                        value={secret}
                        autoComplete="off"
                        onChange={(event) => {
                          setSecret(event.target.value);
                          setSecretMissing(false);
                        }}
                      />
                    </Form.Item>
                  </>
                )}
                <Form.Item label={t('backup.mode')} required>
                  <Radio.Group
                    value={merge ? 'merge' : 'replace'}
                    onChange={(event) => setMerge(event.target.value === 'merge')}
                    aria-label={t('backup.mode')}
                  >
                    <Space direction="vertical">
                      <Radio value="replace" disabled={!step.check.targetEmpty} data-testid="restore-mode-replace">
                        <strong>{t('backup.modeReplace')}</strong> <span className="cc-admin-muted">{t('backup.modeReplaceHelp')}</span>
                      </Radio>
                      <Radio value="merge" data-testid="restore-mode-merge">
                        <strong>{t('backup.modeMerge')}</strong> <span className="cc-admin-muted">{t('backup.modeMergeHelp')}</span>
                      </Radio>
                    </Space>
                  </Radio.Group>
                </Form.Item>
                {!step.check.targetEmpty && (
                  <Alert type="info" showIcon message={t('backup.notEmpty')} data-testid="restore-not-empty" style={{ marginBottom: 12 }} />
                )}
                <Space wrap>
                  <Button type="primary" danger onClick={() => askRestore(step.check)} data-testid="restore-start">
                    {t('backup.restore')}
                  </Button>
                  {chooser}
                </Space>
              </Form>
            )}
            {!step.check.schemaMatches && chooser}
          </Space>
        )}

        {step.kind === 'done' && (
          <Space direction="vertical" size={12} className="cc-admin-stack" data-testid="restore-result">
            <Alert type="success" showIcon message={t('backup.resultTitle')} />
            <Alert type="warning" showIcon message={t('backup.signInAgain')} data-testid="restore-sign-in-again" />
            <h3 className="cc-admin-card-title">{t('backup.inserted')}</h3>
            <CountsTable counts={step.report.inserted} testId="restore-inserted" />
            <Typography.Text data-testid="restore-objects">
              {t('backup.objectsRestored', { count: step.report.objects.restored })}
            </Typography.Text>
            {step.report.objects.conflicts.length > 0 && (
              <Typography.Text>{t('backup.objectConflicts', { count: step.report.objects.conflicts.length })}</Typography.Text>
            )}
            <div data-testid="restore-conflicts" data-count={step.report.conflicts.length}>
              <Typography.Text strong>
                {step.report.conflicts.length > 0
                  ? t('backup.conflicts', { count: step.report.conflicts.length })
                  : t('backup.noConflicts')}
              </Typography.Text>
              {step.report.conflicts.length > 0 && (
                <ul
                  style={{ maxHeight: 240, overflow: 'auto', margin: '8px 0 0', paddingInlineStart: 20, overflowWrap: 'anywhere' }}
                  tabIndex={0}
                >
                  {step.report.conflicts.slice(0, CONFLICTS_LISTED).map((conflict) => (
                    <li key={`${conflict.table}/${conflict.id}`}>{t('backup.conflictItem', { table: conflict.table, id: conflict.id })}</li>
                  ))}
                  {step.report.conflicts.length > CONFLICTS_LISTED && <li>…</li>}
                </ul>
              )}
            </div>
            {chooser}
          </Space>
        )}
      </Space>
    </SectionCard>
  );
}
