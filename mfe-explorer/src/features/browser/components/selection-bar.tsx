import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { TextButton } from '../../../components/text-button';

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
      <TextButton onClick={onCopy} testId="batch-copy" label={t('selection.copy')} />
      <TextButton onClick={onDelete} testId="batch-delete" danger label={t('selection.delete')} />
      <TextButton onClick={onClear} testId="selection-clear" label={t('selection.clear')} />
    </div>
  );
}
