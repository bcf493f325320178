import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { Field, describedBy } from './field';
import { ExpirySelect, type ExpiryChoice } from './expiry-select';
import { RemarkField } from './remark-field';

interface EditShareFieldsProps {
  /** Prefix of the element ids (from useId). */
  id: string;
  /** Prefix of the test ids, e.g. `edit` → edit-remark, edit-expiry, edit-max-views. */
  testIdPrefix: string;
  remark: string;
  onRemarkChange: (value: string) => void;
  expiry: ExpiryChoice;
  onExpiryChange: (value: ExpiryChoice) => void;
  maxViews: string;
  onMaxViewsChange: (value: string) => void;
  maxViewsHint: string;
  maxViewsError?: string;
}

/** Remark, expiry (with "keep current") and max views: the fields an owner edits on a paste and on a file. */
export function EditShareFields(props: EditShareFieldsProps) {
  const { id, testIdPrefix, maxViewsError } = props;
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <RemarkField id={`${id}-remark`} value={props.remark} onChange={props.onRemarkChange} testId={`${testIdPrefix}-remark`} />
      <Field id={`${id}-expiry`} label={t('share.expiry')}>
        <ExpirySelect id={`${id}-expiry`} value={props.expiry} onChange={props.onExpiryChange} withKeep testId={`${testIdPrefix}-expiry`} />
      </Field>
      <Field id={`${id}-max-views`} label={t('share.maxViews')} hint={props.maxViewsHint} error={maxViewsError}>
        <input
          id={`${id}-max-views`}
          className="cc-input"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={props.maxViews}
          placeholder="0"
          aria-invalid={maxViewsError ? true : undefined}
          aria-describedby={describedBy(`${id}-max-views`, true, maxViewsError)}
          onChange={(event) => props.onMaxViewsChange(event.target.value)}
          data-testid={`${testIdPrefix}-max-views`}
        />
      </Field>
    </>
  );
}
