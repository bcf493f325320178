import { ModalForm, ProFormDependency, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import {
  API_KEY_EXPIRY_OPTIONS,
  validateApiKeyCreateForm,
  type ApiKeyCreateFormField,
  type ApiKeyCreateResponse,
  useKernel,
} from '@cloudclip/shared-kernel';
import { kernelRule } from '../../../lib/validation';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { KeyCustomExpiryField } from './key-custom-expiry-field';
import { KeyNamePermissionFields } from './key-name-permission-fields';
import { keyCreateInput, type KeyCreateValues } from '../api/key-form';

/** Create an API key with every rule of spec §5 (kernel `validateApiKeyCreateForm`). */
export function KeyCreateForm({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: ApiKeyCreateResponse) => void;
}) {
  const kernel = useKernel();
  const { t, message, modalFormProps, submit } = useDialogForm(onClose);
  if (!open) return null;
  const validate = (values: KeyCreateValues) => validateApiKeyCreateForm(keyCreateInput(values), new Date());
  const rule = (field: ApiKeyCreateFormField) => kernelRule<KeyCreateValues, ApiKeyCreateFormField>(t, field, validate);

  return (
    <ModalForm<KeyCreateValues>
      {...modalFormProps('actions.create')}
      title={t('keys.createTitle')}
      width={580}
      dateFormatter={false}
      initialValues={{
        expiry: '1d',
        text_permission: true,
        file_permission: false,
        mount_permission: false,
        use_custom_key: false,
        basic_path: '/',
      }}
      onFinish={async (values) => {
        const result = validate(values);
        if (!result.valid) return false;
        return submit(async () => {
          const created = await kernel.api.apiKeys.create(result.value);
          void message.success(t('keys.created'));
          onCreated(created);
        });
      }}
    >
      <KeyNamePermissionFields nameRule={rule('name')} mountRule={rule('mount_permission')} />
      <ProFormSwitch name="use_custom_key" label={t('keys.fieldUseCustom')} />
      <ProFormDependency name={['use_custom_key']}>
        {({ use_custom_key }: KeyCreateValues) =>
          use_custom_key ? (
            <ProFormText
              name="custom_key"
              label={t('keys.fieldCustomKey')}
              required
              tooltip={t('keys.customKeyHelp')}
              dependencies={['use_custom_key']}
              rules={[rule('custom_key')]}
            />
          ) : null
        }
      </ProFormDependency>
      <ProFormSelect
        name="expiry"
        label={t('keys.fieldExpiry')}
        allowClear={false}
        required
        options={API_KEY_EXPIRY_OPTIONS.map((option) => ({ value: option.id, label: t(`keys.expiry.${option.id}`) }))}
        rules={[rule('expiry')]}
      />
      <KeyCustomExpiryField rule={rule('custom_expires_at')} />
      <ProFormText name="basic_path" label={t('keys.fieldBasicPath')} tooltip={t('keys.basicPathHelp')} placeholder="/" />
    </ModalForm>
  );
}
