import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from 'react-i18next';
import { type BackupRun, type BackupSchedule, errorText, isApiError, type S3Config, toBoolean, useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { scheduleProblems, type BackupApi, type ScheduleField } from '../api/backup-rules';
import { RunsTable } from './runs-table';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** The schedule form (saved with PUT), "Run now" and the recent runs. */
export function ScheduleCard({
  api,
  schedule,
  runs,
  running,
  onChanged,
}: {
  api: BackupApi;
  schedule: BackupSchedule;
  runs: BackupRun[];
  running: boolean;
  onChanged: () => void;
}) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const { message } = App.useApp();
  const [form] = Form.useForm<BackupSchedule>();
  const [configs, setConfigs] = useState<S3Config[]>([]);
  const [saving, setSaving] = useState(false);
  const [starting, setStarting] = useState(false);
  const frequency = Form.useWatch('frequency', form);

  useEffect(() => {
    const controller = new AbortController();
    kernel.api.s3Configs
      .list(controller.signal)
      .then(setConfigs)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) void message.error(errorText(failure, t('common:errors.requestFailed')));
      });
    return () => controller.abort();
  }, [kernel, message, t]);

  /** A field rule that asks the same check the save runs. */
  const rule = (field: ScheduleField) => ({
    validator: async () => {
      const problem = scheduleProblems({ ...schedule, ...form.getFieldsValue(true) })[field];
      if (problem) throw new Error(t(problem));
    },
  });

  const save = async (values: BackupSchedule) => {
    const next: BackupSchedule = {
      ...schedule,
      ...values,
      folder: (values.folder ?? '').trim(),
      storageConfigId: values.storageConfigId ?? null,
    };
    setSaving(true);
    try {
      const saved = await api.saveSchedule(next);
      form.setFieldsValue(saved);
      void message.success(t('backup.saved'));
      onChanged();
    } catch (failure) {
      void message.error(errorText(failure, t('common:errors.requestFailed')));
    } finally {
      setSaving(false);
    }
  };

  const runNow = async () => {
    setStarting(true);
    try {
      await api.runNow();
      void message.success(t('backup.runStarted'));
    } catch (failure) {
      void message.error(
        isApiError(failure) && failure.status === 409 ? t('backup.alreadyRunning') : errorText(failure, t('common:errors.requestFailed')),
      );
    } finally {
      setStarting(false);
      onChanged();
    }
  };

  return (
    <SectionCard title={t('backup.scheduleTitle')} testId="backup-schedule">
      <Form<BackupSchedule>
        form={form}
        name="backup-schedule"
        layout="vertical"
        initialValues={schedule}
        onFinish={(values) => void save(values)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="enabled" label={t('backup.enabled')} valuePropName="checked">
          <Switch
            aria-label={t('backup.enabled')}
            data-testid="schedule-enabled"
            onChange={() => void form.validateFields(['storageConfigId'])}
          />
        </Form.Item>
        <Form.Item name="frequency" label={t('backup.frequency')}>
          <Radio.Group aria-label={t('backup.frequency')}>
            <Radio value="daily" data-testid="schedule-daily">
              {t('backup.daily')}
            </Radio>
            <Radio value="weekly" data-testid="schedule-weekly">
              {t('backup.weekly')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Space wrap size={[16, 0]} align="start">
          {frequency === 'weekly' && (
            <Form.Item name="weekday" label={t('backup.weekday')}>
              <Select
                aria-label={t('backup.weekday')}
                style={{ width: 160 }}
                options={WEEKDAYS.map((day) => ({ value: day, label: t(`backup.weekdays.${day}`) }))}
                data-testid="schedule-weekday"
              />
            </Form.Item>
          )}
          <Form.Item name="hour" label={t('backup.hour')}>
            <Select
              aria-label={t('backup.hour')}
              style={{ width: 160 }}
              options={HOURS.map((hour) => ({ value: hour, label: t('backup.hourOption', { hour: String(hour).padStart(2, '0') }) }))}
              data-testid="schedule-hour"
            />
          </Form.Item>
        </Space>
        <Form.Item name="keep" label={t('backup.keep')} extra={t('backup.keepHelp')} rules={[rule('keep')]}>
          <InputNumber aria-label={t('backup.keep')} style={{ width: 160 }} data-testid="schedule-keep" />
        </Form.Item>
        <Form.Item name="storageConfigId" label={t('backup.storage')} rules={[rule('storageConfigId')]}>
          <Select
            aria-label={t('backup.storage')}
            allowClear
            placeholder={t('backup.storagePlaceholder')}
            options={configs.map((config) => ({
              value: config.id,
              label: toBoolean(config.is_default) ? `${config.name} (${t('storage.default')})` : config.name,
            }))}
            data-testid="schedule-storage"
          />
        </Form.Item>
        <Form.Item name="folder" label={t('backup.folder')} extra={t('backup.folderHelp')} rules={[rule('folder')]}>
          <Input aria-label={t('backup.folder')} data-testid="schedule-folder" />
        </Form.Item>
        <Form.Item name="objects" label={t('backup.scheduleObjects')} valuePropName="checked">
          <Switch aria-label={t('backup.scheduleObjects')} data-testid="schedule-objects" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="schedule-save">
            {t('common:actions.save')}
          </Button>
          <Button icon={<PlayCircleOutlined />} loading={starting || running} onClick={() => void runNow()} data-testid="backup-run-now">
            {t('backup.runNow')}
          </Button>
        </Space>
      </Form>
      <div style={{ marginTop: 24 }}>
        <RunsTable runs={runs} />
      </div>
    </SectionCard>
  );
}
