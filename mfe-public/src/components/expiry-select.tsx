import { useTranslation } from 'react-i18next';
import { PASTE_EXPIRY_OPTIONS, type PasteExpiryId } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';

export type ExpiryChoice = PasteExpiryId | 'keep';

interface ExpirySelectProps {
  id: string;
  value: ExpiryChoice;
  onChange: (value: ExpiryChoice) => void;
  /** Offer "keep the current expiry" first (edit forms). */
  withKeep?: boolean;
  testId?: string;
}

/** Expiry choices of a share (spec §3): 1 hour, 1 day, 7 days, 30 days, never. */
export function ExpirySelect({ id, value, onChange, withKeep, testId }: ExpirySelectProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <select
      id={id}
      className="cc-input"
      value={value}
      data-testid={testId}
      onChange={(event) => onChange(event.target.value as ExpiryChoice)}
    >
      {withKeep && <option value="keep">{t('expiry.keep')}</option>}
      {PASTE_EXPIRY_OPTIONS.map((option) => (
        <option key={option.id} value={option.id}>
          {t(`common:expiry.${option.id}`)}
        </option>
      ))}
    </select>
  );
}
