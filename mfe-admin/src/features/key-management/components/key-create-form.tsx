import { App } from 'antd';
import { ModalForm, ProFormDependency, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_EXPIRY_OPTIONS,
  validateApiKeyCreateForm,
  type ApiKeyCreateFormField,
  type ApiKeyCreateResponse,
  useKernel,
  errorText,
} from '@cloudclip/shared-kernel';
import { kernelRule } from '../../../lib/validation';
import { NAMESPACE } from '../../../i18n/resources';
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
  const { t } = useTranslation(NAMESPACE);
  const { message } = App.useApp();
  if (!open) return null;
  const validate = (values: KeyCreateValues) => validateApiKeyCreateForm(keyCreateInput(values), new Date());
  const rule = (field: ApiKeyCreateFormField) => kernelRule<KeyCreateValues, ApiKeyCreateFormField>(t, field, validate);

  return (
    <ModalForm<KeyCreateValues>
      open
      title={t('keys.createTitle')}
      width={580}
      modalProps={{ onCancel: onClose, destroyOnHidden: true, maskClosable: false }}
      submitter={{ searchConfig: { submitText: t('actions.create'), resetText: t('common:actions.cancel') } }}
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
        try {
          const created = await kernel.api.apiKeys.create(result.value);
          void message.success(t('keys.created'));
          onCreated(created);
          return true;
        } catch (error) {
          void message.error(errorText(error, t('common:errors.requestFailed')));
          return false;
        }
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
