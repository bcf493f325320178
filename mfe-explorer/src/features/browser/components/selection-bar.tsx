import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';

/** What can be done to the checked entries together: copy, delete, or clear the selection. */
export function SelectionBar({
  count,
  onCopy,
  onDelete,
  onClear,
}: {
  count: number;
  onCopy: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="ce-selection" role="region" aria-label={t('selection.label')} data-testid="selection-bar">
      <span>{t('selection.count', { count })}</span>
      <button type="button" className="cc-button" onClick={onCopy} data-testid="batch-copy">
        {t('selection.copy')}
      </button>
      <button type="button" className="cc-button cc-button--danger" onClick={onDelete} data-testid="batch-delete">
        {t('selection.delete')}
      </button>
      <button type="button" className="cc-button" onClick={onClear} data-testid="selection-clear">
        {t('selection.clear')}
      </button>
    </div>
  );
}
