import { useEffect, useState } from 'react';
import { Form, Input, Radio, Select, Space, Spin } from 'antd';
import { ProForm, ProFormSwitch } from '@ant-design/pro-components';
import { SectionCard } from '../../../components/section-card';
import {
  DEFAULT_PASTE_STORAGE_PER_KEY_MB,
  DEFAULT_PASTE_STORAGE_TOTAL_MB,
  RECOMMENDED_MAX_UPLOAD_SIZE_MB,
  SIZE_UNITS,
  WEBDAV_UPLOAD_MODES,
  megabytesToSizeInput,
  validateSettingsForm,
  type SettingsFormField,
  useKernel,
  errorText,
} from '@cloudclip/shared-kernel';
import { kernelRule } from '../../../lib/validation';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { settingsFormInput, settingsToForm, type SettingsFormValues } from '../api/settings-form';
import { WebdavAddressField } from './webdav-address-field';

/** `100 MB`, `1 GB`: a megabytes value as the form shows it. */
function sizeLabel(megabytes: number): string {
  const size = megabytesToSizeInput(megabytes);
  return `${size.value} ${size.unit}`;
}

/**
 * Max upload size (with a KB/MB/GB unit), the WebDAV address and upload mode, guest pastes and the
 * paste storage limits.
 */
export function SystemSettingsCard() {
  const kernel = useKernel();
  const { t, message, submit, cardFormProps } = useFormSubmit();
  const [initial, setInitial] = useState<SettingsFormValues | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    kernel.api.system
      .settings(controller.signal)
      .then((rows) => setInitial(settingsToForm(rows)))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorText(error, t('common:errors.requestFailed')));
      });
    return () => controller.abort();
  }, [kernel, t]);

  const validate = (values: SettingsFormValues) => validateSettingsForm(settingsFormInput(values));
  const rule = (field: SettingsFormField) => kernelRule<SettingsFormValues, SettingsFormField>(t, field, validate);

  return (
    <SectionCard title={t('settings.systemTitle')} testId="settings-system">
      {loadError && <p role="alert">{loadError}</p>}
      {!initial && !loadError && <Spin />}
      {initial && (
        <ProForm<SettingsFormValues>
          {...cardFormProps('common:actions.save')}
          initialValues={initial}
          onFinish={async (values) => {
            const result = validate(values);
            if (!result.valid) return false;
            return submit(async () => {
              await kernel.api.system.updateSettings({ ...result.value, allow_guest_pastes: values.allow_guest_pastes === true });
              void message.success(t('settings.saved'));
            });
          }}
        >
          <Form.Item
            label={t('settings.maxUploadSize')}
            required
            extra={t('settings.maxUploadSizeHelp', RECOMMENDED_MAX_UPLOAD_SIZE_MB)}
            htmlFor="cc-max-upload-size"
          >
            <Space.Compact>
              <Form.Item name="max_upload_size" noStyle dependencies={['max_upload_size_unit']} rules={[rule('max_upload_size')]}>
                <Input id="cc-max-upload-size" inputMode="numeric" style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="max_upload_size_unit" noStyle rules={[rule('max_upload_size_unit')]}>
                <Select
                  aria-label={t('settings.sizeUnit')}
                  style={{ width: 90 }}
                  options={SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))}
                  data-testid="size-unit"
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <WebdavAddressField help={t('settings.webdavAddressHelp')} />
          <Form.Item
            name="webdav_upload_mode"
            label={t('settings.webdavMode')}
            rules={[rule('webdav_upload_mode')]}
            extra={t('settings.webdavHelp')}
          >
            <Radio.Group aria-label={t('settings.webdavMode')}>
              <Space direction="vertical">
                {WEBDAV_UPLOAD_MODES.map((mode) => (
                  <Radio key={mode} value={mode} data-testid={`webdav-${mode}`}>
                    <strong>{t(`settings.webdav.${mode}`)}</strong>{' '}
                    <span className="cc-admin-muted">{t(`settings.webdavDesc.${mode}`)}</span>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <ProFormSwitch
            name="allow_guest_pastes"
            label={t('settings.guestPastes')}
            extra={t('settings.guestPastesHelp')}
            fieldProps={{ 'aria-label': t('settings.guestPastes') } as never}
          />
          {(
            [
              ['paste_storage_per_key', 'settings.pasteStoragePerKey', 'settings.pasteStoragePerKeyHelp', DEFAULT_PASTE_STORAGE_PER_KEY_MB],
              ['paste_storage_total', 'settings.pasteStorageTotal', 'settings.pasteStorageTotalHelp', DEFAULT_PASTE_STORAGE_TOTAL_MB],
            ] as const
          ).map(([field, label, help, fallback]) => (
            <Form.Item key={field} label={t(label)} required extra={t(help, { size: sizeLabel(fallback) })} htmlFor={`cc-${field}`}>
              <Space.Compact>
                <Form.Item name={field} noStyle dependencies={[`${field}_unit`]} rules={[rule(field)]}>
                  <Input id={`cc-${field}`} inputMode="numeric" style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name={`${field}_unit`} noStyle rules={[rule(`${field}_unit`)]}>
                  <Select
                    aria-label={`${t(label)}: ${t('settings.sizeUnit')}`}
                    style={{ width: 90 }}
                    options={SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))}
                    data-testid={`${field}-unit`}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          ))}
        </ProForm>
      )}
    </SectionCard>
  );
}
