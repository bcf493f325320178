import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

export function Loading({ label, testId }: { label?: string; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="ce-loading" role="status" data-testid={testId}>
      <span className="cc-spinner" aria-hidden="true" />
      <span>{label ?? t('common:actions.loading')}</span>
    </div>
  );
}
