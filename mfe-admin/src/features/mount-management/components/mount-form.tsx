import { ModalForm, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { MOUNT_STORAGE_TYPES, validateMountForm, type Mount, type S3Config, useKernel } from '@cloudclip/shared-kernel';
import { kernelRule } from '../../../lib/validation';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { mountFormInput, mountToForm, type MountFormValues } from '../api/mount-request';

/** Create (mount null) or edit a mount point; every rule of spec §5 comes from the kernel's validateMountForm. */
export function MountForm({
  open,
  mount,
  configs,
  onClose,
  onSaved,
}: {
  open: boolean;
  mount: Mount | null;
  configs: S3Config[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const kernel = useKernel();
  const { t, modalFormProps, save } = useDialogForm(onClose, onSaved);
  if (!open) return null;
  const validate = (values: MountFormValues) => validateMountForm(mountFormInput(values));
  const rule = (field: 'name' | 'storage_type' | 'storage_config_id' | 'mount_path' | 'cache_ttl' | 'sort_order') =>
    kernelRule<MountFormValues, typeof field>(t, field, validate);
  const defaultConfig = configs.find((config) => config.is_default === 1) ?? configs[0];

  return (
    <ModalForm<MountFormValues>
      key={mount?.id ?? 'new'}
      {...modalFormProps(mount ? 'common:actions.save' : 'actions.create')}
      title={t(mount ? 'mounts.editTitle' : 'mounts.createTitle')}
      width={600}
      initialValues={mountToForm(mount, defaultConfig?.id)}
      onFinish={async (values) => {
        const result = validate(values);
        if (!result.valid) return false;
        return save(
          async () => {
            if (mount) await kernel.api.mounts.adminUpdate(mount.id, result.value);
            else await kernel.api.mounts.adminCreate(result.value);
          },
          () => t(mount ? 'mounts.saved' : 'mounts.created'),
        );
      }}
    >
      <ProFormText name="name" label={t('mounts.fieldName')} required rules={[rule('name')]} />
      <ProFormSelect
        name="storage_type"
        label={t('mounts.fieldStorageType')}
        required
        options={MOUNT_STORAGE_TYPES.map((value) => ({ value, label: value }))}
        rules={[rule('storage_type')]}
      />
      <ProFormSelect
        name="storage_config_id"
        label={t('mounts.fieldStorageConfig')}
        required
        options={configs.map((config) => ({ value: config.id, label: `${config.name} (${config.provider_type})` }))}
        rules={[rule('storage_config_id')]}
      />
      <ProFormText
        name="mount_path"
        label={t('mounts.fieldPath')}
        required
        placeholder="/photos"
        tooltip={t('mounts.pathHelp')}
        rules={[rule('mount_path')]}
      />
      <ProFormText name="remark" label={t('mounts.fieldRemark')} />
      <ProFormText
        name="cache_ttl"
        label={t('mounts.fieldCacheTtl')}
        tooltip={t('mounts.cacheTtlHelp')}
        fieldProps={{ inputMode: 'numeric' }}
        rules={[rule('cache_ttl')]}
      />
      <ProFormText
        name="sort_order"
        label={t('mounts.fieldSortOrder')}
        fieldProps={{ inputMode: 'numeric' }}
        rules={[rule('sort_order')]}
      />
      <ProFormSwitch name="is_active" label={t('mounts.fieldActive')} />
    </ModalForm>
  );
}
