import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { Field } from './field';

interface RemarkFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  placeholder?: string;
}

/** A share's remark (at most 500 characters): in the share form and where an owner edits a paste or a file. */
export function RemarkField({ id, value, onChange, testId, placeholder }: RemarkFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Field id={id} label={t('share.remark')}>
      <input
        id={id}
        className="cc-input"
        value={value}
        maxLength={500}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </Field>
  );
}
