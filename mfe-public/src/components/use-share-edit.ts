import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateMaxViews } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';
import type { ExpiryChoice } from './expiry-select';
import { fromValidation, messageText, type FieldMessage } from '../lib/field-message';

/**
 * What an owner's edit of a paste and of a file have in common: the remark, expiry and max views
 * fields (max views checked as it is typed), and the save's busy flag and failure message.
 * `fieldProps` goes to EditShareFields, `formProps` to EditForm.
 */
export function useShareEdit(share: { remark: string | null; maxViews: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const [remark, setRemark] = useState(share.remark ?? '');
  const [expiry, setExpiry] = useState<ExpiryChoice>('keep');
  const [maxViews, setMaxViews] = useState(share.maxViews ? String(share.maxViews) : '');
  const [maxViewsError, setMaxViewsError] = useState<FieldMessage | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Validates max views (the field's value unless given), shows or clears its error, returns the result. */
  const checkMaxViews = (value: string = maxViews) => {
    const result = validateMaxViews(value);
    setMaxViewsError(result.valid ? undefined : fromValidation(result.error));
    return result;
  };

  /**
   * Runs the save: busy meanwhile (and after success, until the form is closed). An error that
   * `claim` does not take (it returns true when it showed the error itself) is shown above the buttons.
   */
  const save = async (work: () => Promise<void>, claim?: (error: unknown) => boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      if (!claim?.(error)) setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return {
    remark,
    expiry,
    maxViews,
    checkMaxViews,
    save,
    formProps: { busy, failure },
    fieldProps: {
      remark,
      onRemarkChange: setRemark,
      expiry,
      onExpiryChange: setExpiry,
      maxViews,
      onMaxViewsChange: (value: string) => {
        setMaxViews(value);
        checkMaxViews(value);
      },
      maxViewsError: messageText(t, maxViewsError),
    },
  };
}
