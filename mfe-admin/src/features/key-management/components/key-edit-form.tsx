import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import {
  API_KEY_EXPIRY_OPTIONS,
  validateApiKeyEditForm,
  type ApiKey,
  type ApiKeyEditFormField,
  useKernel,
  useLanguage,
  formatDateTime,
} from '@cloudclip/shared-kernel';
import { isNeverExpiring } from '../../../lib/format';
import { kernelRule } from '../../../lib/validation';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { KeyCustomExpiryField } from './key-custom-expiry-field';
import { KeyNamePermissionFields } from './key-name-permission-fields';
import { keyEditInput, keyToEditValues, type KeyEditValues } from '../api/key-form';

/** Edit an API key (spec §5: name required; custom expiry date required when chosen). The key value never changes. */
export function KeyEditForm({ apiKey, onClose, onSaved }: { apiKey: ApiKey | null; onClose: () => void; onSaved: () => void }) {
  const kernel = useKernel();
  const language = useLanguage();
  const { t, modalFormProps, save } = useDialogForm(onClose, onSaved);
  if (!apiKey) return null;
  const validate = (values: KeyEditValues) => validateApiKeyEditForm(keyEditInput(values), new Date());
  const rule = (field: ApiKeyEditFormField) => kernelRule<KeyEditValues, ApiKeyEditFormField>(t, field, validate);
  const current = isNeverExpiring(apiKey.expires_at) ? t('common.never') : formatDateTime(apiKey.expires_at, language);

  return (
    <ModalForm<KeyEditValues>
      key={apiKey.id}
      {...modalFormProps()}
      title={t('keys.editTitle', { name: apiKey.name })}
      width={580}
      dateFormatter={false}
      initialValues={keyToEditValues(apiKey)}
      onFinish={async (values) => {
        const result = validate(values);
        if (!result.valid) return false;
        return save(
          () => kernel.api.apiKeys.update(apiKey.id, result.value),
          () => t('keys.saved'),
        );
      }}
    >
      <KeyNamePermissionFields nameRule={rule('name')} mountRule={rule('mount_permission')} />
      <ProFormSelect
        name="expiry"
        label={t('keys.fieldExpiry')}
        extra={t('keys.currentExpiry', { value: current })}
        allowClear={false}
        options={[
          { value: 'keep', label: t('keys.expiry.keep') },
          ...API_KEY_EXPIRY_OPTIONS.map((option) => ({ value: option.id, label: t(`keys.expiry.${option.id}`) })),
        ]}
        rules={[rule('expiry')]}
      />
      <KeyCustomExpiryField rule={rule('custom_expires_at')} />
      <ProFormText name="basic_path" label={t('keys.fieldBasicPath')} tooltip={t('keys.basicPathHelp')} placeholder="/" />
    </ModalForm>
  );
}
