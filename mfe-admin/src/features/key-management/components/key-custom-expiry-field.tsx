import type { FormRule } from 'antd';
import { ProFormDateTimePicker, ProFormDependency } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';

/** The date picker that appears when a key's expiry is "custom" (required then), in the create and edit dialogs. */
export function KeyCustomExpiryField({ rule }: { rule: FormRule }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ProFormDependency name={['expiry']}>
      {({ expiry }: { expiry?: string }) =>
        expiry === 'custom' ? (
          <ProFormDateTimePicker
            name="custom_expires_at"
            label={t('keys.fieldCustomExpiry')}
            required
            dependencies={['expiry']}
            fieldProps={{ style: { width: '100%' }, showNow: false }}
            rules={[rule]}
          />
        ) : null
      }
    </ProFormDependency>
  );
}
