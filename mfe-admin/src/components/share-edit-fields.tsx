import { ProFormCheckbox, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { formatDateTime, toBoolean, useLanguage, validateCustomSlug, validateMaxViews } from '@cloudclip/shared-kernel';
import { EXPIRY_EDIT_CHOICES } from '../lib/format';
import { fieldRule } from '../lib/validation';
import { NAMESPACE } from '../i18n/resources';

interface ShareEditFieldsProps {
  /** The resource keys of the labels: `text` (pastes) or `files`. */
  labels: 'text' | 'files';
  /** The share being edited: its expiry (for the "currently" hint) and whether it has a password. */
  share: { expires_at: string | null; has_password: Parameters<typeof toBoolean>[0] };
  remarkPlaceholder?: string;
}

/**
 * Remark, link suffix, expiry, max views and password (with "remove the password"): the fields an
 * admin edits on a paste and on a file share, inside their ModalForm.
 */
export function ShareEditFields({ labels, share, remarkPlaceholder }: ShareEditFieldsProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const hasPassword = toBoolean(share.has_password);
  const currentExpiry = share.expires_at ? formatDateTime(share.expires_at, language) : t('common.never');
  return (
    <>
      <ProFormText name="remark" label={t(`${labels}.fieldRemark`)} placeholder={remarkPlaceholder} />
      <ProFormText
        name="slug"
        label={t(`${labels}.fieldSlug`)}
        tooltip={t('text.slugHelp')}
        rules={[fieldRule<string | undefined>(t, (value) => validateCustomSlug(value ?? null))]}
      />
      <ProFormSelect
        name="expiry"
        label={t(`${labels}.fieldExpiry`)}
        extra={t('text.currentExpiry', { value: currentExpiry })}
        allowClear={false}
        options={EXPIRY_EDIT_CHOICES.map((choice) => ({ value: choice, label: t(`expiry.${choice}`) }))}
      />
      <ProFormText
        name="maxViews"
        label={t(`${labels}.fieldMaxViews`)}
        extra={t(`${labels}.maxViewsHelp`)}
        fieldProps={{ inputMode: 'numeric' }}
        rules={[fieldRule<string | undefined>(t, (value) => validateMaxViews(value ?? null))]}
      />
      <ProFormText.Password
        name="password"
        label={t(`${labels}.fieldPassword`)}
        placeholder={t(hasPassword ? 'text.passwordKeep' : 'text.passwordNone')}
        fieldProps={{ autoComplete: 'new-password' }}
      />
      {hasPassword && <ProFormCheckbox name="clearPassword">{t('text.clearPassword')}</ProFormCheckbox>}
    </>
  );
}
