import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cc-loading" role="status">
      <span className="cc-spinner" aria-hidden="true" />
      <span>{label ?? t('common:actions.loading')}</span>
    </div>
  );
}
