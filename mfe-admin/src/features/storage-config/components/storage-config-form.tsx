import { DrawerForm, ProFormDependency, ProFormSelect, ProFormSwitch, ProFormText, type ProFormInstance } from '@ant-design/pro-components';
import { Form, Input, Select, Space } from 'antd';
import { useRef } from 'react';
import { useKernel } from '@cloudclip/shared-kernel';
import type { S3Config } from '@cloudclip/shared-kernel';
import { formCheckRule } from '../../../lib/validation';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import {
  PROVIDER_TYPES,
  QUOTA_UNITS,
  buildStorageConfigCreate,
  buildStorageConfigUpdate,
  storageConfigToForm,
  validateStorageConfigForm,
  type StorageConfigField,
  type StorageConfigFormValues,
} from '../api/storage-config-form';
import { DEFAULT_SFTP_PORT, isRemoteFileKind, storageKindOf } from '../api/remote-storage-form';
import { SftpFields, WebDavFields } from './remote-storage-fields';

/** The write-only secrets: required on create; on edit a blank one keeps the stored value. */
const SECRET_FIELDS = [
  { name: 'access_key_id', label: 'storage.fieldAccessKey' },
  { name: 'secret_access_key', label: 'storage.fieldSecretKey' },
] as const satisfies ReadonlyArray<{ name: StorageConfigField; label: string }>;

/** Create (config null) or edit a storage configuration. Secrets are write-only: blank = keep. */
export function StorageConfigForm({
  open,
  config,
  onClose,
  onSaved,
}: {
  open: boolean;
  config: S3Config | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const kernel = useKernel();
  const { t, save } = useDialogForm(onClose, onSaved);
  const formRef = useRef<ProFormInstance<StorageConfigFormValues>>();
  const mode = config ? 'edit' : 'create';
  const rule = (field: StorageConfigField) =>
    formCheckRule<StorageConfigFormValues>((values) => {
      const key = validateStorageConfigForm(values, mode)[field];
      return key ? t(key) : null;
    });
  const initialValues: StorageConfigFormValues = config
    ? storageConfigToForm(config)
    : {
        provider_type: 'Other',
        path_style: true,
        is_public: false,
        quota_unit: 'GB',
        quota: '',
        signature_expires_in: '3600',
        sftp_port: String(DEFAULT_SFTP_PORT),
        sftp_auth: 'password',
        host_key_confirmed: false,
      };
  if (!open) return null;

  return (
    <DrawerForm<StorageConfigFormValues>
      key={config?.id ?? 'new'}
      open
      formRef={formRef}
      title={t(config ? 'storage.editTitle' : 'storage.createTitle')}
      width="min(560px, 100vw)"
      drawerProps={{ onClose, destroyOnHidden: true, maskClosable: false }}
      submitter={{
        searchConfig: { submitText: t(config ? 'common:actions.save' : 'actions.create'), resetText: t('common:actions.cancel') },
      }}
      initialValues={initialValues}
      onFinish={async (values) => {
        if (Object.keys(validateStorageConfigForm(values, mode)).length > 0) return false;
        return save(
          async () => {
            if (config) await kernel.api.s3Configs.update(config.id, buildStorageConfigUpdate(values));
            else await kernel.api.s3Configs.create(buildStorageConfigCreate(values));
          },
          () => t(config ? 'storage.saved' : 'storage.created'),
        );
      }}
    >
      <ProFormText name="name" label={t('storage.fieldName')} required rules={[rule('name')]} />
      <ProFormSelect
        name="provider_type"
        label={t('storage.fieldProvider')}
        required
        allowClear={false}
        options={PROVIDER_TYPES.map((value) => ({ value, label: t(`storage.provider.${value.replace(/\s+/g, '')}`) }))}
        rules={[rule('provider_type')]}
      />
      <ProFormDependency name={['provider_type']}>
        {({ provider_type }: StorageConfigFormValues) => {
          const kind = storageKindOf(provider_type);
          if (kind === 'local')
            return (
              <p className="cc-admin-hint" data-testid="local-storage-hint">
                {t('storage.localHint')}
              </p>
            );
          if (kind === 'webdav') return <WebDavFields t={t} editing={!!config} rule={rule} />;
          if (kind === 'sftp') return <SftpFields t={t} editing={!!config} rule={rule} />;
          return (
            <>
              <ProFormText
                name="endpoint_url"
                label={t('storage.fieldEndpoint')}
                required
                placeholder="https://"
                rules={[rule('endpoint_url')]}
              />
              <ProFormText name="bucket_name" label={t('storage.fieldBucket')} required rules={[rule('bucket_name')]} />
              <ProFormText name="region" label={t('storage.fieldRegion')} placeholder="auto" />
              {SECRET_FIELDS.map(({ name, label }) => (
                <ProFormText.Password
                  key={name}
                  name={name}
                  label={t(label)}
                  required={!config}
                  placeholder={config ? t('storage.secretKeep') : undefined}
                  fieldProps={{ autoComplete: 'off' }}
                  rules={[rule(name)]}
                />
              ))}
              <ProFormSwitch name="path_style" label={t('storage.fieldPathStyle')} />
            </>
          );
        }}
      </ProFormDependency>
      <ProFormText name="default_folder" label={t('storage.fieldDefaultFolder')} tooltip={t('storage.defaultFolderHelp')} />
      <Form.Item label={t('storage.fieldQuota')} tooltip={t('storage.quotaHelp')} htmlFor="cc-storage-quota">
        <Space.Compact block>
          <Form.Item name="quota" noStyle rules={[rule('quota')]}>
            <Input id="cc-storage-quota" inputMode="numeric" placeholder={t('storage.quotaDefault')} />
          </Form.Item>
          <Form.Item name="quota_unit" noStyle>
            <Select
              aria-label={t('storage.quotaUnit')}
              style={{ width: 90 }}
              options={QUOTA_UNITS.map((unit) => ({ value: unit, label: unit }))}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <ProFormDependency name={['provider_type']}>
        {({ provider_type }: StorageConfigFormValues) =>
          isRemoteFileKind(storageKindOf(provider_type)) ? null : (
            <ProFormText name="custom_host" label={t('storage.fieldCustomHost')} placeholder="https://" rules={[rule('custom_host')]} />
          )
        }
      </ProFormDependency>
      <ProFormText
        name="signature_expires_in"
        label={t('storage.fieldSignature')}
        fieldProps={{ inputMode: 'numeric' }}
        rules={[rule('signature_expires_in')]}
      />
      <ProFormSwitch name="is_public" label={t('storage.fieldPublic')} tooltip={t('storage.publicHelp')} />
    </DrawerForm>
  );
}
